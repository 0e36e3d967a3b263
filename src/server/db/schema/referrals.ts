import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { referralStatusEnum } from "./enums";

/** Who invited whom; a user can be referred once. */
export const referrals = pgTable(
  "referrals",
  {
    id: id(),
    referrerId: integer("referrer_id").references(() => users.id, { onDelete: "set null" }),
    referredId: integer("referred_id").references(() => users.id, { onDelete: "set null" }),
    referralCode: text("referral_code").notNull(),
    status: referralStatusEnum("status").notNull().default("pending"),
    rewardGiven: boolean("reward_given").notNull().default(false),
    completedAt: tstz("completed_at"),
    /** Why a referral did not count (self-referral by device or phone). */
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("referrals_referred_id_key").on(t.referredId),
    index("referrals_referrer_id_idx").on(t.referrerId),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

export type Referral = typeof referrals.$inferSelect;
