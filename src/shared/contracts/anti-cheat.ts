import { z } from "zod";
import { riskReason } from "./admin-members";
import { pageNumber } from "./common";
import { idParam, idSchema } from "./ids";

/* The anti-cheat review: the signal feed and the case queue (admins only). */

/** GET /api/admin/fraud/events?type=&userId=&companyId=&device=&from=&to=&page= */
export const fraudEventsQuery = z.object({
  type: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,60}$/, "Unknown signal type")
    .optional(),
  userId: idParam.optional(),
  companyId: idParam.optional(),
  device: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ error: "Use a date and time like 2026-11-01T00:00:00Z" }).optional(),
  to: z.iso.datetime({ error: "Use a date and time like 2026-11-30T23:59:59Z" }).optional(),
  page: pageNumber,
});

export const fraudEventItem = z.object({
  id: idSchema,
  type: z.string(),
  userId: z.number().int().nullable(),
  adId: z.number().int().nullable(),
  ipAddress: z.string().nullable(),
  deviceFingerprint: z.string().nullable(),
  riskScore: z.number().int(),
  /** What was observed, as JSON text. */
  details: z.string(),
  at: z.iso.datetime(),
});
export type FraudEventItem = z.infer<typeof fraudEventItem>;

export const fraudEventsResponse = z.object({
  items: z.array(fraudEventItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The signal types the feed can be filtered by. */
  types: z.array(z.string()),
});
export type FraudEventsResponse = z.infer<typeof fraudEventsResponse>;

export const violationStatus = z.enum(["pending", "reviewed", "actioned", "dismissed"]);
export const violationAction = z.enum(["dismiss", "warn", "suspend", "reverse"]);

/** GET /api/admin/violations?status=pending&page= */
export const violationsQuery = z.object({ status: violationStatus.optional(), page: pageNumber });

export const violationItem = z.object({
  id: idSchema,
  userId: z.number().int().nullable(),
  member: z
    .object({ displayName: z.string(), email: z.string(), anigyeId: z.string(), status: z.string() })
    .nullable(),
  type: z.string(),
  description: z.string().nullable(),
  severity: z.enum(["low", "medium", "high", "critical"]),
  status: violationStatus,
  evidence: z.object({
    score: z.number().int(),
    reasons: z.array(riskReason),
    signals: z.array(fraudEventItem),
  }),
  actionTaken: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ViolationItem = z.infer<typeof violationItem>;

export const violationsResponse = z.object({
  items: z.array(violationItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ViolationsResponse = z.infer<typeof violationsResponse>;

/** POST /api/admin/violations/:id/decision */
export const violationDecisionRequest = z.object({
  action: violationAction,
  notes: z
    .string({ error: "Write a note on what you decided and why" })
    .trim()
    .min(3, "Write a note of at least 3 characters on what you decided and why")
    .max(1000, "Keep the note under 1,000 characters"),
});
export type ViolationDecisionRequest = z.infer<typeof violationDecisionRequest>;

export const violationDecisionResponse = z.object({
  violation: violationItem,
  /** XP taken back by a reversal (0 otherwise). */
  xpReversed: z.number().int(),
  /** Unused rewards withdrawn by a reversal (0 otherwise). */
  rewardsWithdrawn: z.number().int(),
  message: z.string(),
});
export type ViolationDecisionResponse = z.infer<typeof violationDecisionResponse>;
