import { and, eq, sql } from "drizzle-orm";
import { accraDay, accraMonth } from "../../../shared/accra-time";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { companyPointAllocations, dailyPointLimits, pointTransactions } from "../../db/schema/points";
import { AppError } from "../../lib/errors";
import { addMonthlyDrawEntry } from "../draws";
import { creditPrizePoints, memberStanding } from "../ledger";
import { currentPointsAllocations, readNumberSettings } from "../settings";

/**
 * PRODUCT.md: every 100 points earn a draw entry. The member's daily limit (100 by default) is the
 * `daily_points_limit` setting and a month's allocation the plan's `points_allocation_<plan>`, both read
 * in the grant's transaction, so an admin's change applies to the next grant.
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
 * Grants points from the company's monthly allocation to a member, in the caller's transaction. Both
 * limits are conditional single-row updates, taken in the same order every time (allocation, then the
 * member's day), so parallel grants queue instead of overspending or deadlocking.
 */
export async function grantPoints(tx: Executor, grant: PointGrant, now: Date): Promise<GrantOutcome> {
  const allocationRemaining = await spendAllocation(tx, grant, now);
  const memberPointsToday = await receiveToday(tx, grant, now);
  const [row] = await tx
    .insert(pointTransactions)
    .values({
      fromCompanyId: grant.companyId,
      toUserId: grant.userId,
      points: grant.points,
      purchaseAmountPesewas: grant.purchasePesewas,
      transactionNote: grant.note,
      processedByStaff: grant.staffName.slice(0, 100),
      staffId: grant.staffId,
      merchantDevice: grant.merchantDevice?.slice(0, 200),
      createdAt: now,
    })
    .returning({ id: pointTransactions.id });
  const balance = await creditPrizePoints(tx, {
    userId: grant.userId,
    amount: grant.points,
    reason: "grant",
    idempotencyKey: `points:transaction:${row!.id}`,
    sourceType: "point_transaction",
    sourceId: row!.id,
  });
  const drawEntryEarned =
    balance !== undefined &&
    Math.floor(balance.after / pointsPerDrawEntry) > Math.floor(balance.before / pointsPerDrawEntry);
  if (drawEntryEarned) {
    const standing = await memberStanding(tx, grant.userId);
    await addMonthlyDrawEntry(tx, grant.userId, standing.tier, now, {
      kind: "points",
      key: `points:${row!.id}`,
    });
  }
  return { transactionId: row!.id, memberPointsToday, allocationRemaining, drawEntryEarned };
}

async function spendAllocation(tx: Executor, grant: PointGrant, now: Date): Promise<number> {
  const { year, month } = accraMonth(now);
  // Before the monthly reset has run (or for a business new this month), the first grant opens the month.
  const allocation = (await currentPointsAllocations(tx))[grant.plan];
  await tx
    .insert(companyPointAllocations)
    .values({
      companyId: grant.companyId,
      year,
      month,
      allocatedPoints: allocation,
      remainingPoints: allocation,
      plan: grant.plan,
    })
    .onConflictDoNothing();
  const thisMonth = and(
    eq(companyPointAllocations.companyId, grant.companyId),
    eq(companyPointAllocations.year, year),
    eq(companyPointAllocations.month, month),
  );
  const [spent] = await tx
    .update(companyPointAllocations)
    .set({
      usedPoints: sql`${companyPointAllocations.usedPoints} + ${grant.points}`,
      remainingPoints: sql`${companyPointAllocations.remainingPoints} - ${grant.points}`,
      updatedAt: now,
    })
    .where(and(thisMonth, sql`${companyPointAllocations.remainingPoints} >= ${grant.points}`))
    .returning({ remaining: companyPointAllocations.remainingPoints });
  if (spent) return spent.remaining;
  const [left] = await tx
    .select({ remaining: companyPointAllocations.remainingPoints })
    .from(companyPointAllocations)
    .where(thisMonth);
  const remaining = left?.remaining ?? 0;
  throw new AppError(
    "ALLOCATION_USED",
    remaining === 0
      ? "This shop has used all its points for this month. They renew on the 1st."
      : { message: "This shop has only {remaining} points left this month.", values: { remaining } },
  );
}

async function receiveToday(tx: Executor, grant: PointGrant, now: Date): Promise<number> {
  const day = accraDay(now);
  const limit = await dailyPointsLimit(tx);
  // The day's row keeps the limit it was last checked against (the check constraint holds the row to it).
  const withinLimit = sql`${dailyPointLimits.pointsReceived} + ${grant.points} <= ${limit}`;
  const [received] =
    grant.points > limit
      ? []
      : await tx
          .insert(dailyPointLimits)
          .values({ userId: grant.userId, day, pointsReceived: grant.points, maxPointsPerDay: limit })
          .onConflictDoUpdate({
            target: [dailyPointLimits.userId, dailyPointLimits.day],
            set: {
              pointsReceived: sql`${dailyPointLimits.pointsReceived} + ${grant.points}`,
              maxPointsPerDay: limit,
              updatedAt: now,
            },
            setWhere: withinLimit,
          })
          .returning({ pointsReceived: dailyPointLimits.pointsReceived });
  if (received) return received.pointsReceived;
  const today = await pointsReceivedOn(tx, grant.userId, day);
  const left = Math.max(0, limit - today);
  throw new AppError(
    "POINTS_LIMIT",
    left === 0
      ? {
          message: "{name} has had the {limit} points a day already. Try again tomorrow.",
          values: { name: grant.memberName, limit },
        }
      : {
          message: "{name} can receive only {left} more points today ({limit} a day).",
          values: { name: grant.memberName, left, limit },
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
