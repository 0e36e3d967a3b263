import { sql } from "drizzle-orm";
import { type TierId, tierForXp, tierIds } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { ledgerEntries, userTiers } from "../../db/schema/ledger";
import {
  type MemberStanding,
  memberInGoodStanding,
  movePrizePoints,
  moveXpBalance,
  readPrizePoints,
  readStanding,
  setCachedTier,
} from "./member-balances";

export type { MemberStanding } from "./member-balances";

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
 * Adds an XP ledger row and moves the cached balance, lifetime XP and tier with it. The ledger is the
 * only writer of XP and tiers. A repeated idempotency key changes nothing and returns false, so retries
 * and races never double-credit. Call inside a transaction when the credit must move with other rows.
 */
export async function creditXp(db: Executor, credit: XpCredit, now: Date = new Date()): Promise<boolean> {
  if (!(await appendMemberRow(db, "xp", credit))) return false;

  const updated = await moveXpBalance(db, credit.userId, credit.amount);
  if (updated) await promoteIfEarned(db, credit.userId, updated, now);
  return true;
}

/**
 * Appends a member's ledger row (false when it wasn't written): once per idempotency key, and for a
 * gain only while the member is in good standing (a suspended account earns nothing; taking XP back
 * still works), in one statement.
 */
async function appendMemberRow(db: Executor, currency: "xp" | "prize_points", credit: XpCredit) {
  const amount = sql`${credit.amount}::integer`;
  const written = await db
    .execute<{ id: number }>(sql`
    insert into ${ledgerEntries} (user_id, currency, amount, reason, idempotency_key, source_type, source_id)
    select ${credit.userId}::integer, ${currency}::ledger_currency, ${amount}, ${credit.reason}::text,
      ${credit.idempotencyKey}::text, ${credit.sourceType ?? null}::text, ${credit.sourceId ?? null}::integer
    where ${amount} <= 0 or ${memberInGoodStanding(credit.userId)}
    on conflict do nothing
    returning id`)
    .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  return written.length > 0;
}

/** Tiers never drop (PRODUCT.md), so only a promotion is written, with the moment it was reached. */
async function promoteIfEarned(db: Executor, userId: number, standing: MemberStanding, now: Date) {
  const earned = tierForXp(standing.lifetimeXp);
  if (tierRank(earned) <= tierRank(standing.tier)) return;
  await setCachedTier(db, userId, earned);
  await db
    .insert(userTiers)
    .values({ userId, currentTier: earned, tierAchievedAt: now })
    .onConflictDoUpdate({ target: userTiers.userId, set: { currentTier: earned, tierAchievedAt: now } });
}

function tierRank(tier: TierId): number {
  return tierIds.indexOf(tier);
}

/** A member's XP balance and tier as they stand now (read inside a transaction to see its credits). */
export async function memberStanding(db: Executor, userId: number): Promise<MemberStanding> {
  const standing = await readStanding(db, userId);
  return standing ?? { xpPoints: 0, lifetimeXp: 0, tier: "bronze" };
}

/** The ledger is the truth; this sum must always equal the cached users.xpPoints. */
export async function sumXpLedger(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.currency} = 'xp'`);
  return row?.total ?? 0;
}

/**
 * Adds a counter-points ledger row for a member and moves their cached balance in the same transaction.
 * Returns the balance before and after, or undefined when the idempotency key was already used.
 */
export async function creditPrizePoints(
  tx: Executor,
  credit: XpCredit,
): Promise<{ before: number; after: number } | undefined> {
  if (!(await appendMemberRow(tx, "prize_points", credit))) return undefined;
  const after = await movePrizePoints(tx, credit.userId, credit.amount);
  if (after === undefined) return undefined;
  return { before: after - credit.amount, after };
}

export function memberPrizePoints(db: Executor, userId: number): Promise<number> {
  return readPrizePoints(db, userId);
}

export async function sumPrizePointsLedger(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.currency} = 'prize_points'`);
  return row?.total ?? 0;
}

/** A completed stamp card is one completed loyalty cycle (user_tiers.completedCycles). */
export async function recordCompletedCycle(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .insert(userTiers)
    .values({ userId, completedCycles: 1, tierAchievedAt: now })
    .onConflictDoUpdate({
      target: userTiers.userId,
      set: { completedCycles: sql`${userTiers.completedCycles} + 1` },
    });
}
