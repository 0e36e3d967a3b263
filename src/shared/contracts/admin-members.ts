import { z } from "zod";
import { type PlanId, planIds } from "../plans";
import { tierIds } from "../tiers";
import { pageNumber } from "./common";
import { idSchema } from "./ids";

/* The admin's home numbers and member management. */

/** A count for every plan, one named property each (a record's keys are not properties to API clients). */
const countPerPlan = z.object(
  Object.fromEntries(planIds.map((plan) => [plan, z.number().int()])) as Record<PlanId, z.ZodNumber>,
);

/** GET /api/admin/overview: the numbers that matter today (Accra days and months). */
export const adminOverviewResponse = z.object({
  members: z.object({ total: z.number().int(), joinedToday: z.number().int() }),
  activeCompaniesByPlan: countPerPlan,
  watchesToday: z.number().int(),
  rewardsToday: z.number().int(),
  redemptionsToday: z.number().int(),
  revenueThisMonthPesewas: z.number().int(),
  /** Pay-per-view campaigns this Accra month: what views were charged, and what reversals refunded. */
  campaignChargesThisMonthPesewas: z.number().int(),
  campaignRefundsThisMonthPesewas: z.number().int(),
  fraudSignalsToday: z.number().int(),
  queues: z.object({
    paymentsWaiting: z.number().int(),
    paymentsFlagged: z.number().int(),
    shareProofs: z.number().int(),
    purchases: z.number().int(),
    violations: z.number().int(),
    /** Cashback withdrawals in review, or waiting to be paid by hand without Paystack. */
    withdrawals: z.number().int(),
  }),
  /** The newest daily comparison of cashback withdrawals with Paystack's transfers: what differs. */
  payoutReconciliation: z.object({
    checkedAt: z.iso.datetime().nullable(),
    differences: z.array(
      z.object({
        reference: z.string(),
        ours: z.string().nullable(),
        theirs: z.string().nullable(),
        oursPesewas: z.number().int().nullable(),
        theirsPesewas: z.number().int().nullable(),
      }),
    ),
  }),
  /** USSD sessions of the last 7 Accra days, oldest first, priced at the admin's per-session setting. */
  ussd: z.object({
    sessionPricePesewas: z.number().int(),
    days: z.array(
      z.object({
        date: z.iso.date(),
        /** Sessions the providers carried. */
        sessions: z.number().int(),
        /** Those sessions at the per-session price. */
        costPesewas: z.number().int(),
        /** Sessions the simulator opened (no provider, no cost). */
        simulated: z.number().int(),
      }),
    ),
    totalSessions: z.number().int(),
    totalCostPesewas: z.number().int(),
  }),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

export const memberStatus = z.enum(["active", "suspended"]);
export const platformRole = z.enum(["user", "staff", "admin"]);

export const adminMemberItem = z.object({
  id: idSchema,
  anigyeId: z.string(),
  displayName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: platformRole,
  status: memberStatus,
  tier: z.enum(tierIds),
  xpPoints: z.number().int(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type AdminMemberItem = z.infer<typeof adminMemberItem>;

/** GET /api/admin/users?q=&page= : q is an Anigye ID, a phone number, or the start of a name or email. */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(100, "Search with at most 100 characters").optional(),
  page: pageNumber,
});
export const adminUsersResponse = z.object({
  items: z.array(adminMemberItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const riskReason = z.object({
  type: z.string(),
  count: z.number().int(),
  points: z.number().int(),
  /** e.g. "3 too-fast watches" */
  text: z.string(),
});
/** GET /api/admin/risk/users/:id and /api/admin/risk/devices/:fingerprint */
export const riskResponse = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(riskReason),
  /** "82: 3 too-fast watches, 4 accounts on this device" */
  summary: z.string(),
});

export const ledgerRowItem = z.object({
  id: idSchema,
  currency: z.enum(["xp", "points", "prize_points"]),
  amount: z.number().int(),
  reason: z.string(),
  sourceType: z.string().nullable(),
  sourceId: z.number().int().nullable(),
  reversesEntryId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});

/** GET /api/admin/users/:id : a member's page. */
export const adminMemberDetailResponse = z.object({
  member: adminMemberItem.extend({
    lifetimeXp: z.number().int(),
    prizePoints: z.number().int(),
    isEmailVerified: z.boolean(),
    isPhoneVerified: z.boolean(),
    isPlus: z.boolean(),
    suspendedAt: z.iso.datetime().nullable(),
    suspensionReason: z.string().nullable(),
    /** The XP ledger's sum, which must equal xpPoints. */
    xpLedgerSum: z.number().int(),
  }),
  risk: riskResponse,
  ledger: z.array(ledgerRowItem),
  rewards: z.array(
    z.object({
      id: idSchema,
      adId: z.number().int(),
      /** The ad's title as it is now, so the page names the reward's ad. */
      adTitle: z.string(),
      companyId: z.number().int(),
      companyName: z.string(),
      rewardType: z.string(),
      xpPointsAwarded: z.number().int(),
      isUsed: z.boolean(),
      expiresAt: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  views: z.array(
    z.object({
      id: idSchema,
      adId: z.number().int(),
      adTitle: z.string(),
      watchedSeconds: z.number(),
      completed: z.boolean(),
      startedAt: z.iso.datetime().nullable(),
      completedAt: z.iso.datetime().nullable(),
      ip: z.string().nullable(),
    }),
  ),
  devices: z.array(
    z.object({
      fingerprint: z.string(),
      accounts: z.number().int(),
      lastSeen: z.iso.datetime().nullable(),
      /** The device's own risk, from every signal seen on it (any account). */
      risk: riskResponse,
    }),
  ),
  violations: z.array(z.object({ id: idSchema, status: z.string(), createdAt: z.iso.datetime() })),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailResponse>;

const reasonText = z
  .string({ error: "Give a reason" })
  .trim()
  .min(3, "Give a reason of at least 3 characters")
  .max(500, "Keep the reason under 500 characters");

/** POST /api/admin/users/:id/status */
export const memberStatusRequest = z.object({ status: memberStatus, reason: reasonText });
export type MemberStatusRequest = z.infer<typeof memberStatusRequest>;

/** POST /api/admin/users/:id/role : make a member platform staff or an admin (admins only). */
export const memberRoleRequest = z.object({ role: platformRole, reason: reasonText });
export type MemberRoleRequest = z.infer<typeof memberRoleRequest>;
