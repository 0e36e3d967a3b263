import { Check, Info } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { brand } from "../../shared/brand";
import type { PlanStatus } from "../../shared/contracts/companies";
import type { PaymentDetail, PlanOffer } from "../../shared/contracts/payments";
import { formatCedis } from "../../shared/money";
import { type PlanId, planIds, plans } from "../../shared/plans";
import { companyDashboardPath, paths } from "../app/paths";
import { LapsedPlanWarning } from "../components/lapsed-plan-warning";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { toast } from "../components/ui/use-toast";
import { CompanyLoadProblem, companyIdParam, useCompanyPageAccess } from "../features/company-account/access";
import { useCompanyMe, useCompanyProfile } from "../features/company-account/api";
import { useCompanyPayments, usePlans } from "../features/payments/api";
import { OpenPayments } from "../features/payments/open-payments";
import { PayPanel } from "../features/payments/pay-panel";
import { PaymentHistory } from "../features/payments/payment-history";
import { apiErrorOf } from "../lib/api-client";
import { useRefreshCompany } from "../lib/company-queries";
import { formatAccraDate } from "../lib/dates";

const adTypeLabel = { image: "Image", video: "Video", custom: "Custom formats" } as const;

function adsText(maxAds: number): string {
  return maxAds >= 999 ? `Unlimited (${maxAds})` : `${maxAds} ad${maxAds === 1 ? "" : "s"}`;
}

type Change = "renew" | "upgrade" | "downgrade";

function changeOf(current: PlanStatus, plan: PlanId): Change {
  if (plan === current.plan) return "renew";
  return planIds.indexOf(plan) > planIds.indexOf(current.plan) ? "upgrade" : "downgrade";
}

/** When 30 paid days of this plan would start, in words. */
function startsText(current: PlanStatus, plan: PlanId): string {
  const paidThrough = current.isCurrent && current.paidUntil ? formatAccraDate(current.paidUntil) : null;
  if (!paidThrough) return "Starts as soon as it's paid.";
  switch (changeOf(current, plan)) {
    case "upgrade":
      return "Starts as soon as it's paid; your unused days carry over.";
    case "renew":
      return `Adds 30 days after ${paidThrough}.`;
    default:
      return `Starts when your paid period ends (${paidThrough}).`;
  }
}

function PlanCards({
  offers,
  current,
  canPay,
  chosen,
  onChoose,
}: {
  offers: PlanOffer[];
  current: PlanStatus;
  canPay: boolean;
  chosen: PlanId | null;
  onChoose(plan: PlanId): void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
      {offers.map((plan) => {
        const isCurrent = plan.id === current.plan;
        return (
          <li
            key={plan.id}
            aria-current={isCurrent ? "true" : undefined}
            data-testid={`plan-${plan.id}`}
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
              <span className="text-sm font-medium text-stone-500"> / 30 days</span>
            </p>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between gap-2">
                <dt className="text-stone-500">Ads</dt>
                <dd className="font-semibold text-stone-800">{adsText(plan.maxAds)}</dd>
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
              <div className="flex justify-between gap-2">
                <dt className="text-stone-500">Points to give a month</dt>
                <dd className="font-semibold text-stone-800">
                  {plan.monthlyPointsAllocation.toLocaleString("en-GH")}
                </dd>
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
            <div className="mt-auto space-y-2 pt-4">
              {isCurrent && (
                <p className="text-xs text-stone-500">
                  {current.paidUntil
                    ? `${current.isCurrent ? "Paid until" : "Lapsed on"} ${formatAccraDate(current.paidUntil)}`
                    : "Not paid yet"}
                </p>
              )}
              {canPay && (
                <>
                  <Button
                    variant={isCurrent || chosen === plan.id ? "primary" : "secondary"}
                    className="w-full"
                    aria-pressed={chosen === plan.id}
                    onClick={() => onChoose(plan.id)}
                  >
                    {isCurrent ? `Renew ${plan.name}` : `Choose ${plan.name}`}
                  </Button>
                  <p className="text-xs text-stone-500">{startsText(current, plan.id)}</p>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PlanRules({ companyId, current }: { companyId: number; current: PlanStatus }) {
  return (
    <Card title="How plan changes work" icon={<Info className="size-5" aria-hidden />} testId="plan-rules">
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-stone-700">
        <li>Every payment buys 30 days of a plan, paid by mobile money.</li>
        <li>
          <strong>An upgrade takes effect as soon as it's paid.</strong> The unused days of your old plan
          become days of the new one at their value: 10 days left on a plan half the price become 5 more days
          of the new plan, on top of its 30.
        </li>
        <li>
          <strong>A renewal or a downgrade starts when your current paid period ends</strong>
          {current.isCurrent && current.paidUntil ? ` (${formatAccraDate(current.paidUntil)})` : ""}, so you
          never lose days you paid for.
        </li>
        <li>
          When a plan lapses or shrinks, ads over its limit are paused, never deleted. Choose which ones stay
          live in the{" "}
          <Link to={companyDashboardPath(companyId)} className="font-semibold text-amber-800 underline">
            Ads tab of your dashboard
          </Link>{" "}
          (pause one, resume another).
        </li>
        <li>We remind you by email or SMS 3 days before your plan ends, and on the day.</li>
      </ul>
    </Card>
  );
}

/** Periods already paid for that start later (a renewal or a downgrade waiting its turn). */
function ComingUp({ payments }: { payments: PaymentDetail[] }) {
  const now = Date.now();
  const queued = payments
    .filter((p) => p.status === "succeeded" && p.periodStart && Date.parse(p.periodStart) > now)
    .sort((a, b) => Date.parse(a.periodStart!) - Date.parse(b.periodStart!));
  if (queued.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-stone-700" data-testid="coming-up">
      {queued.map((payment) => (
        <li key={payment.id}>
          Coming up: <strong>{payment.plan ? plans[payment.plan].name : "Plan"}</strong> from{" "}
          {formatAccraDate(payment.periodStart!)} to {formatAccraDate(payment.periodEnd!)}
        </li>
      ))}
    </ul>
  );
}

/** The business's unfinished orders (after a reload too), except the one the pay panel shows. */
function CompanyOpenPayments({
  companyId,
  except,
  readOnly,
  onSucceeded,
}: {
  companyId: number;
  except: number | null;
  readOnly: boolean;
  onSucceeded(): void;
}) {
  const query = useCompanyPayments(companyId);
  if (!query.data) return null;
  return (
    <OpenPayments
      payments={query.data.payments}
      except={except}
      readOnly={readOnly}
      onSucceeded={onSucceeded}
    />
  );
}

function CompanyPayments({ companyId }: { companyId: number }) {
  const query = useCompanyPayments(companyId);
  return (
    <Card title="Payments and receipts" testId="company-payments">
      {query.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Loading payments…
        </p>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} message="We couldn't load your payments." />
      ) : (
        <div className="space-y-3">
          <ComingUp payments={query.data.payments} />
          <PaymentHistory payments={query.data.payments} emptyText="No payments yet." />
        </div>
      )}
    </Card>
  );
}

/** `/subscription-details/:id`: the four plans side by side, the business's own highlighted, and paying. */
export default function SubscriptionDetailsPage() {
  const companyId = companyIdParam(useParams().id);
  const access = useCompanyPageAccess();
  const profile = useCompanyProfile(access === "allowed" ? companyId : null);
  const offers = usePlans();
  const me = useCompanyMe();
  const refreshCompany = useRefreshCompany(companyId ?? 0);
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const [inPanel, setInPanel] = useState<number | null>(null);
  const payTitle = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `Plans · ${brand.name}`;
  }, []);

  useEffect(() => {
    if (!chosen) return;
    payTitle.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    payTitle.current?.focus({ preventScroll: true });
  }, [chosen]);

  if (companyId === null) {
    return <CompanyLoadProblem error={apiErrorOf(404, "Company not found")} onRetry={() => undefined} />;
  }
  if (access === "signedOut") return <Navigate to={paths.company} replace />;
  if (profile.isPending || offers.isPending) return <PageSpinner />;
  if (profile.isError)
    return <CompanyLoadProblem error={profile.error} onRetry={() => void profile.refetch()} />;
  if (offers.isError) return <LoadError onRetry={() => void offers.refetch()} />;
  const current = profile.data.plan;
  // Only the business's own owner pays for its plan (an admin looking in can't).
  const isOwner = me.data?.company?.id === companyId;
  const chosenOffer = offers.data.plans.find((plan) => plan.id === chosen);

  const paid = () => {
    void refreshCompany();
    toast({ title: "Plan paid", description: "Thank you! Your plan has been updated." });
  };

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
          <p className="mt-1 text-stone-600" data-testid="current-plan">
            You're on the <strong>{plans[current.plan].name}</strong> plan
            {current.paidUntil ? (
              <>
                , {current.isCurrent ? "paid until" : "lapsed on"}{" "}
                <strong data-testid="current-paid-until">{formatAccraDate(current.paidUntil)}</strong>
              </>
            ) : (
              ", not paid yet"
            )}
            . Prices are per 30 days ({brand.currency}).
          </p>
        </header>
        {!current.isCurrent && <LapsedPlanWarning neverPaid={current.paidUntil === null} />}
        <CompanyOpenPayments companyId={companyId} except={inPanel} readOnly={!isOwner} onSucceeded={paid} />

        <PlanCards
          offers={offers.data.plans}
          current={current}
          canPay={isOwner}
          chosen={chosen}
          onChoose={setChosen}
        />
        {!isOwner && !me.isPending && (
          <p className="text-sm text-stone-600">
            Only the business's owner, signed in to its business account, can pay for its plan.
          </p>
        )}

        {isOwner && chosenOffer && (
          <section
            aria-labelledby="pay-title"
            data-testid="plan-payment"
            className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
          >
            <div>
              <h2 id="pay-title" ref={payTitle} tabIndex={-1} className="text-xl font-bold text-stone-900">
                Pay for {chosenOffer.name}: {formatCedis(chosenOffer.pricePesewas)} for{" "}
                {offers.data.periodDays} days
              </h2>
              <p className="mt-1 text-sm text-stone-600">{startsText(current, chosenOffer.id)}</p>
            </div>
            <PayPanel
              key={chosenOffer.id}
              order={{ purpose: "company_plan", companyId, plan: chosenOffer.id }}
              amountPesewas={chosenOffer.pricePesewas}
              options={offers.data}
              onSucceeded={paid}
              onShowing={setInPanel}
            />
          </section>
        )}

        <PlanRules companyId={companyId} current={current} />
        <CompanyPayments companyId={companyId} />

        <p className="text-sm text-stone-600">
          Questions about paying? Call{" "}
          <a href={`tel:${brand.supportPhone.replace(/\s/g, "")}`} className="font-semibold underline">
            {brand.supportPhone}
          </a>{" "}
          ({brand.supportPhoneHours}) or email{" "}
          <a href={`mailto:${brand.supportEmail}`} className="font-semibold underline">
            {brand.supportEmail}
          </a>
          .
        </p>
        <Link to={companyDashboardPath(companyId)} className={buttonClass("secondary")}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
