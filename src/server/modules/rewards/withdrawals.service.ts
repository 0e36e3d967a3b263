import { and, count, eq, gt, gte, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { rewards } from "../../db/schema/rewards";

/** The member's rewards earned from these ads (the anti-cheat review's evidence names the ads). */
export async function memberRewardIdsForAds(
  tx: Executor,
  userId: number,
  adIds: number[],
): Promise<number[]> {
  if (adIds.length === 0) return [];
  const rows = await tx
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.userId, userId), inArray(rewards.adId, adIds)));
  return rows.map((row) => row.id);
}

/**
 * Withdraws rewards that were not used yet by ending them now (they show as expired and the counter
 * refuses them); used ones stay used. Returns how many were withdrawn.
 */
export async function withdrawUnusedRewards(tx: Executor, rewardIds: number[], now: Date): Promise<number> {
  if (rewardIds.length === 0) return 0;
  const withdrawn = await tx
    .update(rewards)
    .set({ expiresAt: now, updatedAt: now })
    .where(
      and(
        inArray(rewards.id, rewardIds),
        eq(rewards.isUsed, false),
        or(isNull(rewards.expiresAt), gt(rewards.expiresAt, now)),
      ),
    )
    .returning({ id: rewards.id });
  return withdrawn.length;
}

/** Rewards issued since a moment and share proofs waiting for staff, for the admin overview. */
export async function rewardFigures(db: Executor, since: Date) {
  const [issued] = await db.select({ n: count() }).from(rewards).where(gte(rewards.createdAt, since));
  const [proofs] = await db
    .select({ n: count() })
    .from(rewards)
    .where(and(eq(rewards.isShared, true), eq(rewards.shareProofStatus, "pending")));
  return { issuedToday: issued?.n ?? 0, shareProofsWaiting: proofs?.n ?? 0 };
}
