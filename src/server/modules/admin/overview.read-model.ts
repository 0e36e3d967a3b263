import { startOfAccraDay } from "../../../shared/accra-time";
import type { AdminOverview } from "../../../shared/contracts/admin-members";
import { planIds } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { countMembers } from "../auth";
import { countActiveCompaniesByPlan } from "../companies";
import { countPendingViolations, countSignalsSince } from "../fraud";
import { campaignMoneySince, countWithdrawalsWaitingForAdmin, latestPayoutReconciliation } from "../money";
import { paymentFigures } from "../payments";
import { countPendingPurchases } from "../purchases";
import { countRedemptionsSince } from "../redemptions";
import { rewardFigures } from "../rewards";
import { readNumberSettings } from "../settings";
import { ussdSessionsByDay } from "../ussd";
import { countCompletedViewsSince } from "../watch";

/** The days of USSD sessions the overview shows, today included. */
const ussdOverviewDays = 7;

/** The first moment of the Accra month (Ghana keeps UTC all year). */
function startOfAccraMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The admin's home: today's numbers and the queues waiting, each counted in SQL by its module. */
export async function adminOverview(
  db: Executor,
  now: Date,
  paystackConfigured: boolean,
): Promise<AdminOverview> {
  const today = startOfAccraDay(now);
  const monthStart = startOfAccraMonth(now);
  const [
    members,
    byPlan,
    watches,
    rewards,
    redemptions,
    money,
    signals,
    purchases,
    violations,
    ussd,
    campaigns,
    withdrawals,
    payoutReconciliation,
  ] = await Promise.all([
    countMembers(db, today),
    countActiveCompaniesByPlan(db),
    countCompletedViewsSince(db, today),
    rewardFigures(db, today),
    countRedemptionsSince(db, today),
    paymentFigures(db, monthStart),
    countSignalsSince(db, today),
    countPendingPurchases(db),
    countPendingViolations(db),
    ussdOverview(db, now),
    campaignMoneySince(db, monthStart),
    countWithdrawalsWaitingForAdmin(db, !paystackConfigured),
    latestPayoutReconciliation(db),
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
    campaignChargesThisMonthPesewas: campaigns.chargedPesewas,
    campaignRefundsThisMonthPesewas: campaigns.refundedPesewas,
    fraudSignalsToday: signals.reduce((sum, row) => sum + row.n, 0),
    queues: {
      paymentsWaiting: money.waiting,
      paymentsFlagged: money.flagged,
      shareProofs: rewards.shareProofsWaiting,
      purchases,
      violations,
      withdrawals,
    },
    payoutReconciliation,
    ussd,
  };
}

/** Sessions a day and what they cost at the admin's price (integer pesewas: price times sessions). */
async function ussdOverview(db: Executor, now: Date): Promise<AdminOverview["ussd"]> {
  const [days, prices] = await Promise.all([
    ussdSessionsByDay(db, now, ussdOverviewDays),
    readNumberSettings(db, ["ussd_session_price_pesewas"]),
  ]);
  const price = prices.ussd_session_price_pesewas;
  const priced = days.map((day) => ({ ...day, costPesewas: day.sessions * price }));
  const totalSessions = priced.reduce((sum, day) => sum + day.sessions, 0);
  return {
    sessionPricePesewas: price,
    days: priced,
    totalSessions,
    totalCostPesewas: totalSessions * price,
  };
}
