import { Link } from "react-router";
import { formatAccraDate, formatAccraDateTime } from "../../../shared/accra-time";
import type { AdminOverview } from "../../../shared/contracts/admin-members";
import { formatCedis } from "../../../shared/money";
import { planIds, plans } from "../../../shared/plans";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useAdminOverview } from "./api";

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-3 ring-1 ring-stone-200" data-testid={testId}>
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold text-stone-900">{value}</dd>
    </div>
  );
}

function QueueLink({ href, label, count }: { href: string; label: string; count: number }) {
  return (
    <li>
      <a
        href={href}
        className={`flex min-h-11 items-center justify-between gap-3 rounded-xl px-3 py-2 ring-1 hover:bg-stone-50 ${
          count > 0 ? "bg-amber-50 ring-amber-300" : "bg-white ring-stone-200"
        }`}
      >
        <span className="font-medium text-stone-900">{label}</span>
        <span className="font-bold text-stone-900">{count}</span>
      </a>
    </li>
  );
}

/** The newest daily check of cashback withdrawals against Paystack's transfers, and what differed. */
function PayoutReconciliation({ reconciliation }: { reconciliation: AdminOverview["payoutReconciliation"] }) {
  if (!reconciliation.checkedAt) return null;
  const { differences } = reconciliation;
  return (
    <div data-testid="overview-payout-reconciliation">
      <h3 className="text-base font-bold text-stone-900">Payouts against Paystack</h3>
      <p className="text-sm text-stone-700">
        Checked {formatAccraDateTime(reconciliation.checkedAt)}:{" "}
        {differences.length === 0
          ? "every withdrawal matches Paystack's transfers."
          : `${differences.length} difference${differences.length === 1 ? "" : "s"} to look into.`}
      </p>
      {differences.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-red-800">
          {differences.map((difference) => (
            <li key={difference.reference} className="break-all">
              {difference.reference}: ours {difference.ours ?? "none"}
              {difference.oursPesewas === null ? "" : ` (${formatCedis(difference.oursPesewas)})`}, Paystack{" "}
              {difference.theirs ?? "none"}
              {difference.theirsPesewas === null ? "" : ` (${formatCedis(difference.theirsPesewas)})`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** USSD sessions a day for the last week, and what the providers charge for them at the admin's price. */
function UssdSessions({ ussd }: { ussd: AdminOverview["ussd"] }) {
  return (
    <div data-testid="overview-ussd">
      <h3 className="text-base font-bold text-stone-900">USSD sessions</h3>
      <p className="text-sm text-stone-700">
        {ussd.totalSessions} in the last 7 days, {formatCedis(ussd.totalCostPesewas)} at{" "}
        {formatCedis(ussd.sessionPricePesewas)} a session (
        <a href="#settings-title" className="font-semibold text-amber-800 hover:underline">
          change the price
        </a>
        ,{" "}
        <Link to={paths.adminUssd} className="font-semibold text-amber-800 hover:underline">
          try the menus
        </Link>
        ).
      </p>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">USSD sessions and their cost, each day of the last 7</caption>
        <thead>
          <tr className="text-stone-600">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Sessions
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Cost
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Simulator
            </th>
          </tr>
        </thead>
        <tbody>
          {ussd.days.map((day) => (
            <tr key={day.date} className="border-t border-stone-200" data-testid="overview-ussd-day">
              <th scope="row" className="py-1 font-medium text-stone-900">
                {formatAccraDate(`${day.date}T12:00:00Z`)}
              </th>
              <td className="py-1 text-right">{day.sessions}</td>
              <td className="py-1 text-right">{formatCedis(day.costPesewas)}</td>
              <td className="py-1 text-right text-stone-600">{day.simulated}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The admin's home: the numbers that matter today, and how many items each queue holds. */
export function AdminOverviewPanel() {
  const overview = useAdminOverview();
  if (overview.isPending) return <Skeleton className="h-48" />;
  if (overview.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-4 ring-1 ring-red-200">
        <p className="text-stone-800">We couldn't load today's numbers.</p>
        <Button variant="secondary" className="mt-2" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = overview.data;
  const activeCompanies = planIds.reduce((sum, plan) => sum + data.activeCompaniesByPlan[plan], 0);
  return (
    <div className="space-y-4" data-testid="admin-overview">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Members" value={data.members.total} testId="overview-members" />
        <Figure label="Joined today" value={data.members.joinedToday} testId="overview-joined" />
        <Figure label="Verified watches today" value={data.watchesToday} testId="overview-watches" />
        <Figure label="Rewards today" value={data.rewardsToday} testId="overview-rewards" />
        <Figure label="Redemptions today" value={data.redemptionsToday} testId="overview-redemptions" />
        <Figure
          label="Revenue this month"
          value={formatCedis(data.revenueThisMonthPesewas)}
          testId="overview-revenue"
        />
        <Figure
          label="Campaign views charged this month"
          value={formatCedis(data.campaignChargesThisMonthPesewas)}
          testId="overview-campaign-charges"
        />
        <Figure
          label="Campaign refunds this month"
          value={formatCedis(data.campaignRefundsThisMonthPesewas)}
          testId="overview-campaign-refunds"
        />
        <Figure label="Active businesses" value={activeCompanies} testId="overview-companies" />
        <Figure label="Fraud signals today" value={data.fraudSignalsToday} testId="overview-signals" />
      </dl>
      <p className="text-sm text-stone-700">
        Active businesses by plan:{" "}
        {planIds.map((plan) => `${plans[plan].name} ${data.activeCompaniesByPlan[plan]}`).join(" · ")}
      </p>
      <div>
        <h3 className="text-base font-bold text-stone-900">Waiting for you</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          <QueueLink href="#payments-title" label="Payments to verify" count={data.queues.paymentsWaiting} />
          <QueueLink href="#payments-title" label="Flagged payments" count={data.queues.paymentsFlagged} />
          <QueueLink href="#share-proofs-title" label="Share proofs" count={data.queues.shareProofs} />
          <QueueLink href="#purchases-title" label="Purchases" count={data.queues.purchases} />
          <QueueLink href="/admin-anti-cheat" label="Anti-cheat cases" count={data.queues.violations} />
          <QueueLink href="#withdrawals-title" label="Cashback withdrawals" count={data.queues.withdrawals} />
        </ul>
      </div>
      <PayoutReconciliation reconciliation={data.payoutReconciliation} />
      <UssdSessions ussd={data.ussd} />
    </div>
  );
}
