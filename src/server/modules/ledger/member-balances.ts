import { eq, type SQL, sql } from "drizzle-orm";
import { type TierId, tierIds, tierThresholds } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
// The balance columns of users (xp_points, lifetime_xp, tier) are the ledger's cached sums; this file is
// the one place outside the auth module allowed to touch the users table, and only those columns.
import { users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";

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

/**
 * The member's new tier for a credit: the tier their new lifetime XP earns, never below the tier they
 * hold (tiers never drop). The tier enum is declared in rank order, so `greatest` picks the higher one.
 */
function tierAfterGain(gain: SQL): SQL {
  return sql`greatest(${users.tier}, ${tierEarnedBy(sql`${users.lifetimeXp} + ${gain}`)})`;
}

function tierEarnedBy(lifetimeXp: SQL): SQL {
  const steps = [...tierIds]
    .reverse()
    .map((tier) => sql`when ${lifetimeXp} >= ${tierThresholds[tier]}::integer then ${tier}`);
  return sql`(case ${sql.join(steps, sql` `)} end)::tier`;
}

/**
 * Moves the cached XP balance (and lifetime XP for a gain, and the tier with it) by the ledger rows in
 * `entry`, a CTE of (user_id, amount) earlier in the credit's own statement: the UPDATE … RETURNING
 * part of that statement. Returns the member's standing after it, and `crossed` when the gain took
 * lifetime XP over a tier threshold.
 */
export function xpBalanceMove(entry: SQL, now: Date): SQL {
  const gain = sql`greatest(${entry}.amount, 0)`;
  return sql`
    update ${users} set
      xp_points = ${users.xpPoints} + ${entry}.amount,
      lifetime_xp = ${users.lifetimeXp} + ${gain},
      tier = ${tierAfterGain(gain)},
      updated_at = ${now.toISOString()}::timestamptz
    from ${entry} where ${users.id} = ${entry}.user_id
    returning ${users.id} as user_id, ${users.xpPoints} as "xpPoints", ${users.lifetimeXp} as "lifetimeXp",
      ${users.tier} as tier,
      ${tierEarnedBy(sql`${users.lifetimeXp}`)} > ${tierEarnedBy(sql`${users.lifetimeXp} - ${gain}`)} as crossed`;
}

/**
 * Moves the cached counter-points balance by the ledger rows in `entry`, as xpBalanceMove does (the
 * check constraint refuses a negative balance). Returns the new balance and the member's tier.
 */
export function prizePointsMove(entry: SQL, now: Date): SQL {
  return sql`
    update ${users} set
      prize_points = ${users.prizePoints} + ${entry}.amount,
      updated_at = ${now.toISOString()}::timestamptz
    from ${entry} where ${users.id} = ${entry}.user_id
    returning ${users.prizePoints} as "prizePoints", ${users.tier} as tier`;
}

export async function readStanding(db: Executor, userId: number): Promise<MemberStanding | undefined> {
  const [row] = await db
    .select({ xpPoints: users.xpPoints, lifetimeXp: users.lifetimeXp, tier: users.tier })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The counter's refusal for a member not in good standing (memberInGoodStanding). */
export function memberSuspendedAtCounter(): AppError {
  return new AppError(
    "MEMBER_SUSPENDED",
    "This customer's account is suspended, so it can't collect stamps, points or rewards.",
  );
}

/** A member's prize points balance, as an expression of the caller's statement (`userId` an expression of it). */
export function memberPrizePointsSql(userId: SQL): SQL {
  return sql`(select ${users.prizePoints} from ${users} where ${users.id} = ${userId})`;
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
