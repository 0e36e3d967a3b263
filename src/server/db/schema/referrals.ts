import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { leaderboardPeriodEnum, referralStatusEnum } from "./enums";

/** Materialised leaderboard rows, one per (period, metric, periodStart, user). */
export const leaderboards = pgTable(
  "leaderboards",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    period: leaderboardPeriodEnum("period").notNull(),
    /** 'xp' | 'discoveries' | 'redemptions' | 'stamps' ... */
    metric: text("metric").notNull(),
    value: integer("value").notNull().default(0),
    rank: integer("rank"),
    /** First day of the period (Africa/Accra); 1970-01-01 for all_time. */
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("leaderboards_period_metric_start_user_key").on(t.period, t.metric, t.periodStart, t.userId),
    index("leaderboards_ranking_idx").on(t.period, t.metric, t.periodStart, t.rank),
    check("leaderboards_rank_positive", sql`${t.rank} > 0`),
  ],
);

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

export type Leaderboard = typeof leaderboards.$inferSelect;
export type Referral = typeof referrals.$inferSelect;
