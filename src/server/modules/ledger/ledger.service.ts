import { eq, sql } from "drizzle-orm";
import { tierForXp } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { ledgerEntries, users } from "../../db/schema";

export interface XpCredit {
  userId: number;
  amount: number;
  /** Why the XP moved, e.g. "signin_bonus" or "ad_watch". */
  reason: string;
  /** Makes the credit happen at most once, e.g. `signin_bonus:42`. */
  idempotencyKey: string;
  sourceType?: string;
  sourceId?: number;
}

/**
 * Adds an XP ledger row and moves the cached balance, lifetime XP and tier with it.
 * A repeated idempotency key changes nothing and returns false, so retries and races never double-credit.
 * Call inside a transaction when the credit must move together with other rows.
 */
export async function creditXp(db: Executor, credit: XpCredit): Promise<boolean> {
  const inserted = await db
    .insert(ledgerEntries)
    .values({
      userId: credit.userId,
      currency: "xp",
      amount: credit.amount,
      reason: credit.reason,
      idempotencyKey: credit.idempotencyKey,
      sourceType: credit.sourceType,
      sourceId: credit.sourceId,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;

  const [updated] = await db
    .update(users)
    .set({
      xpPoints: sql`${users.xpPoints} + ${credit.amount}`,
      lifetimeXp: sql`${users.lifetimeXp} + greatest(${credit.amount}, 0)`,
    })
    .where(eq(users.id, credit.userId))
    .returning({ lifetimeXp: users.lifetimeXp, tier: users.tier });
  if (updated) {
    const tier = tierForXp(updated.lifetimeXp);
    // Tiers never drop (PRODUCT.md), so only a promotion is written.
    if (tier !== updated.tier && tierRank(tier) > tierRank(updated.tier)) {
      await db.update(users).set({ tier }).where(eq(users.id, credit.userId));
    }
  }
  return true;
}

const tierOrder = ["bronze", "silver", "gold", "diamond"] as const;
function tierRank(tier: (typeof tierOrder)[number]): number {
  return tierOrder.indexOf(tier);
}

/** The ledger is the truth; this sum must always equal the cached users.xpPoints. */
export async function sumXpLedger(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.currency} = 'xp'`);
  return row?.total ?? 0;
}
