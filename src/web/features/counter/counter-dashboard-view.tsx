import { AlertTriangle, Coins } from "lucide-react";
import type { CounterDashboard, CounterTotals } from "../../../shared/contracts/counter";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";

const numberFormat = new Intl.NumberFormat("en-GH");

const totalLabels: { key: keyof CounterTotals; label: UiKey }[] = [
  { key: "scans", label: "counter.dashboard.scans" },
  { key: "stamps", label: "counter.dashboard.stamps" },
  { key: "redemptions", label: "counter.dashboard.redeemed" },
  { key: "points", label: "counter.action.points" },
  { key: "refused", label: "counter.refused" },
  { key: "phoneCheckins", label: "counter.dashboard.phoneCheckins" },
  { key: "smsSent", label: "counter.dashboard.smsSent" },
];

function Totals({ totals, compact = false }: { totals: CounterTotals; compact?: boolean }) {
  const t = useT();
  return (
    <dl
      className={`grid text-center ${compact ? "grid-cols-4 gap-1 sm:grid-cols-7" : "grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-7"}`}
    >
      {totalLabels.map(({ key, label }) => (
        <div key={key} className={`rounded-xl bg-stone-100 ${compact ? "py-1.5" : "px-1 py-3"}`}>
          <dt className={`text-stone-600 ${compact ? "text-[10px]" : "text-[11px] uppercase tracking-wide"}`}>
            {t(label)}
          </dt>
          <dd
            className={`font-extrabold tabular-nums ${key === "refused" && totals.refused > 0 ? "text-red-700" : "text-stone-950"} ${compact ? "text-base" : "text-2xl"}`}
          >
            {numberFormat.format(totals[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Today's and this month's work of each staff member or branch. */
function WorkList({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; today: CounterTotals; month: CounterTotals }[];
}) {
  const t = useT();
  return (
    <ul className="space-y-4" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="rounded-xl ring-1 ring-stone-200">
          <p className="border-b border-stone-200 px-3 py-2 font-bold break-words text-stone-950">
            {row.name}
          </p>
          <div className="space-y-2 p-2">
            <p className="px-1 text-xs font-semibold text-stone-600">{t("counter.dashboard.today")}</p>
            <Totals totals={row.today} compact />
            <p className="px-1 text-xs font-semibold text-stone-600">{t("counter.dashboard.month")}</p>
            <Totals totals={row.month} compact />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Today's and this month's counter work, by branch and staff member, and the points allocation left. */
export function CounterDashboardView({ dashboard }: { dashboard: CounterDashboard }) {
  const t = useT();
  const { allocation } = dashboard;
  const used = numberFormat.format(allocation.used);
  const allocated = numberFormat.format(allocation.allocated);
  return (
    <div className="space-y-4">
      {dashboard.suspiciousToday > 0 && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-2xl bg-red-50 p-4 font-semibold text-red-900 ring-1 ring-red-200"
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          {t("counter.dashboard.flagged", { count: dashboard.suspiciousToday })}
        </p>
      )}
      <Card title={t("counter.dashboard.today")} testId="counter-today">
        <Totals totals={dashboard.today} />
        <p className="mt-3 text-sm text-stone-600">
          {t("counter.dashboard.suspiciousToday")}{" "}
          <strong className="text-stone-950">{dashboard.suspiciousToday}</strong>
        </p>
      </Card>
      <Card title={t("counter.dashboard.month")} testId="counter-month">
        <Totals totals={dashboard.month} />
      </Card>
      <Card
        title={t("counter.dashboard.allocation")}
        icon={<Coins className="size-5" aria-hidden />}
        testId="counter-allocation"
      >
        <p className="text-3xl font-extrabold tabular-nums text-stone-950">
          {numberFormat.format(allocation.remaining)}{" "}
          <span className="text-base font-semibold text-stone-600">{t("counter.dashboard.pointsLeft")}</span>
        </p>
        <ProgressBar
          className="mt-3"
          label={t("counter.dashboard.allocationUsed")}
          value={allocation.used}
          max={Math.max(allocation.allocated, 1)}
          valueText={t("counter.dashboard.pointsUsed", { used, allocated })}
        />
        <p className="mt-2 text-sm text-stone-600">
          {t("counter.dashboard.allocationResets", { used, allocated })}
        </p>
      </Card>
      {
        // One shop needs no table of its branches; two or more do.
        dashboard.byBranch.length >= 2 && (
          <Card title={t("counter.dashboard.byBranch")} testId="counter-by-branch">
            <WorkList
              label={t("counter.dashboard.byBranch")}
              rows={dashboard.byBranch.map((row) => ({
                ...row,
                key: `branch-${row.branchId}`,
                name: row.branchName,
              }))}
            />
          </Card>
        )
      }
      <Card title={t("counter.dashboard.byStaff")} testId="counter-by-staff">
        {dashboard.byStaff.length === 0 ? (
          <p className="text-stone-700">{t("counter.dashboard.noWork")}</p>
        ) : (
          <WorkList
            label={t("counter.dashboard.byStaff")}
            rows={dashboard.byStaff.map((row) => ({ ...row, key: row.staffName, name: row.staffName }))}
          />
        )}
      </Card>
    </div>
  );
}
