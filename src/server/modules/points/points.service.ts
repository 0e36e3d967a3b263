import { and, eq, type SQL, sql } from "drizzle-orm";
import { accraDay, accraMonth } from "../../../shared/accra-time";
import type { PlanId } from "../../../shared/plans";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { columnNames, executeNamed } from "../../db/prepared";
import { companyPointAllocations, dailyPointLimits, pointTransactions } from "../../db/schema/points";
import { AppError } from "../../lib/errors";
import { addMonthlyDrawEntry } from "../draws";
import { prizePointsCreditCtes } from "../ledger";
import {
  currentPointsAllocations,
  numberSettingFrom,
  pointsAllocationKey,
  readNumberSettings,
  storedSettingSql,
} from "../settings";

/**
 * Every 100 points earn a draw entry (docs/product-rules.md#points-allocation-and-draw-entries). The member's
 * daily limit (100 by default) is the `daily_points_limit` setting and a month's allocation the plan's
 * `points_allocation_<plan>`, both read in the grant's transaction, so an admin's change applies to the next
 * grant.
 */
export const pointsPerDrawEntry = 100;

export interface PointGrant {
  companyId: number;
  /** The company's plan: a month not opened yet opens with this plan's allocation now. */
  plan: PlanId;
  userId: number;
  memberName: string;
  points: number;
  purchasePesewas: number | undefined;
  note: string | undefined;
  staffName: string;
  staffId: number | null;
  merchantDevice: string | undefined;
}

export interface GrantOutcome {
  transactionId: number;
  memberPointsToday: number;
  allocationRemaining: number;
  drawEntryEarned: boolean;
}

/**
 * Grants points from the company's monthly allocation to a member, in the caller's transaction: the
 * settings read (unless the caller read them with the member: grantLimitsSql), then one statement taking
 * both limits, recording the grant and crediting the ledger. Both limits are conditional single-row
 * upserts, taken in the same order every time (allocation, then the member's day), so parallel grants
 * queue instead of overspending or deadlocking.
 */
export async function grantPoints(
  tx: Executor,
  grant: PointGrant,
  now: Date,
  limitsRead?: GrantLimits,
): Promise<GrantOutcome> {
  const limits = limitsRead ?? (await grantLimits(tx, grant.plan));
  const taken = await takeLimitsAndRecord(tx, grant, limits, now);
  if (taken.transactionId === null) throw await refusal(tx, grant, limits, taken, now);
  const transactionId = taken.transactionId;
  // The credit re-checks the member's standing: a suspension that landed since they were read undoes the grant.
  if (taken.prizePointsAfter === null || taken.tier === null) {
    throw new AppError(
      "MEMBER_SUSPENDED",
      "This customer's account is suspended, so it can't collect stamps, points or rewards.",
    );
  }
  const before = taken.prizePointsAfter - grant.points;
  const drawEntryEarned =
    Math.floor(taken.prizePointsAfter / pointsPerDrawEntry) > Math.floor(before / pointsPerDrawEntry);
  if (drawEntryEarned) {
    await addMonthlyDrawEntry(tx, grant.userId, taken.tier, now, {
      kind: "points",
      key: `points:${transactionId}`,
    });
  }
  return {
    transactionId,
    memberPointsToday: taken.pointsToday!,
    allocationRemaining: taken.allocationRemaining!,
    drawEntryEarned,
  };
}

export interface GrantLimits {
  /** What this month's allocation opens with, for the company's plan. */
  allocation: number;
  dailyLimit: number;
}

async function grantLimits(tx: Executor, plan: PlanId): Promise<GrantLimits> {
  const allocationKey = pointsAllocationKey(plan);
  const values = await readNumberSettings(tx, [allocationKey, "daily_points_limit"]);
  return { allocation: values[allocationKey], dailyLimit: values.daily_points_limit };
}

/** A grant's limits as stored settings, one JSON value for the statement that finds the member. */
export function grantLimitsSql(plan: PlanId): SQL {
  return sql`json_build_object('allocation', ${storedSettingSql(pointsAllocationKey(plan))},
    'dailyLimit', ${storedSettingSql("daily_points_limit")})`;
}

/** The limits grantLimitsSql read: each stored value, or the setting's default. */
export function grantLimitsFrom(
  plan: PlanId,
  stored: { allocation: string | null; dailyLimit: string | null },
): GrantLimits {
  return {
    allocation: numberSettingFrom(pointsAllocationKey(plan), stored.allocation),
    dailyLimit: numberSettingFrom("daily_points_limit", stored.dailyLimit),
  };
}

/**
 * The columns the grant's statement names, by their schema names: each renders its bare name
 * (`"used_points"`), as an INSERT's column list, `set` and a column of an aliased table need (see columnNames).
 */
const allocations = columnNames(companyPointAllocations);
const dayLimits = columnNames(dailyPointLimits);
const grants = columnNames(pointTransactions);

/** What the grant's statement took, with the limits as it saw them for a refusal's message. */
interface TakenLimits {
  allocationRemaining: number | null;
  pointsToday: number | null;
  /** null when a limit refused: allocationRemaining null means the allocation, else the member's day. */
  transactionId: number | null;
  remainingSeen: number | null;
  todaySeen: number | null;
  /** The member's points balance after the grant's credit, and their tier; null when nothing was credited. */
  prizePointsAfter: number | null;
  tier: TierId | null;
}

/**
 * One statement: spends the grant from this month's allocation (opening the month with the plan's
 * allocation if no grant or reset has yet), then adds it to the member's day within the daily limit,
 * then writes the point_transactions row and credits it to the member's points; each step only when the
 * one before it was taken.
 */
async function takeLimitsAndRecord(
  tx: Executor,
  grant: PointGrant,
  limits: GrantLimits,
  now: Date,
): Promise<TakenLimits> {
  const { year, month } = accraMonth(now);
  const day = accraDay(now);
  const points = sql`${grant.points}::integer`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const limit = sql`${limits.dailyLimit}::integer`;
  // A month opened by this grant with too small an allocation opens unspent (used 0), so it isn't taken.
  // The day's row keeps the limit it was last checked against (the check constraint holds it to it).
  const openingSpend = limits.allocation >= grant.points ? grant.points : 0;
  const { rows } = await executeNamed<TakenLimits>(
    tx,
    "point_grant",
    sql`
    with allocation as (
      insert into ${companyPointAllocations} as held (${allocations.companyId}, ${allocations.year}, ${allocations.month},
        ${allocations.allocatedPoints}, ${allocations.usedPoints}, ${allocations.remainingPoints}, ${allocations.plan})
      values (${grant.companyId}::integer, ${year}::integer, ${month}::integer, ${limits.allocation}::integer,
        ${openingSpend}::integer, ${limits.allocation - openingSpend}::integer, ${grant.plan}::plan)
      on conflict (${allocations.companyId}, ${allocations.year}, ${allocations.month}) do update
        set ${allocations.usedPoints} = held.${allocations.usedPoints} + ${points},
          ${allocations.remainingPoints} = held.${allocations.remainingPoints} - ${points},
          ${allocations.updatedAt} = ${at}
        where held.${allocations.remainingPoints} >= ${points}
      returning held.${allocations.remainingPoints}, held.${allocations.usedPoints}
    ),
    spent as (select remaining_points from allocation where used_points > 0),
    received as (
      insert into ${dailyPointLimits} as today (${dayLimits.userId}, ${dayLimits.day}, ${dayLimits.pointsReceived},
        ${dayLimits.maxPointsPerDay})
      select ${grant.userId}::integer, ${day}::date, ${points}, ${limit} from spent where ${points} <= ${limit}
      on conflict (${dayLimits.userId}, ${dayLimits.day}) do update
        set ${dayLimits.pointsReceived} = today.${dayLimits.pointsReceived} + ${points},
          ${dayLimits.maxPointsPerDay} = ${limit}, ${dayLimits.updatedAt} = ${at}
        where today.${dayLimits.pointsReceived} + ${points} <= ${limit}
      returning today.${dayLimits.pointsReceived}
    ),
    granted as (
      insert into ${pointTransactions} (${grants.fromCompanyId}, ${grants.toUserId}, ${grants.points},
        ${grants.purchaseAmountPesewas}, ${grants.transactionNote}, ${grants.processedByStaff}, ${grants.staffId},
        ${grants.merchantDevice}, ${grants.createdAt})
      select ${grant.companyId}::integer, ${grant.userId}::integer, ${points}, ${grant.purchasePesewas ?? null}::integer,
        ${grant.note ?? null}::text, ${grant.staffName.slice(0, 100)}::text, ${grant.staffId}::integer,
        ${grant.merchantDevice?.slice(0, 200) ?? null}::text, ${at}
      from received
      returning ${grants.id}
    ),
    ${prizePointsCreditCtes(
      {
        userId: grant.userId,
        amount: grant.points,
        reason: "grant",
        idempotencyKey: sql`'points:transaction:' || granted.id`,
        sourceType: "point_transaction",
        sourceId: sql`granted.id`,
        from: sql`granted`,
      },
      now,
    )}
    select
      (select remaining_points from spent) as "allocationRemaining",
      (select points_received from received) as "pointsToday",
      (select id from granted) as "transactionId",
      (select ${allocations.remainingPoints} from ${companyPointAllocations}
        where ${allocations.companyId} = ${grant.companyId}::integer and ${allocations.year} = ${year}::integer
          and ${allocations.month} = ${month}::integer
      ) as "remainingSeen",
      (select ${dayLimits.pointsReceived} from ${dailyPointLimits}
        where ${dayLimits.userId} = ${grant.userId}::integer and ${dayLimits.day} = ${day}::date) as "todaySeen",
      (select "prizePoints" from points_moved) as "prizePointsAfter",
      (select tier from points_moved) as tier`,
  );
  return rows[0]!;
}

/**
 * The refusal of the limit that refused, with what is left. The statement's view of the limits predates
 * any grant it waited for; when that view would have allowed the grant (it lost a race), the limit is read
 * again so the message tells what is really left.
 */
async function refusal(
  tx: Executor,
  grant: PointGrant,
  limits: GrantLimits,
  taken: TakenLimits,
  now: Date,
): Promise<AppError> {
  if (taken.allocationRemaining === null) {
    const seen = taken.remainingSeen ?? limits.allocation;
    const lostRace = seen >= grant.points;
    const remaining = lostRace
      ? (await allocationThisMonth(tx, grant.companyId, grant.plan, now)).remaining
      : seen;
    return allocationUsed(remaining);
  }
  const seen = taken.todaySeen ?? 0;
  const lostRace = seen + grant.points <= limits.dailyLimit;
  const today = lostRace ? await pointsReceivedToday(tx, grant.userId, now) : seen;
  return pointsLimitReached(grant.memberName, limits.dailyLimit, today);
}

function allocationUsed(remaining: number): AppError {
  return new AppError(
    "ALLOCATION_USED",
    remaining === 0
      ? "This shop has used all its points for this month. They renew on the 1st."
      : { message: "This shop has only {remaining} points left this month.", values: { remaining } },
  );
}

function pointsLimitReached(name: string, limit: number, today: number): AppError {
  const left = Math.max(0, limit - today);
  return new AppError(
    "POINTS_LIMIT",
    left === 0
      ? {
          message: "{name} has had the {limit} points a day already. Try again tomorrow.",
          values: { name, limit },
        }
      : {
          message: "{name} can receive only {left} more points today ({limit} a day).",
          values: { name, left, limit },
        },
  );
}

/** The points a member may receive per Accra day from all businesses together, as set now. */
export async function dailyPointsLimit(db: Executor): Promise<number> {
  return (await readNumberSettings(db, ["daily_points_limit"])).daily_points_limit;
}

async function pointsReceivedOn(db: Executor, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ points: dailyPointLimits.pointsReceived })
    .from(dailyPointLimits)
    .where(and(eq(dailyPointLimits.userId, userId), eq(dailyPointLimits.day, day)));
  return row?.points ?? 0;
}

/** Points the member received today (Africa/Accra), of the daily limit. */
export function pointsReceivedToday(db: Executor, userId: number, now: Date): Promise<number> {
  return pointsReceivedOn(db, userId, accraDay(now));
}

/** This month's allocation as it stands, without creating it (before it opens: what it will open with). */
export async function allocationThisMonth(db: Executor, companyId: number, plan: PlanId, now: Date) {
  const { year, month } = accraMonth(now);
  const [row] = await db
    .select()
    .from(companyPointAllocations)
    .where(
      and(
        eq(companyPointAllocations.companyId, companyId),
        eq(companyPointAllocations.year, year),
        eq(companyPointAllocations.month, month),
      ),
    );
  if (row) return { allocated: row.allocatedPoints, used: row.usedPoints, remaining: row.remainingPoints };
  const allocation = (await currentPointsAllocations(db))[plan];
  return { allocated: allocation, used: 0, remaining: allocation };
}
