import { type SQL, sql } from "drizzle-orm";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { executeNamed } from "../../db/prepared";
import { ledgerEntries, userTiers } from "../../db/schema/ledger";
import {
  type MemberStanding,
  memberInGoodStanding,
  prizePointsMove,
  readPrizePoints,
  readStanding,
  xpBalanceMove,
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
  return (await creditXpForStanding(db, credit, now)) !== undefined;
}

/**
 * creditXp returning the member's balance and tier after the credit (undefined when nothing was
 * written), for a caller that needs the tier next, so it needs no read of its own. One statement.
 */
export function creditXpForStanding(
  db: Executor,
  credit: XpCredit,
  now: Date = new Date(),
): Promise<MemberStanding | undefined> {
  return appendXpMovingBalance(db, memberRowInsert("xp", credit), now);
}

const entry = sql`${sql.identifier("entry")}`;

/**
 * One statement: the ledger row's insert, then (only when the row was written) the cached balance,
 * lifetime XP and tier moving with it. A gain that takes lifetime XP over a tier threshold also records
 * the promotion in user_tiers, when the tier now held is higher than the one recorded there (a member
 * earning back XP taken from them reaches no new tier).
 */
async function appendXpMovingBalance(db: Executor, rowInsert: SQL, now: Date) {
  const { rows } = await executeNamed<MemberStanding>(
    db,
    "xp_credit",
    sql`
    with ${entry} as (${rowInsert}),
    moved as (${xpBalanceMove(entry, now)}),
    promoted as (${promotionRecord(sql`moved`, now)})
    select "xpPoints", "lifetimeXp", tier from moved`,
  );
  return rows[0];
}

/** Records in user_tiers each promotion among `moved` (xpBalanceMove's rows): those that crossed a tier. */
function promotionRecord(moved: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
      insert into ${userTiers} as recorded (user_id, current_tier, tier_achieved_at)
      select user_id, tier, ${at} from ${moved} where crossed
      on conflict (user_id) do update
        set current_tier = excluded.current_tier, tier_achieved_at = excluded.tier_achieved_at, updated_at = ${at}
        where recorded.current_tier < excluded.current_tier`;
}

/**
 * A credit (XP or points) keyed by a row another module's statement writes: its idempotency key and source id are
 * expressions over `from` (a common table expression of that statement holding one row or none).
 */
export interface CreditFromRow {
  userId: number;
  amount: number;
  reason: string;
  /** e.g. sql`'stamp:check_in:' || check_in.id` */
  idempotencyKey: SQL;
  sourceType: string;
  sourceId: SQL;
  from: SQL;
}

/**
 * creditXp as common table expressions (`xp_entry`, `xp_moved`, `xp_promoted`) for the `with` list of
 * the statement that writes the credit's source row, so the credit sends no statement of its own. That
 * statement must not update the member's users row anywhere else (a row changes once per statement).
 */
export function xpCreditCtes(credit: CreditFromRow, now: Date): SQL {
  const xpEntry = sql`${sql.identifier("xp_entry")}`;
  return sql`${xpEntry} as (${memberRowInsert("xp", credit)}),
    xp_moved as (${xpBalanceMove(xpEntry, now)}),
    xp_promoted as (${promotionRecord(sql`xp_moved`, now)})`;
}

/**
 * The insert of a member's ledger row, returning its user_id and amount (no row when it isn't written):
 * once per idempotency key, and for a gain only while the member is in good standing (a suspended
 * account earns nothing; taking XP back still works). A credit keyed by another statement's row
 * (CreditFromRow) is written once per row of its `from`.
 */
function memberRowInsert(currency: "xp" | "prize_points", credit: XpCredit | CreditFromRow): SQL {
  const amount = sql`${credit.amount}::integer`;
  const keyed =
    "from" in credit
      ? { key: credit.idempotencyKey, sourceId: credit.sourceId, from: sql`from ${credit.from}` }
      : { key: sql`${credit.idempotencyKey}`, sourceId: sql`${credit.sourceId ?? null}`, from: sql`` };
  return sql`
    insert into ${ledgerEntries} (user_id, currency, amount, reason, idempotency_key, source_type, source_id)
    select ${credit.userId}::integer, ${currency}::ledger_currency, ${amount}, ${credit.reason}::text,
      (${keyed.key})::text, ${credit.sourceType ?? null}::text, (${keyed.sourceId})::integer
    ${keyed.from}
    where ${amount} <= 0 or ${memberInGoodStanding(credit.userId)}
    on conflict do nothing
    returning user_id, amount`;
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
 * Adds a counter-points ledger row for a member and moves their cached balance with it, in one
 * statement. Returns the balance before and after and the member's tier, or undefined when the
 * idempotency key was already used or the member may not earn.
 */
export async function creditPrizePoints(
  tx: Executor,
  credit: XpCredit,
  now: Date = new Date(),
): Promise<{ before: number; after: number; tier: TierId } | undefined> {
  const { rows } = await executeNamed<{ prizePoints: number; tier: TierId }>(
    tx,
    "prize_points_credit",
    sql`
    with ${entry} as (${memberRowInsert("prize_points", credit)})
    ${prizePointsMove(entry, now)}`,
  );
  const [moved] = rows;
  if (!moved) return undefined;
  return { before: moved.prizePoints - credit.amount, after: moved.prizePoints, tier: moved.tier };
}

/**
 * creditPrizePoints as common table expressions (`points_entry`, `points_moved`) for the `with` list of the
 * statement that writes the grant the points come from; `points_moved` holds the member's balance after it
 * ("prizePoints") and their tier, or no row when nothing was credited (a used key, a suspended member).
 */
export function prizePointsCreditCtes(credit: CreditFromRow, now: Date): SQL {
  const pointsEntry = sql`${sql.identifier("points_entry")}`;
  return sql`${pointsEntry} as (${memberRowInsert("prize_points", credit)}),
    points_moved as (${prizePointsMove(pointsEntry, now)})`;
}

export function memberPrizePoints(db: Executor, userId: number): Promise<number> {
  return readPrizePoints(db, userId);
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
