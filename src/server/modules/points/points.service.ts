import { and, eq, type SQL, sql } from "drizzle-orm";
import { accraDay, accraMonth } from "../../../shared/accra-time";
import type { PlanId } from "../../../shared/plans";
import type { TierId } from "../../../shared/tiers";
import { type Executor, withinTransaction } from "../../db/client";
import { columnNames, executeNamed } from "../../db/prepared";
import { companyPointAllocations, dailyPointLimits, pointTransactions } from "../../db/schema/points";
import { undoAndRetryWhen } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { signInAtCounterAgain } from "../companies";
import { addMonthlyDrawEntry } from "../draws";
import { memberSuspendedAtCounter, prizePointsCreditCtes } from "../ledger";
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
 * What a grant that commits on its own statement re-checks in it, and the counter's log row it writes with
 * the grant (docs/product-rules.md#hot-writes-one-statement).
 */
export interface GrantWrittenAlone {
  /** The member may earn, and the staff member is on duty: re-checked by the grant's statement. */
  memberInGoodStanding: SQL;
  staffOnDuty: SQL;
  /** The use of the member's code staff presented (an update for a CTE), made under the given condition. */
  codeUse: (whenGranted: SQL) => SQL;
  /** The member's prize points as read: whether the grant earns a draw entry is known before it is written. */
  prizePointsRead: number;
  /**
   * The counter's log row, an insert for a CTE, given the answer as the statement knows it (its figures as
   * expressions over the grant's own CTEs) and the condition it is written under (the grant was).
   */
  logRow: (answer: GrantAnswerInSql, whenGranted: SQL) => SQL;
}

/** The grant's answer as its statement knows it: the figures are expressions of the statement. */
export interface GrantAnswerInSql {
  drawEntryEarned: boolean;
  memberPointsToday: SQL;
  allocationRemaining: SQL;
}

/**
 * Grants points from the company's monthly allocation to a member: the settings read (unless the caller
 * read them with the member: grantLimitsSql), then one statement taking both limits, recording the grant
 * and crediting the ledger. Both limits are conditional single-row upserts, taken in the same order every
 * time (allocation, then the member's day), so parallel grants queue instead of overspending or
 * deadlocking. Runs in the caller's transaction; with `alone`, the statement commits on its own (no
 * transaction: the counter's grant), and only a grant that earns a draw entry takes a transaction.
 */
export async function grantPoints(
  db: Executor,
  grant: PointGrant,
  now: Date,
  limitsRead?: GrantLimits,
  alone?: GrantWrittenAlone,
): Promise<GrantOutcome & { loggedRow: Record<string, unknown> | null }> {
  const limits = limitsRead ?? (await grantLimits(db, grant.plan));
  if (!alone) {
    const taken = await takeLimitsAndRecord(db, grant, limits, now);
    return { ...(await settle(db, grant, limits, taken, now)), loggedRow: null };
  }
  const drawEntryEarned = earnsDrawEntry(alone.prizePointsRead, grant.points);
  const write = async (tx: Executor) => {
    const taken = await takeLimitsAndRecord(tx, grant, limits, now, { ...alone, drawEntryEarned });
    return { ...(await settle(tx, grant, limits, taken, now)), loggedRow: taken.loggedRow };
  };
  return drawEntryEarned ? withinTransaction(db, write) : write(db);
}

/** Crossing a hundred earns a draw entry (docs/product-rules.md#points-allocation-and-draw-entries). */
function earnsDrawEntry(pointsBefore: number, points: number): boolean {
  return (
    Math.floor((pointsBefore + points) / pointsPerDrawEntry) > Math.floor(pointsBefore / pointsPerDrawEntry)
  );
}

/** The grant's outcome from what its statement took (its refusal, when it took nothing), with its draw entry. */
async function settle(
  db: Executor,
  grant: PointGrant,
  limits: GrantLimits,
  taken: TakenLimits,
  now: Date,
): Promise<GrantOutcome> {
  if (taken.transactionId === null) {
    if (taken.memberOk === false) throw memberSuspendedAtCounter();
    if (taken.staffOk === false) throw signInAtCounterAgain();
    throw await refusal(db, grant, limits, taken, now);
  }
  const transactionId = taken.transactionId;
  // The credit re-checks the member's standing: a suspension that landed since they were read undoes the grant.
  if (taken.prizePointsAfter === null || taken.tier === null) throw memberSuspendedAtCounter();
  const drawEntryEarned = earnsDrawEntry(taken.prizePointsAfter - grant.points, grant.points);
  if (drawEntryEarned) {
    await addMonthlyDrawEntry(db, grant.userId, taken.tier, now, {
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
  /** The member's day had room for the grant when the statement began (it takes nothing otherwise). */
  dayRoom: boolean;
  /** For a grant written alone: the member may earn, the staff member is on duty (null otherwise). */
  memberOk: boolean | null;
  staffOk: boolean | null;
  /** The log row's `returning`, for a grant written alone. */
  loggedRow: Record<string, unknown> | null;
}

/**
 * One statement: spends the grant from this month's allocation (opening the month with the plan's
 * allocation if no grant or reset has yet), then adds it to the member's day within the daily limit,
 * then writes the point_transactions row and credits it to the member's points; each step only when the
 * one before it was taken, and nothing at all when the member's day has no room. Written alone, it also
 * re-checks who may earn and grant, marks the code used and writes the log row, and undoes itself when
 * anything it read moved (a parallel grant filled the member's day, the draw entry
 * came out other than read): the counter then runs the grant again from a fresh read.
 */
async function takeLimitsAndRecord(
  db: Executor,
  grant: PointGrant,
  limits: GrantLimits,
  now: Date,
  alone?: GrantWrittenAlone & { drawEntryEarned: boolean },
): Promise<TakenLimits> {
  const { year, month } = accraMonth(now);
  const day = accraDay(now);
  const points = sql`${grant.points}::integer`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const limit = sql`${limits.dailyLimit}::integer`;
  const company = sql`${grant.companyId}::integer`;
  const thisMonth = sql`${allocations.companyId} = ${company} and ${allocations.year} = ${year}::integer
    and ${allocations.month} = ${month}::integer`;
  const memberDay = sql`${dayLimits.userId} = ${grant.userId}::integer and ${dayLimits.day} = ${day}::date`;
  const dayRoom = sql`(coalesce((select ${dayLimits.pointsReceived} from ${dailyPointLimits} where ${memberDay}), 0)
    + ${points} <= ${limit})`;
  // A month not opened yet opens only with a grant its allocation covers: a refusal opens nothing.
  const monthCovers = sql`(${limits.allocation}::integer >= ${points}
    or exists (select 1 from ${companyPointAllocations} where ${thisMonth}))`;
  const memberOk = alone?.memberInGoodStanding ?? sql`true`;
  const staffOk = alone?.staffOnDuty ?? sql`true`;
  const granted = sql`exists (select 1 from granted)`;
  const aloneCtes = alone
    ? sql`code_used as (${alone.codeUse(granted)}),
      logged as (${alone.logRow(
        {
          drawEntryEarned: alone.drawEntryEarned,
          memberPointsToday: sql`(select points_received from received)`,
          allocationRemaining: sql`(select remaining_points from spent)`,
        },
        granted,
      )}),`
    : sql``;
  const crossedHundred = sql`(select moved."prizePoints" / ${pointsPerDrawEntry}::integer
    > (moved."prizePoints" - ${points}) / ${pointsPerDrawEntry}::integer from points_moved as moved)`;
  const undone = alone
    ? undoAndRetryWhen(
        sql`exists (select 1 from spent) and not (exists (select 1 from points_moved)
          and exists (select 1 from logged) and ${crossedHundred} = ${sql.raw(String(alone.drawEntryEarned))})`,
        "the member's points or day moved during the grant",
      )
    : sql`false`;
  const { rows } = await executeNamed<TakenLimits>(
    db,
    "point_grant",
    sql`
    with checks as materialized (
      select ${memberOk} as member_ok, ${staffOk} as staff_ok, ${dayRoom} as day_room, ${monthCovers} as month_covers
    ),
    allocation as (
      insert into ${companyPointAllocations} as held (${allocations.companyId}, ${allocations.year}, ${allocations.month},
        ${allocations.allocatedPoints}, ${allocations.usedPoints}, ${allocations.remainingPoints}, ${allocations.plan})
      select ${company}, ${year}::integer, ${month}::integer, ${limits.allocation}::integer,
        ${points}, ${limits.allocation}::integer - ${points}, ${grant.plan}::plan
      from checks where member_ok and staff_ok and day_room and month_covers
      on conflict (${allocations.companyId}, ${allocations.year}, ${allocations.month}) do update
        set ${allocations.usedPoints} = held.${allocations.usedPoints} + ${points},
          ${allocations.remainingPoints} = held.${allocations.remainingPoints} - ${points},
          ${allocations.updatedAt} = ${at}
        where held.${allocations.remainingPoints} >= ${points}
      returning held.${allocations.remainingPoints}
    ),
    spent as (select remaining_points from allocation),
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
      select ${company}, ${grant.userId}::integer, ${points}, ${grant.purchasePesewas ?? null}::integer,
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
    )},
    ${aloneCtes}
    answer as (
      select
        (select remaining_points from spent) as "allocationRemaining",
        (select points_received from received) as "pointsToday",
        (select id from granted) as "transactionId",
        (select ${allocations.remainingPoints} from ${companyPointAllocations} where ${thisMonth}) as "remainingSeen",
        (select ${dayLimits.pointsReceived} from ${dailyPointLimits} where ${memberDay}) as "todaySeen",
        (select "prizePoints" from points_moved) as "prizePointsAfter",
        (select tier from points_moved) as tier,
        (select day_room from checks) as "dayRoom",
        ${alone ? sql`(select member_ok from checks)` : sql`null::boolean`} as "memberOk",
        ${alone ? sql`(select staff_ok from checks)` : sql`null::boolean`} as "staffOk",
        ${alone ? sql`(select to_jsonb(logged) from logged)` : sql`null::jsonb`} as "loggedRow"
    )
    select answer.*, ${undone} as undone from answer`,
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
  // The allocation is checked first: a grant both would refuse is refused for the allocation.
  const seenRemaining = taken.remainingSeen ?? limits.allocation;
  if (taken.allocationRemaining === null && (taken.dayRoom || seenRemaining < grant.points)) {
    const seen = seenRemaining;
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
