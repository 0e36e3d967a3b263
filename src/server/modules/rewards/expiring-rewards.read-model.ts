import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { notifications } from "../../db/schema/notifications";
import { rewards } from "../../db/schema/rewards";

/** Unused discounts expiring between now and `until`, soonest first, with what the reminder needs. */
export function findExpiringRewards(db: Executor, now: Date, until: Date, limit: number) {
  return db
    .select({
      rewardId: rewards.id,
      userId: rewards.userId,
      expiresAt: rewards.expiresAt,
      discountPercent: rewards.discountPercent,
      companyName: companies.name,
    })
    .from(rewards)
    .innerJoin(users, eq(users.id, rewards.userId))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .where(
      and(
        eq(rewards.rewardType, "discount"),
        eq(rewards.isUsed, false),
        gt(rewards.expiresAt, now),
        lte(rewards.expiresAt, until),
        eq(users.isActive, true),
        // Already reminded ones leave the batch, so a busy week can't starve the rest.
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${rewards.userId} and ${notifications.dedupeKey} = 'reward_expiring:' || ${rewards.id})`,
      ),
    )
    .orderBy(asc(rewards.expiresAt))
    .limit(limit);
}
