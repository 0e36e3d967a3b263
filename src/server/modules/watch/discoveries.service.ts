import { count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { discoveredCompanies } from "../../db/schema/watch";
import { awardDiscoveryMilestones, type BadgeSourceAd, type NewBadge } from "../badges";

/**
 * The member discovered the ad's company by earning from it. A first discovery can complete a milestone
 * (1, 5, 10, 25 businesses); returns the milestone badges it earned. The caller holds the member's lock,
 * so two discoveries finishing together are counted one after the other and no milestone is missed.
 */
export async function recordDiscovery(
  tx: Executor,
  userId: number,
  ad: BadgeSourceAd,
  now: Date,
): Promise<NewBadge[]> {
  const [firstTime] = await tx
    .insert(discoveredCompanies)
    .values({
      userId,
      companyId: ad.companyId,
      adId: ad.id,
      watchPercentage: 100,
      hasRewards: true,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: discoveredCompanies.id });
  if (!firstTime) return [];
  const [{ discovered }] = (await tx
    .select({ discovered: count() })
    .from(discoveredCompanies)
    .where(eq(discoveredCompanies.userId, userId))) as [{ discovered: number }];
  return awardDiscoveryMilestones(tx, userId, discovered, ad, now);
}

/**
 * Serialises one member's earning (rewards, XP, discoveries) for the rest of the transaction. Taken first,
 * before any row lock, so a member's simultaneous completions queue up instead of deadlocking.
 */
export async function lockMemberEarning(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`member_earning:${userId}`}))`);
}
