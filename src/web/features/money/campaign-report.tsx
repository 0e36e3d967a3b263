import { Download } from "lucide-react";
import { useId } from "react";
import { type Campaign, type CampaignReport, campaignReportMaxDays } from "../../../shared/contracts/money";
import { formatCedis } from "../../../shared/money";
import { buttonClass } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { accraDay, addDays, formatAccraDate } from "../../lib/dates";
import { campaignReportCsvUrl, type ReportRange, useCampaignReport } from "./api";

type ReportDay = CampaignReport["days"][number];

const count = new Intl.NumberFormat("en-GH");

/** The campaign's first day to today, or the last days a report may cover when it began earlier. */
function reportRangeOf(campaign: Pick<Campaign, "createdAt">, now: Date): ReportRange {
  const earliest = addDays(now, -(campaignReportMaxDays - 1)).getTime();
  const from = accraDay(new Date(Math.max(Date.parse(campaign.createdAt), earliest)));
  return { from, to: accraDay(now) };
}

function totalsOf(days: ReportDay[]) {
  const sum = (pick: (day: ReportDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    completedViews: sum((day) => day.completedViews),
    chargedViews: sum((day) => day.chargedViews),
    invalidViews: sum((day) => day.invalidViews),
    refundedViews: sum((day) => day.refundedViews),
    spendPesewas: sum((day) => day.spendPesewas),
    redemptions: sum((day) => day.redemptions),
  };
}

const chartHeight = 100;
const barSlot = 10;
const barWidth = 7;
/** A short campaign still draws thin bars, not one bar the width of the card. */
const fewestSlots = 7;

/**
 * Completed views per day as a small SVG bar chart, the charged part dark and the rest light. The
 * drawing is hidden from screen readers: the table below says the same, day by day.
 */
function ViewsChart({ days }: { days: ReportDay[] }) {
  const captionId = useId();
  const top = Math.max(1, ...days.map((day) => day.completedViews));
  const width = Math.max(days.length, fewestSlots) * barSlot;
  const heightOf = (views: number) => (views / top) * chartHeight;
  return (
    <figure aria-labelledby={captionId} data-testid="campaign-chart">
      <figcaption id={captionId} className="text-sm text-stone-600">
        Completed views a day: <span className="font-semibold text-amber-800">charged</span> and{" "}
        <span className="font-semibold text-stone-500">not charged</span>.
      </figcaption>
      <svg
        aria-hidden
        viewBox={`0 0 ${width} ${chartHeight}`}
        preserveAspectRatio="none"
        className="mt-2 block h-28 w-full"
      >
        <line
          x1={0}
          x2={width}
          y1={chartHeight}
          y2={chartHeight}
          className="stroke-stone-300"
          vectorEffect="non-scaling-stroke"
        />
        {days.map((day, index) => {
          const charged = heightOf(day.chargedViews);
          const free = heightOf(day.completedViews - day.chargedViews);
          const x = index * barSlot + (barSlot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={chartHeight - charged}
                width={barWidth}
                height={charged}
                className="fill-amber-600"
              />
              <rect
                x={x}
                y={chartHeight - charged - free}
                width={barWidth}
                height={free}
                className="fill-stone-300"
              />
            </g>
          );
        })}
      </svg>
      <div aria-hidden className="mt-1 flex justify-between text-[11px] text-stone-500">
        <span>{days[0] && formatAccraDate(days[0].date)}</span>
        <span>{days.length > 1 && formatAccraDate(days.at(-1)!.date)}</span>
      </div>
    </figure>
  );
}

const columns = ["Day", "Completed", "Charged", "Free (invalid)", "Refunded", "Spend", "Redemptions"];

function DayCells({ day }: { day: Omit<ReportDay, "date"> }) {
  return (
    <>
      <td>{count.format(day.completedViews)}</td>
      <td>{count.format(day.chargedViews)}</td>
      <td>{count.format(day.invalidViews)}</td>
      <td>{count.format(day.refundedViews)}</td>
      <td>{formatCedis(day.spendPesewas)}</td>
      <td>{count.format(day.redemptions)}</td>
    </>
  );
}

const stickyCell = "sticky left-0 z-10 bg-white text-left shadow-[1px_0_0_var(--color-stone-200)]";

/** The days with views, newest first, and their totals; scrolls sideways inside itself on a phone. */
function DaysTable({ days }: { days: ReportDay[] }) {
  const captionId = useId();
  const active = days.filter((day) => day.completedViews > 0 || day.redemptions > 0).reverse();
  if (active.length === 0) {
    return <p className="text-sm text-stone-600">No completed views yet.</p>;
  }
  return (
    <div>
      <p id={captionId} className="text-sm font-semibold text-stone-700">
        Days with views, newest first
      </p>
      <p className="text-xs text-stone-500 sm:hidden" aria-hidden>
        Swipe the table sideways to see every number.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus to scroll by keyboard */}
      <section aria-labelledby={captionId} tabIndex={0} className="mt-1 overflow-x-auto">
        <table
          data-testid="campaign-report-table"
          className="w-full min-w-max text-right text-sm tabular-nums [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5"
        >
          <caption className="sr-only">Completed views, spend and redemptions by day</caption>
          <thead className="text-xs text-stone-500">
            <tr>
              {columns.map((name, index) => (
                <th key={name} scope="col" className={index === 0 ? stickyCell : "whitespace-nowrap"}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {active.map((day) => (
              <tr key={day.date} data-testid="campaign-report-day" data-date={day.date}>
                <th scope="row" className={`${stickyCell} font-medium whitespace-nowrap`}>
                  {formatAccraDate(day.date)}
                </th>
                <DayCells day={day} />
              </tr>
            ))}
          </tbody>
          <tfoot className="font-bold">
            <tr data-testid="campaign-report-total">
              <th scope="row" className={stickyCell}>
                Total
              </th>
              <DayCells day={totalsOf(days)} />
            </tr>
          </tfoot>
        </table>
      </section>
    </div>
  );
}

function CostsList({ report }: { report: CampaignReport }) {
  const costs = [
    {
      label: "Cost per completed view",
      value: report.costPerCompletedViewPesewas,
      none: "No completed views yet",
      testId: "cost-per-view",
    },
    {
      label: "Cost per redemption",
      value: report.costPerRedemptionPesewas,
      none: "No rewards used at the counter yet",
      testId: "cost-per-redemption",
    },
  ];
  return (
    <dl className="grid gap-2 sm:grid-cols-2">
      {costs.map(({ label, value, none, testId }) => (
        <div key={label} className="rounded-xl bg-stone-50 p-3">
          <dt className="text-xs text-stone-500">{label}</dt>
          <dd className="font-bold text-stone-900" data-testid={testId}>
            {value === null ? (
              <span className="text-sm font-normal text-stone-600">{none}</span>
            ) : (
              formatCedis(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A campaign's report: views a day (charged, free, refunded), spend, rewards used, what each cost, as CSV too. */
export function CampaignReportPanel({ companyId, campaign }: { companyId: number; campaign: Campaign }) {
  const range = reportRangeOf(campaign, new Date());
  const report = useCampaignReport(companyId, campaign.id, range);
  if (report.isPending) {
    return (
      <div role="status" aria-label="Loading the report" className="space-y-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (report.isError) return <LoadError onRetry={() => void report.refetch()} />;
  return (
    <div className="space-y-4" data-testid="campaign-report">
      <p className="text-sm text-stone-600">
        {report.data.from === report.data.to
          ? formatAccraDate(report.data.from)
          : `${formatAccraDate(report.data.from)} – ${formatAccraDate(report.data.to)}`}
        . You pay only for charged views. Free (invalid) views are ones our anti-cheat checks flagged; a view
        that ends after the money or today's cap ran out is free too.
      </p>
      <ViewsChart days={report.data.days} />
      <CostsList report={report.data} />
      <DaysTable days={report.data.days} />
      <a
        href={campaignReportCsvUrl(companyId, campaign.id, range)}
        download
        className={buttonClass("secondary", "text-sm")}
      >
        <Download className="size-4" aria-hidden /> Download CSV
      </a>
    </div>
  );
}
