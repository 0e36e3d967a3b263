import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { violationSeverityEnum, violationStatusEnum } from "./enums";

/** Automatic fraud signals (e.g. watch progress faster than the clock, device reuse). */
export const fraudDetection = pgTable(
  "fraud_detection",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    adId: integer("ad_id").references(() => ads.id, { onDelete: "set null" }),
    /** e.g. 'watch_too_fast', 'device_reuse', 'rate_limited', 'qr_replay' */
    eventType: text("event_type").notNull(),
    ipAddress: text("ip_address"),
    deviceFingerprint: text("device_fingerprint"),
    /** Details of what was observed. */
    suspiciousActivity: jsonb("suspicious_activity").$type<Record<string, unknown>>().notNull().default({}),
    riskScore: integer("risk_score").notNull().default(0),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("fraud_detection_user_created_idx").on(t.userId, t.createdAt),
    index("fraud_detection_event_type_idx").on(t.eventType, t.createdAt),
    index("fraud_detection_created_idx").on(t.createdAt),
    index("fraud_detection_device_idx").on(t.deviceFingerprint, t.createdAt),
    check("fraud_detection_risk_score_range", sql`${t.riskScore} between 0 and 100`),
  ],
);

/** Anti-cheat cases for admin review (/admin-anti-cheat). */
export const antiCheatViolations = pgTable(
  "anti_cheat_violations",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    violationType: text("violation_type").notNull(),
    violationDescription: text("violation_description"),
    severity: violationSeverityEnum("severity").notNull().default("low"),
    evidenceData: jsonb("evidence_data").$type<Record<string, unknown>>().notNull().default({}),
    status: violationStatusEnum("status").notNull().default("pending"),
    actionTaken: text("action_taken"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: tstz("reviewed_at"),
    reviewNotes: text("review_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("anti_cheat_violations_status_idx").on(t.status, t.createdAt),
    index("anti_cheat_violations_user_id_idx").on(t.userId),
    // One open case per member: new signals add to its evidence instead of opening another.
    uniqueIndex("anti_cheat_violations_one_pending_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type FraudDetection = typeof fraudDetection.$inferSelect;
export type AntiCheatViolation = typeof antiCheatViolations.$inferSelect;
