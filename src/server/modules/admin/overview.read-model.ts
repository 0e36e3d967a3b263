import { startOfAccraDay } from "../../../shared/accra-time";
import type { AdminOverview } from "../../../shared/contracts/admin-members";
import { planIds } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { countMembers } from "../auth";
import { countActiveCompaniesByPlan } from "../companies";
import { countPendingViolations, countSignalsSince } from "../fraud";
import { paymentFigures } from "../payments";
import { countPendingPurchases } from "../purchases";
import { countRedemptionsSince } from "../redemptions";
import { rewardFigures } from "../rewards";
import { countCompletedViewsSince } from "../watch";

/** The first moment of the Accra month (Ghana keeps UTC all year). */
function startOfAccraMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The admin's home: today's numbers and the queues waiting, each counted in SQL by its module. */
export async function adminOverview(db: Executor, now: Date): Promise<AdminOverview> {
  const today = startOfAccraDay(now);
  const [members, byPlan, watches, rewards, redemptions, money, signals, purchases, violations] =
    await Promise.all([
      countMembers(db, today),
      countActiveCompaniesByPlan(db),
      countCompletedViewsSince(db, today),
      rewardFigures(db, today),
      countRedemptionsSince(db, today),
      paymentFigures(db, startOfAccraMonth(now)),
      countSignalsSince(db, today),
      countPendingPurchases(db),
      countPendingViolations(db),
    ]);
  const plans = Object.fromEntries(planIds.map((plan) => [plan, 0])) as Record<
    (typeof planIds)[number],
    number
  >;
  for (const row of byPlan) plans[row.plan] = row.n;
  return {
    members: { total: members.total, joinedToday: members.joined },
    activeCompaniesByPlan: plans,
    watchesToday: watches,
    rewardsToday: rewards.issuedToday,
    redemptionsToday: redemptions,
    revenueThisMonthPesewas: money.revenueThisMonthPesewas,
    fraudSignalsToday: signals.reduce((sum, row) => sum + row.n, 0),
    queues: {
      paymentsWaiting: money.waiting,
      paymentsFlagged: money.flagged,
      shareProofs: rewards.shareProofsWaiting,
      purchases,
      violations,
    },
  };
}
