import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz } from "./columns";
import { companies, companyBranches, companyStaff } from "./companies";
import { redemptionMethodEnum, redemptionStatusEnum } from "./enums";
import { rewards } from "./rewards";

/** Each use of a reward. History: never deleted; one live (pending/complete) redemption per reward. */
export const redemptions = pgTable(
  "redemptions",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "restrict" }),
    rewardId: integer("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "restrict" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    method: redemptionMethodEnum("method").notNull().default("self"),
    status: redemptionStatusEnum("status").notNull().default("complete"),
    proofUrl: text("proof_url"),
    location: text("location"),
    redemptionNumber: text("redemption_number"),
    /** Free-text staff name or code as entered. */
    staffMember: text("staff_member"),
    staffId: integer("staff_id").references(() => companyStaff.id, { onDelete: "set null" }),
    /** The branch it was redeemed at, when counter staff of a branch handled it. */
    branchId: integer("branch_id").references(() => companyBranches.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    deviceFingerprint: text("device_fingerprint"),
    /**
     * When the redemption happened (caps count by this): for a reward QR scanned offline, the time the
     * counter phone claims it was scanned.
     */
    timestamp: tstz("timestamp").notNull().defaultNow(),
    /** When the server received it (later than `timestamp` for a scan sent from a phone's queue). */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redemptions_live_reward_key")
      .on(t.rewardId)
      .where(sql`${t.status} in ('pending', 'complete')`),
    index("redemptions_ad_timestamp_idx").on(t.adId, t.timestamp),
    index("redemptions_user_id_idx").on(t.userId),
    index("redemptions_company_timestamp_idx").on(t.companyId, t.timestamp),
  ],
);

export type Redemption = typeof redemptions.$inferSelect;
export type NewRedemption = typeof redemptions.$inferInsert;
