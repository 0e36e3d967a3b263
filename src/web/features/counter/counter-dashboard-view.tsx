import { AlertTriangle, Coins, MessageSquare } from "lucide-react";
import type {
  CounterDashboard,
  CounterTexts,
  CounterTotals,
  TextAllowance,
} from "../../../shared/contracts/counter";
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
  { key: "held", label: "counter.dashboard.held" },
  { key: "phoneCheckins", label: "counter.dashboard.phoneCheckins" },
  { key: "smsSent", label: "counter.dashboard.smsSent" },
];

function Totals({ totals, compact = false }: { totals: CounterTotals; compact?: boolean }) {
  const t = useT();
  return (
    <dl
      className={`grid text-center ${compact ? "grid-cols-4 gap-1 sm:grid-cols-8" : "grid-cols-4 gap-2 lg:grid-cols-8"}`}
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

function Allowance({ label, allowance }: { label: string; allowance: TextAllowance }) {
  const t = useT();
  const left = numberFormat.format(allowance.left);
  const limit = numberFormat.format(allowance.limit);
  return (
    <div className="rounded-xl bg-stone-100 px-3 py-2">
      <dt className="text-xs font-semibold text-stone-600">{label}</dt>
      <dd className={`font-extrabold ${allowance.left === 0 ? "text-red-700" : "text-stone-950"}`}>
        {t("counter.dashboard.textsLeft", { left, limit })}
      </dd>
      <dd className="text-xs text-stone-600">
        {t("counter.dashboard.textsUsed", { used: numberFormat.format(allowance.used) })}
      </dd>
    </div>
  );
}

/** The texts the counter may still send (codes and invites): the person signed in, and the shop. */
function TextsLeft({ texts }: { texts: CounterTexts }) {
  const t = useT();
  const rows = [
    { key: "you", name: t("counter.dashboard.textsYou"), caps: texts.you },
    { key: "shop", name: t("counter.dashboard.textsShop"), caps: texts.shop },
  ];
  return (
    <Card
      title={t("counter.dashboard.texts")}
      icon={<MessageSquare className="size-5" aria-hidden />}
      testId="counter-texts"
    >
      <div className="space-y-3">
        {rows.map((row) => (
          <section key={row.key} aria-label={row.name}>
            <h3 className="mb-1 font-bold text-stone-950">{row.name}</h3>
            <dl className="grid grid-cols-2 gap-2">
              <Allowance label={t("counter.dashboard.textsHour")} allowance={row.caps.hour} />
              <Allowance label={t("counter.dashboard.textsDay")} allowance={row.caps.day} />
            </dl>
          </section>
        ))}
      </div>
      <p className="mt-3 text-sm text-stone-600">{t("counter.dashboard.textsResets")}</p>
    </Card>
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
      <TextsLeft texts={dashboard.texts} />
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
