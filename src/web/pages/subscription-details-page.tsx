import { Check, Smartphone } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { brand } from "../../shared/brand";
import { formatCedis } from "../../shared/money";
import { type PlanId, planIds, plans } from "../../shared/plans";
import { companyDashboardPath } from "../app/paths";
import { LapsedPlanWarning } from "../components/lapsed-plan-warning";
import { buttonClass } from "../components/ui/button";
import { PageSpinner } from "../components/ui/page-spinner";
import { CompanyLoadProblem, companyIdParam } from "../features/company-account/access";
import { useCompanyProfile } from "../features/company-account/api";
import { apiErrorOf } from "../lib/api-client";
import { formatAccraDate } from "../lib/dates";

const adTypeLabel = { image: "Image", video: "Video", custom: "Custom formats" } as const;

function adsText(id: PlanId): string {
  const max = plans[id].maxAds;
  return max >= 999 ? `Unlimited (${max})` : `${max} ad${max === 1 ? "" : "s"}`;
}

/** `/subscription-details/:id`: the four plans side by side, the business's own highlighted. */
export default function SubscriptionDetailsPage() {
  const companyId = companyIdParam(useParams().id);
  const profile = useCompanyProfile(companyId);

  useEffect(() => {
    document.title = `Plans · ${brand.name}`;
  }, []);

  if (companyId === null) {
    return <CompanyLoadProblem error={apiErrorOf(404, "Company not found")} onRetry={() => undefined} />;
  }
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError)
    return <CompanyLoadProblem error={profile.error} onRetry={() => void profile.refetch()} />;
  const current = profile.data.plan;

  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <Link
          to={companyDashboardPath(companyId)}
          className="text-sm font-semibold text-amber-800 hover:underline"
        >
          ← Back to the dashboard
        </Link>
        <header>
          <h1 className="text-3xl font-extrabold text-stone-900">Plans for {profile.data.name}</h1>
          <p className="mt-1 text-stone-600">
            You're on the <strong>{plans[current.plan].name}</strong> plan
            {current.paidUntil ? (
              <>
                , paid until{" "}
                <strong data-testid="current-paid-until">{formatAccraDate(current.paidUntil)}</strong>
              </>
            ) : (
              ", not paid yet"
            )}
            . Prices are per month ({brand.currency}).
          </p>
        </header>
        {!current.isCurrent && <LapsedPlanWarning />}

        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
          {planIds.map((id) => {
            const plan = plans[id];
            const isCurrent = id === current.plan;
            return (
              <li
                key={id}
                aria-current={isCurrent ? "true" : undefined}
                data-testid={`plan-${id}`}
                className={`flex flex-col rounded-2xl bg-white p-5 shadow-sm ${
                  isCurrent ? "ring-2 ring-amber-500" : "ring-1 ring-stone-200"
                }`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-lg font-bold text-stone-900">{plan.name}</h2>
                  {isCurrent && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                      Current plan
                    </span>
                  )}
                </div>
                <p className="mt-2 text-2xl font-extrabold text-stone-900">
                  {formatCedis(plan.pricePesewas)}
                  <span className="text-sm font-medium text-stone-500"> / month</span>
                </p>
                <dl className="mt-4 space-y-2 text-sm">
                  <div className="flex justify-between gap-2">
                    <dt className="text-stone-500">Ads</dt>
                    <dd className="font-semibold text-stone-800">{adsText(id)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-stone-500">Ad types</dt>
                    <dd className="text-right font-semibold text-stone-800">
                      {plan.adTypes.map((type) => adTypeLabel[type]).join(", ")}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-stone-500">Max duration</dt>
                    <dd className="font-semibold text-stone-800">{plan.maxDurationSeconds} s</dd>
                  </div>
                </dl>
                <ul className="mt-4 space-y-1.5 text-sm text-stone-700">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                {isCurrent && (
                  <p className="mt-auto pt-4 text-xs text-stone-500">
                    {current.paidUntil ? `Paid until ${formatAccraDate(current.paidUntil)}` : "Not paid yet"}
                  </p>
                )}
              </li>
            );
          })}
        </ul>

        <section
          aria-labelledby="pay-title"
          className="flex gap-3 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200"
        >
          <Smartphone className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
          <div>
            <h2 id="pay-title" className="font-bold text-stone-900">
              Paying by mobile money is coming soon
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              Soon you'll pay for your plan here with MTN MoMo, Telecel Cash or AirtelTigo Money. Until then,
              the {brand.name} team activates and renews plans: call{" "}
              <a href={`tel:${brand.supportPhone.replace(/\s/g, "")}`} className="font-semibold underline">
                {brand.supportPhone}
              </a>{" "}
              ({brand.supportPhoneHours}) or email{" "}
              <a href={`mailto:${brand.supportEmail}`} className="font-semibold underline">
                {brand.supportEmail}
              </a>
              .
            </p>
          </div>
        </section>
        <Link to={companyDashboardPath(companyId)} className={buttonClass("secondary")}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
