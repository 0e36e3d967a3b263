import { Download, Lock } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { AnalyticsAdStatus, AnalyticsResponse } from "../../../shared/contracts/analytics";
import {
  type AnalyticsPeriod,
  analyticsMetricHelp,
  analyticsMetricLabels,
  analyticsMetrics,
  analyticsPeriods,
  csvExportFirstPlan,
  metricFirstPlan,
} from "../../../shared/contracts/analytics-options";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import { subscriptionDetailsPath } from "../../app/paths";
import { LapsedPlanWarning } from "../../components/lapsed-plan-warning";
import { buttonClass } from "../../components/ui/button";
import { formatMetric } from "./analytics-format";
import { companyAnalyticsCsvUrl } from "./api";

/**
 * The plan warning above the numbers: "lapsed" only for a paid period that ended; a business that has
 * never paid is told its plan isn't paid yet, as on its dashboard.
 */
export function AnalyticsPlanWarning({
  report,
}: {
  report: Pick<AnalyticsResponse, "isPlanCurrent" | "planPaidUntil">;
}) {
  if (report.isPlanCurrent) return null;
  return <LapsedPlanWarning neverPaid={report.planPaidUntil === null} />;
}

/** Last 7, 30 or 90 days, as native radio buttons drawn as one segmented control. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange(days: AnalyticsPeriod): void;
}) {
  const name = useId();
  return (
    <fieldset className="flex rounded-2xl bg-stone-200/70 p-1">
      <legend className="sr-only">Period</legend>
      {analyticsPeriods.map((days) => (
        <label
          key={days}
          className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-xl px-3 py-2 text-center text-sm font-semibold whitespace-nowrap text-stone-600 has-checked:bg-white has-checked:text-amber-800 has-checked:shadow has-focus-visible:ring-2 has-focus-visible:ring-amber-400"
        >
          <input
            type="radio"
            name={name}
            value={days}
            checked={value === days}
            onChange={() => onChange(days)}
            className="sr-only"
          />
          {days} days
        </label>
      ))}
    </fieldset>
  );
}

/** Enterprise: the same numbers as a spreadsheet, one row per ad per day. */
export function CsvDownloadLink({ companyId, days }: { companyId: number; days: number }) {
  return (
    <a href={companyAnalyticsCsvUrl(companyId, days)} download className={buttonClass("secondary")}>
      <Download className="size-4" aria-hidden /> Download CSV
    </a>
  );
}

/** One card per metric the plan includes. */
export function MetricTotals({ report }: { report: AnalyticsResponse }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5">
      {report.metrics.map((metric) => (
        <div
          key={metric}
          data-testid={`total-${metric}`}
          className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200"
        >
          <dt className="text-xs font-semibold text-stone-600">{analyticsMetricLabels[metric]}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-stone-900 tabular-nums">
            {formatMetric(metric, report.totals[metric])}
          </dd>
          <dd className="mt-0.5 text-[11px] leading-snug text-stone-500">{analyticsMetricHelp[metric]}</dd>
        </div>
      ))}
    </dl>
  );
}

const statusStyle: Record<AnalyticsAdStatus, string> = {
  active: "bg-green-100 text-green-800",
  paused: "bg-stone-200 text-stone-700",
  expired: "bg-amber-100 text-amber-900",
  deleted: "bg-red-100 text-red-800",
};
const statusLabel: Record<AnalyticsAdStatus, string> = {
  active: "Active",
  paused: "Paused",
  expired: "Expired",
  deleted: "Deleted",
};

/**
 * Every ad with the plan's numbers. On a phone the table scrolls sideways under a fixed first column,
 * so a row never loses the ad it belongs to.
 */
export function AdsTable({ report }: { report: AnalyticsResponse }) {
  const captionId = useId();
  if (report.ads.length === 0) {
    return <p className="text-sm text-stone-600">No ads yet: numbers appear here once an ad is published.</p>;
  }
  const stickyCell =
    "sticky left-0 z-10 bg-white py-2 pr-3 text-left shadow-[1px_0_0_var(--color-stone-200)]";
  return (
    <>
      <p className="mb-2 text-xs text-stone-500 sm:hidden" aria-hidden>
        Swipe the table sideways to see every number.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard */}
      <section aria-labelledby={captionId} tabIndex={0} className="-mx-5 overflow-x-auto px-5">
        <table className="w-full min-w-max border-collapse text-sm" data-testid="analytics-ads-table">
          <caption id={captionId} className="sr-only">
            Numbers per ad, last {report.period.days} days
          </caption>
          <thead>
            <tr className="border-b border-stone-200 text-xs text-stone-500">
              <th scope="col" className={`${stickyCell} font-semibold`}>
                Ad
              </th>
              {report.metrics.map((metric) => (
                <th key={metric} scope="col" className="px-2 py-2 text-right font-semibold whitespace-nowrap">
                  {analyticsMetricLabels[metric]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.ads.map((ad) => (
              <tr key={ad.id} className="border-b border-stone-100" data-testid="analytics-ad-row">
                <th scope="row" className={`${stickyCell} max-w-40 font-semibold sm:max-w-64`}>
                  <span
                    className={`line-clamp-2 ${ad.status === "deleted" ? "text-stone-500" : "text-stone-900"}`}
                  >
                    {ad.title}
                  </span>
                  <span
                    className={`mt-0.5 inline-block rounded-full px-2 py-0.5 text-[11px] font-bold ${statusStyle[ad.status]}`}
                  >
                    {statusLabel[ad.status]}
                  </span>
                </th>
                {report.metrics.map((metric) => (
                  <td key={metric} className="px-2 py-2 text-right text-stone-800 tabular-nums">
                    {formatMetric(metric, ad[metric])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {report.ads.length > 1 && (
            <tfoot>
              <tr className="font-bold text-stone-900">
                <th scope="row" className={stickyCell}>
                  Total
                </th>
                {report.metrics.map((metric) => (
                  <td key={metric} className="px-2 py-2 text-right tabular-nums">
                    {formatMetric(metric, report.totals[metric])}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </section>
    </>
  );
}

const listFormat = new Intl.ListFormat("en-GB", { type: "conjunction" });

/** What each bigger plan adds to this page: its metrics, and the CSV export. */
function additionsAbove(plan: PlanId): { plan: PlanId; additions: string[] }[] {
  return planIds
    .slice(planIds.indexOf(plan) + 1)
    .map((higher) => ({
      plan: higher,
      additions: [
        ...analyticsMetrics
          .filter((metric) => metricFirstPlan[metric] === higher)
          .map((metric) => analyticsMetricLabels[metric].toLowerCase()),
        ...(csvExportFirstPlan === higher ? ["CSV export"] : []),
      ],
    }))
    .filter((step) => step.additions.length > 0);
}

/** Names the plan that unlocks each thing this plan leaves out, with the way to the plans page. */
export function UpgradeHint({ report }: { report: AnalyticsResponse }) {
  const titleId = useId();
  const steps = additionsAbove(report.plan);
  if (steps.length === 0) return null;
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="analytics-upgrade"
      className="flex gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
    >
      <Lock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 space-y-2">
        <h2 id={titleId} className="font-bold text-stone-900">
          See more with a bigger plan
        </h2>
        <ul className="space-y-1 text-sm text-stone-700">
          {steps.map((step) => (
            <li key={step.plan}>
              <strong>{plans[step.plan].name}</strong> adds {listFormat.format(step.additions)}.
            </li>
          ))}
        </ul>
        <Link to={subscriptionDetailsPath(report.company.id)} className={buttonClass("secondary", "text-sm")}>
          Compare plans
        </Link>
      </div>
    </aside>
  );
}
