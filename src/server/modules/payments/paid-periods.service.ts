import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { type PlanId, paidPeriodDays, planIds } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { type Subscription, subscriptions } from "../../db/schema/payments";
import { fitAdsToPlan } from "../ads";
import { setMemberPlus } from "../auth";
import { lockCompany, putPlanInEffect, setPaidThrough } from "../companies";
import { raiseAllocationThisMonth } from "../points";

/*
 * What a paid period grants. Company plans (docs/product-rules.md#payments-paying-for-a-plan): an upgrade
 * takes effect as soon as it is paid; a renewal or a downgrade starts when the paid time runs out. Anigye+
 * periods queue end to end.
 */

const periodMs = paidPeriodDays * 24 * 60 * 60 * 1000;

function planRank(plan: PlanId) {
  return planIds.indexOf(plan);
}

interface Period {
  plan: PlanId;
  startsAt: Date;
  expiresAt: Date;
  /** What the period cost: its unused days are credited at this value. */
  pricePesewas: number;
  subscriptionId?: number;
}

/** The company's paid periods from now on, in order; a period an admin set by hand counts as one. */
async function paidPeriodsAhead(
  tx: Executor,
  company: { id: number; plan: PlanId; paidUntil: Date | null; monthlyPricePesewas: number },
  now: Date,
) {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.companyId, company.id),
        eq(subscriptions.status, "active"),
        gt(subscriptions.expiresAt, now),
      ),
    )
    .orderBy(asc(subscriptions.startsAt));
  const periods: Period[] = rows.map((row) => ({
    plan: row.type as PlanId,
    startsAt: row.startsAt!,
    expiresAt: row.expiresAt!,
    pricePesewas: row.amountPesewas,
    subscriptionId: row.id,
  }));
  const covered = periods.some((period) => period.startsAt <= now);
  if (!covered && company.paidUntil && company.paidUntil > now) {
    periods.unshift({
      plan: company.plan,
      startsAt: now,
      expiresAt: company.paidUntil,
      pricePesewas: company.monthlyPricePesewas,
    });
  }
  return periods;
}

/**
 * Grants a company plan period for a payment that has just succeeded. The company row is locked first,
 * so two payments for one company are granted one after the other.
 */
export async function grantCompanyPeriod(tx: Executor, subscription: Subscription, now: Date) {
  const company = await lockCompany(tx, subscription.companyId!);
  const plan = subscription.type as PlanId;
  const ahead = await paidPeriodsAhead(tx, company, now);
  const current = ahead.find((period) => period.startsAt <= now);
  let startsAt: Date;
  let expiresAt: Date;
  if (current && planRank(plan) > planRank(current.plan)) {
    // The unused days of the current plan become days of the new plan at what each was paid.
    const creditMs = Math.floor(
      ((current.expiresAt.getTime() - now.getTime()) * current.pricePesewas) /
        Math.max(1, subscription.amountPesewas),
    );
    startsAt = now;
    expiresAt = new Date(now.getTime() + periodMs + creditMs);
    await replaceCurrentPeriod(tx, ahead, current, expiresAt, now);
  } else {
    startsAt = ahead.at(-1)?.expiresAt ?? now;
    expiresAt = new Date(startsAt.getTime() + periodMs);
  }
  const inEffect = startsAt <= now;
  await tx
    .update(subscriptions)
    .set({ status: "active", startsAt, expiresAt, inEffectSince: inEffect ? now : null, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  const lastEnd = new Date(
    Math.max(expiresAt.getTime(), ...ahead.filter((p) => p !== current).map((p) => p.expiresAt.getTime())),
  );
  await setPaidThrough(tx, company.id, lastEnd);
  if (inEffect) await startCompanyPlan(tx, company.id, plan, now);
  return { startsAt, expiresAt };
}

/** An upgrade ends the current period now; periods queued after it move back by the time added. */
async function replaceCurrentPeriod(tx: Executor, ahead: Period[], current: Period, newEnd: Date, now: Date) {
  if (current.subscriptionId) {
    await tx
      .update(subscriptions)
      .set({ expiresAt: now, status: "expired", updatedAt: now })
      .where(eq(subscriptions.id, current.subscriptionId));
  }
  const shiftMs = newEnd.getTime() - current.expiresAt.getTime();
  for (const queued of ahead.filter((period) => period.startsAt > now)) {
    queued.startsAt = new Date(queued.startsAt.getTime() + shiftMs);
    queued.expiresAt = new Date(queued.expiresAt.getTime() + shiftMs);
    await tx
      .update(subscriptions)
      .set({ startsAt: queued.startsAt, expiresAt: queued.expiresAt, updatedAt: now })
      .where(eq(subscriptions.id, queued.subscriptionId!));
  }
}

/** Puts a plan in effect: its limits, its ads (paused over the limit, or back when there's room), its points. */
export async function startCompanyPlan(tx: Executor, companyId: number, plan: PlanId, now: Date) {
  const company = await putPlanInEffect(tx, companyId, plan, now);
  await fitAdsToPlan(tx, companyId, company, now);
  // The plan's allocation as the platform setting says now (putPlanInEffect read it in this transaction).
  await raiseAllocationThisMonth(
    tx,
    { id: companyId, plan, allocation: company.monthlyPointsAllocation },
    now,
  );
}

/** Anigye+ for 30 days from the end of the time already paid (or from now). */
export async function grantPlusPeriod(
  tx: Executor,
  subscription: Subscription,
  paidUntil: Date | null,
  now: Date,
) {
  const startsAt = paidUntil && paidUntil > now ? paidUntil : now;
  const expiresAt = new Date(startsAt.getTime() + periodMs);
  await tx
    .update(subscriptions)
    .set({ status: "active", startsAt, expiresAt, inEffectSince: now, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  await setMemberPlus(tx, subscription.userId!, expiresAt, now);
  return { startsAt, expiresAt };
}

/** Company periods queued behind another that have now started (a downgrade or a renewal). */
export async function periodsDueToStart(db: Executor, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.startsAt, now),
        gt(subscriptions.expiresAt, now),
        isNull(subscriptions.inEffectSince),
      ),
    )
    .limit(500);
}

export async function markPeriodInEffect(tx: Executor, subscriptionId: number, now: Date) {
  await tx
    .update(subscriptions)
    .set({ inEffectSince: now, updatedAt: now })
    .where(eq(subscriptions.id, subscriptionId));
}

/** Periods whose time is over are marked expired (history keeps them). */
export async function expireEndedPeriods(tx: Executor, now: Date) {
  await tx
    .update(subscriptions)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(subscriptions.status, "active"), lte(subscriptions.expiresAt, now)));
}
