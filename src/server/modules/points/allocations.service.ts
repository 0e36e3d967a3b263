import { and, eq, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { companyPointAllocations } from "../../db/schema/points";

export interface AllocationOwner {
  id: number;
  plan: PlanId;
  allocation: number;
}

/**
 * The monthly reset (the 1st, Africa/Accra): each company's allocation for the month starts full. A
 * month already opened (by a grant or an earlier run) is left alone, so running it twice changes nothing.
 * Returns how many months were opened.
 */
export async function openMonthlyAllocations(tx: Executor, owners: AllocationOwner[], now: Date) {
  if (owners.length === 0) return 0;
  const { year, month } = accraMonth(now);
  const opened = await tx
    .insert(companyPointAllocations)
    .values(
      owners.map((owner) => ({
        companyId: owner.id,
        year,
        month,
        allocatedPoints: owner.allocation,
        remainingPoints: owner.allocation,
        plan: owner.plan,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: companyPointAllocations.id });
  return opened.length;
}

/**
 * An upgrade raises this month's allocation to the new plan's at once (the points already used stay
 * used); a downgrade never takes points back mid-month.
 */
export async function raiseAllocationThisMonth(tx: Executor, owner: AllocationOwner, now: Date) {
  await openMonthlyAllocations(tx, [owner], now);
  const { year, month } = accraMonth(now);
  await tx
    .update(companyPointAllocations)
    .set({
      remainingPoints: sql`${companyPointAllocations.remainingPoints} + (${owner.allocation} - ${companyPointAllocations.allocatedPoints})`,
      allocatedPoints: owner.allocation,
      plan: owner.plan,
      updatedAt: now,
    })
    .where(
      and(
        eq(companyPointAllocations.companyId, owner.id),
        eq(companyPointAllocations.year, year),
        eq(companyPointAllocations.month, month),
        sql`${companyPointAllocations.allocatedPoints} < ${owner.allocation}`,
      ),
    );
}
