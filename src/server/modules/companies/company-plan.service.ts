import { and, eq, gt, inArray, isNull, lte, ne } from "drizzle-orm";
import { type PlanId, planIds, planLimits } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { type Company, companies } from "../../db/schema/companies";
import { currentPointsAllocations } from "../settings";

/*
 * The plan columns of a company, as the money module's paid periods set them. A plan's limits (ads,
 * video, duration, points) always come from the plan table together, never one at a time.
 */

/**
 * A plan's limits as the company columns hold them, its monthly points allocation as the platform
 * setting says now (`points_allocation_<plan>`, read in the caller's transaction).
 */
export async function currentPlanLimits(tx: Executor, plan: PlanId) {
  const allocations = await currentPointsAllocations(tx);
  return { ...planLimits(plan), monthlyPointsAllocation: allocations[plan] };
}

/** Puts a plan in effect now (its limits with it). */
export async function putPlanInEffect(tx: Executor, companyId: number, plan: PlanId, now: Date) {
  const [company] = await tx
    .update(companies)
    .set({ ...(await currentPlanLimits(tx, plan)), subscriptionStart: now })
    .where(eq(companies.id, companyId))
    .returning();
  return company!;
}

/** The company has paid through this date. */
export async function setPaidThrough(tx: Executor, companyId: number, paidUntil: Date) {
  await tx.update(companies).set({ paidUntil, paymentStatus: "paid" }).where(eq(companies.id, companyId));
}

/** Companies whose paid period has just run out (their plan hasn't lapsed yet). */
export async function companiesPastPaidPeriod(db: Executor, now: Date, limit = 500): Promise<Company[]> {
  return db
    .select()
    .from(companies)
    .where(
      and(lte(companies.paidUntil, now), eq(companies.paymentStatus, "paid"), isNull(companies.deletedAt)),
    )
    .limit(limit);
}

/** A lapsed plan falls back to Starter's limits and is marked overdue; the company keeps its account. */
export async function lapsePlan(tx: Executor, companyId: number) {
  const [company] = await tx
    .update(companies)
    .set({ ...(await currentPlanLimits(tx, "starter")), paymentStatus: "overdue" })
    .where(eq(companies.id, companyId))
    .returning();
  return company!;
}

/** Companies whose paid period ends in (from, to]: the reminder job's list. */
export async function companiesPaidUntilBetween(db: Executor, from: Date, to: Date): Promise<Company[]> {
  return db
    .select()
    .from(companies)
    .where(
      and(
        gt(companies.paidUntil, from),
        lte(companies.paidUntil, to),
        eq(companies.paymentStatus, "paid"),
        isNull(companies.deletedAt),
      ),
    );
}

/**
 * The monthly reset: each company's allocation column takes its plan's allocation as the platform
 * settings say now, so a changed `points_allocation_<plan>` reaches every business on that plan.
 */
export async function applyPointsAllocations(tx: Executor, allocations: Record<PlanId, number>) {
  for (const plan of planIds) {
    await tx
      .update(companies)
      .set({ monthlyPointsAllocation: allocations[plan] })
      .where(
        and(
          eq(companies.plan, plan),
          ne(companies.monthlyPointsAllocation, allocations[plan]),
          isNull(companies.deletedAt),
        ),
      );
  }
}

/** Every company that can use points this month (not closed), for the monthly allocation reset. */
export async function companiesForAllocation(db: Executor, companyIds?: number[]) {
  return db
    .select({ id: companies.id, plan: companies.plan, allocation: companies.monthlyPointsAllocation })
    .from(companies)
    .where(and(isNull(companies.deletedAt), companyIds ? inArray(companies.id, companyIds) : undefined));
}
