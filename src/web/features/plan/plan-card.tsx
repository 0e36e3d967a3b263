import { CalendarClock, Film, ImageIcon, Timer } from "lucide-react";
import { Link } from "react-router";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { formatCedis } from "../../../shared/money";
import { plans } from "../../../shared/plans";
import { subscriptionDetailsPath } from "../../app/paths";
import { LapsedPlanWarning } from "../../components/lapsed-plan-warning";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatAccraDate } from "../../lib/dates";

/** A plan with no paid period at all yet (a new business on Starter) has not lapsed: it awaits payment. */
const neverPaid = (plan: Pick<PlanStatus, "paidUntil">) => plan.paidUntil === null;

/** The plan's badge in the dashboard header: its name, and whether it lapsed or awaits its first payment. */
export function PlanBadge({ plan }: { plan: PlanStatus }) {
  const state = plan.isCurrent ? "" : neverPaid(plan) ? " · not paid yet" : " · lapsed";
  return (
    <span
      data-testid="plan-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${
        plan.isCurrent || neverPaid(plan) ? "bg-amber-100 text-amber-900" : "bg-red-100 text-red-800"
      }`}
    >
      {plans[plan.plan].name}
      {state}
    </span>
  );
}

/** What the plan costs and allows (docs/product-rules.md#payments-plans), how much is used, when it ends. */
export function PlanCard({ companyId, plan }: { companyId: number; plan: PlanStatus }) {
  const name = plans[plan.plan].name;
  return (
    <Card title={`${name} plan`} description={`${formatCedis(plan.pricePesewas)} a month`} testId="plan-card">
      <div className="space-y-4">
        {!plan.isCurrent && <LapsedPlanWarning neverPaid={neverPaid(plan)} />}
        <div className="space-y-1.5">
          <p className="text-sm text-stone-700">
            Ads used: <strong data-testid="plan-ads-used">{plan.adsUsed}</strong> of{" "}
            <strong>{plan.maxAds}</strong>
          </p>
          <ProgressBar
            label="Ads used"
            value={plan.adsUsed}
            max={plan.maxAds}
            valueText={`${plan.adsUsed} of ${plan.maxAds} ads`}
          />
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div className="flex items-center gap-2 rounded-xl bg-stone-50 p-3">
            {plan.allowsVideo ? (
              <Film className="size-4 text-amber-700" aria-hidden />
            ) : (
              <ImageIcon className="size-4 text-amber-700" aria-hidden />
            )}
            <dt className="sr-only">Ad types</dt>
            <dd>{plan.allowsVideo ? "Images and video" : "Images only, no video"}</dd>
          </div>
          <div className="flex items-center gap-2 rounded-xl bg-stone-50 p-3">
            <Timer className="size-4 text-amber-700" aria-hidden />
            <dt>Max duration</dt>
            <dd className="font-semibold">{plan.maxAdDurationSeconds} s</dd>
          </div>
          <div className="flex items-center gap-2 rounded-xl bg-stone-50 p-3">
            <CalendarClock className="size-4 text-amber-700" aria-hidden />
            <dt>Paid until</dt>
            <dd className="font-semibold" data-testid="plan-paid-until">
              {plan.paidUntil ? formatAccraDate(plan.paidUntil) : "Not paid yet"}
            </dd>
          </div>
        </dl>
        {plan.features.length > 0 && (
          <ul className="list-inside list-disc text-sm text-stone-600">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        )}
        <Link
          to={subscriptionDetailsPath(companyId)}
          className={buttonClass("secondary", "w-full sm:w-auto")}
        >
          Compare plans
        </Link>
      </div>
    </Card>
  );
}
