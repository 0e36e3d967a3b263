import { useEffect } from "react";
import { brand } from "../../shared/brand";
import type { CounterActor } from "../../shared/contracts/counter";
import { companyDashboardPath, paths } from "../app/paths";
import { LanguageSwitch } from "../components/language-choice";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useCounterDashboard } from "../features/counter/api";
import { CounterDashboardView } from "../features/counter/counter-dashboard-view";
import { CounterGate } from "../features/counter/counter-gate";
import { CounterHeader } from "../features/counter/counter-header";
import { CounterLog } from "../features/counter/counter-log";
import { serverMessage } from "../lib/api-errors";
import { useT } from "../lib/i18n";

function Dashboard({ actor }: { actor: CounterActor }) {
  const t = useT();
  const dashboard = useCounterDashboard();
  const backTo =
    actor.kind === "owner"
      ? { to: companyDashboardPath(actor.companyId), label: t("counter.backToDashboard") }
      : { to: paths.merchant, label: t("counter.backToCounter") };
  return (
    <main className="min-h-dvh bg-stone-100">
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-4">
        <CounterHeader actor={actor} title={t("counter.dashboard.title")} backTo={backTo} />
        {dashboard.isPending ? (
          <PageSpinner label={t("counter.dashboard.loading")} />
        ) : dashboard.isError ? (
          <LoadError onRetry={() => void dashboard.refetch()} message={serverMessage(dashboard.error)} />
        ) : (
          <CounterDashboardView dashboard={dashboard.data} />
        )}
        <CounterLog companyId={actor.companyId} />
        <Card>
          <LanguageSwitch />
        </Card>
      </div>
    </main>
  );
}

/** `/merchant-dashboard`: today's and this month's counter work by staff member, and the allocation left. */
export default function MerchantDashboardPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("counter.dashboard.docTitle", { brand: brand.name });
  }, [t]);
  return <CounterGate signInPath={paths.merchantLogin}>{(actor) => <Dashboard actor={actor} />}</CounterGate>;
}
