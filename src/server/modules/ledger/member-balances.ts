import { eq, type SQL, sql } from "drizzle-orm";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
// The balance columns of users (xp_points, lifetime_xp, tier) are the ledger's cached sums; this file is
// the one place outside the auth module allowed to touch the users table, and only those columns.
import { users } from "../../db/schema/auth";

export interface MemberStanding {
  xpPoints: number;
  lifetimeXp: number;
  tier: TierId;
}

/**
 * A condition for the statement that credits a member: a suspended (or closed) account earns nothing.
 * Part of the credit's own statement, so it costs no round trip of its own.
 */
export function memberInGoodStanding(userId: number): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.isActive} and ${users.deletedAt} is null)`;
}

/** Moves the cached XP balance (and lifetime XP for a gain) in the caller's transaction. */
export async function moveXpBalance(tx: Executor, userId: number, amount: number) {
  const [updated] = await tx
    .update(users)
    .set({
      xpPoints: sql`${users.xpPoints} + ${amount}`,
      lifetimeXp: sql`${users.lifetimeXp} + greatest(${amount}, 0)`,
    })
    .where(eq(users.id, userId))
    .returning({ xpPoints: users.xpPoints, lifetimeXp: users.lifetimeXp, tier: users.tier });
  return updated as MemberStanding | undefined;
}

export async function setCachedTier(tx: Executor, userId: number, tier: TierId): Promise<void> {
  await tx.update(users).set({ tier }).where(eq(users.id, userId));
}

export async function readStanding(db: Executor, userId: number): Promise<MemberStanding | undefined> {
  const [row] = await db
    .select({ xpPoints: users.xpPoints, lifetimeXp: users.lifetimeXp, tier: users.tier })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Moves the cached counter-points balance; the check constraint refuses a negative balance. */
export async function movePrizePoints(
  tx: Executor,
  userId: number,
  amount: number,
): Promise<number | undefined> {
  const [updated] = await tx
    .update(users)
    .set({ prizePoints: sql`${users.prizePoints} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ prizePoints: users.prizePoints });
  return updated?.prizePoints;
}

export async function readPrizePoints(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ prizePoints: users.prizePoints }).from(users).where(eq(users.id, userId));
  return row?.prizePoints ?? 0;
}

/**
 * Takes up to `amount` XP back from a member (row locked), never below zero; returns what was taken.
 * Lifetime XP drops with it; the cached tier does not (tiers never drop).
 */
export async function takeXpBack(tx: Executor, userId: number, amount: number): Promise<number> {
  const [held] = await tx
    .select({ xpPoints: users.xpPoints })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  const taken = Math.min(amount, held?.xpPoints ?? 0);
  if (taken <= 0) return 0;
  await tx
    .update(users)
    .set({
      xpPoints: sql`${users.xpPoints} - ${taken}`,
      lifetimeXp: sql`greatest(${users.lifetimeXp} - ${taken}, 0)`,
    })
    .where(eq(users.id, userId));
  return taken;
}
