import { BarChart3 } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import {
  type AnalyticsPeriod,
  analyticsPeriods,
  defaultAnalyticsPeriod,
} from "../../shared/contracts/analytics-options";
import { plans } from "../../shared/plans";
import { companyDashboardPath, paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { formatDay } from "../features/analytics/analytics-format";
import {
  AdsTable,
  AnalyticsPlanWarning,
  CsvDownloadLink,
  MetricTotals,
  PeriodPicker,
  UpgradeHint,
} from "../features/analytics/analytics-report";
import { useCompanyAnalytics } from "../features/analytics/api";
import { ViewsPerDayChart } from "../features/analytics/views-chart";
import { CompanyLoadProblem, companyIdParam } from "../features/company-account/access";
import { useCompanyMe } from "../features/company-account/api";
import { BusinessFrame } from "../features/company-account/business-frame";
import { ApiError } from "../lib/api-client";
import { useAuth } from "../lib/auth";

function periodParam(value: string | null): AnalyticsPeriod {
  return analyticsPeriods.find((days) => String(days) === value) ?? defaultAnalyticsPeriod;
}

function SignInNeeded() {
  const { isAdmin } = useAuth();
  return (
    <BusinessFrame>
      <Card
        title="Analytics is for business accounts"
        description="Sign in to your business account to see how your ads are doing."
        icon={<BarChart3 className="size-5" aria-hidden />}
      >
        <div className="flex flex-wrap gap-3">
          <Link to={paths.company} className={buttonClass("primary")}>
            Business sign in
          </Link>
          {isAdmin && (
            <Link to={paths.admin} className={buttonClass("secondary")}>
              Choose a business in Admin
            </Link>
          )}
        </div>
      </Card>
    </BusinessFrame>
  );
}

/**
 * `/analytics`: the business owner's numbers, as the plan allows (the server leaves out the rest).
 * `?company=<id>` opens a given business (a platform admin); `?days=7|30|90` picks the period.
 */
export default function AnalyticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedCompanyId = companyIdParam(searchParams.get("company") ?? undefined);
  const days = periodParam(searchParams.get("days"));
  const me = useCompanyMe();
  const companyId = requestedCompanyId ?? me.data?.company?.id ?? null;
  const analytics = useCompanyAnalytics(companyId, days);

  useEffect(() => {
    document.title = `Analytics${analytics.data ? ` · ${analytics.data.company.name}` : ""} · ${brand.name}`;
  }, [analytics.data]);

  const choosePeriod = (next: AnalyticsPeriod) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === defaultAnalyticsPeriod) params.delete("days");
        else params.set("days", String(next));
        return params;
      },
      { replace: true },
    );

  if (companyId === null) {
    if (me.isPending) return <PageSpinner />;
    if (me.isError) return <LoadError onRetry={() => void me.refetch()} />;
    return <SignInNeeded />;
  }
  if (analytics.isPending) return <PageSpinner />;
  if (analytics.isError) {
    if (analytics.error instanceof ApiError && analytics.error.status === 401) return <SignInNeeded />;
    return <CompanyLoadProblem error={analytics.error} onRetry={() => void analytics.refetch()} />;
  }

  const report = analytics.data;
  const isLoadingPeriod = analytics.isPlaceholderData;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-4xl space-y-5 px-4 py-6">
        <Link
          to={companyDashboardPath(report.company.id)}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-amber-800 hover:underline"
        >
          ← Back to the dashboard
        </Link>
        <header>
          <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-stone-600">
            {report.company.name} · {plans[report.plan].name} plan
          </p>
        </header>
        <AnalyticsPlanWarning report={report} />

        <div className="flex flex-wrap items-center gap-3">
          <div className="w-full sm:w-auto sm:min-w-80">
            <PeriodPicker value={days} onChange={choosePeriod} />
          </div>
          {report.canExportCsv && <CsvDownloadLink companyId={report.company.id} days={report.period.days} />}
        </div>

        <div
          aria-busy={isLoadingPeriod || undefined}
          className={`space-y-5 transition-opacity ${isLoadingPeriod ? "opacity-60" : ""}`}
        >
          <p className="text-sm text-stone-600" data-testid="analytics-period">
            {formatDay(report.period.from)} – {formatDay(report.period.to)} (last {report.period.days} days,
            Accra time)
          </p>
          <MetricTotals report={report} />
          <Card title="Views per day">
            <ViewsPerDayChart daily={report.daily} />
          </Card>
          <Card title="Per ad">
            <AdsTable report={report} />
          </Card>
        </div>
        <UpgradeHint report={report} />
      </div>
    </div>
  );
}
