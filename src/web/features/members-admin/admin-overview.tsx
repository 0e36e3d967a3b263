import { formatCedis } from "../../../shared/money";
import { planIds, plans } from "../../../shared/plans";
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
        </ul>
      </div>
    </div>
  );
}
