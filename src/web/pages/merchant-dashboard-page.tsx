import { useEffect } from "react";
import { brand } from "../../shared/brand";
import type { CounterActor } from "../../shared/contracts/counter";
import { companyDashboardPath, paths } from "../app/paths";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useCounterDashboard } from "../features/counter/api";
import { CounterDashboardView } from "../features/counter/counter-dashboard-view";
import { CounterGate } from "../features/counter/counter-gate";
import { CounterHeader } from "../features/counter/counter-header";
import { CounterLog } from "../features/counter/counter-log";
import { serverMessage } from "../lib/api-errors";

function Dashboard({ actor }: { actor: CounterActor }) {
  const dashboard = useCounterDashboard();
  const backTo =
    actor.kind === "owner"
      ? { to: companyDashboardPath(actor.companyId), label: "Back to your dashboard" }
      : { to: paths.merchant, label: "Back to the counter" };
  return (
    <main className="min-h-dvh bg-stone-100">
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <CounterHeader actor={actor} title="Counter dashboard" backTo={backTo} />
        {dashboard.isPending ? (
          <PageSpinner label="Loading the counter dashboard" />
        ) : dashboard.isError ? (
          <LoadError onRetry={() => void dashboard.refetch()} message={serverMessage(dashboard.error)} />
        ) : (
          <CounterDashboardView dashboard={dashboard.data} />
        )}
        <CounterLog companyId={actor.companyId} />
      </div>
    </main>
  );
}

/** `/merchant-dashboard`: today's and this month's counter work by staff member, and the allocation left. */
export default function MerchantDashboardPage() {
  useEffect(() => {
    document.title = `Counter dashboard · ${brand.name}`;
  }, []);
  return <CounterGate signInPath={paths.merchantLogin}>{(actor) => <Dashboard actor={actor} />}</CounterGate>;
}
