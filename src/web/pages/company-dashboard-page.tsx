import * as Tabs from "@radix-ui/react-tabs";
import { BarChart3, LogOut, Shield } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import type { CompanyProfile } from "../../shared/contracts/companies";
import { analyticsPath, paths } from "../app/paths";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { PageSpinner } from "../components/ui/page-spinner";
import { AdsSection } from "../features/ads/ads-section";
import { useCompanyAds } from "../features/ads/api";
import { BranchesSection } from "../features/branches/branches-section";
import { CompanyLoadProblem, companyIdParam, useCompanyPageAccess } from "../features/company-account/access";
import { useCompanyLogout, useCompanyMe, useCompanyProfile } from "../features/company-account/api";
import { ProfileSection } from "../features/company-account/profile-section";
import { CounterLinksCard } from "../features/loyalty-program/counter-links-card";
import { LoyaltyProgramSection } from "../features/loyalty-program/loyalty-program-section";
import { ShopPosterCard } from "../features/loyalty-program/shop-poster-card";
import { useRefreshMoney } from "../features/money/api";
import { BalanceCard } from "../features/money/balance-card";
import { CampaignsSection } from "../features/money/campaigns-section";
import { TopUpPanel } from "../features/money/top-up-panel";
import { useCompanyPayments, usePlans } from "../features/payments/api";
import { OpenPayments } from "../features/payments/open-payments";
import { PaymentProgress } from "../features/payments/payment-progress";
import { PlanBadge, PlanCard } from "../features/plan/plan-card";
import { StaffSection } from "../features/staff/staff-section";
import { apiErrorOf } from "../lib/api-client";
import { useAuth } from "../lib/auth";
import { formatAccraDateTime } from "../lib/dates";
import { initialsOf } from "../lib/format";

const tabs = [
  { value: "overview", label: "Overview" },
  { value: "ads", label: "Ads" },
  { value: "money", label: "Money" },
  { value: "loyalty", label: "Loyalty" },
  { value: "profile", label: "Profile" },
  { value: "branches", label: "Branches" },
  { value: "staff", label: "Staff" },
] as const;
type Tab = (typeof tabs)[number]["value"];
const isTab = (value: string | null): value is Tab => tabs.some((t) => t.value === value);

const tabClass =
  "flex-auto rounded-xl px-2 py-2 text-sm font-semibold whitespace-nowrap sm:px-3 text-stone-600 data-[state=active]:bg-white data-[state=active]:text-amber-800 data-[state=active]:shadow";
const numberFormat = new Intl.NumberFormat("en-GH");

function CompanyLogo({ profile }: { profile: CompanyProfile }) {
  const [failed, setFailed] = useState(false);
  if (profile.logo && !failed) {
    return (
      <img
        src={profile.logo}
        alt=""
        width={48}
        height={48}
        onError={() => setFailed(true)}
        className="size-12 rounded-2xl object-cover ring-1 ring-stone-200"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex size-12 items-center justify-center rounded-2xl bg-amber-100 font-bold text-amber-800"
    >
      {initialsOf(profile.name)}
    </span>
  );
}

function DashboardHeader({ profile, isOwner }: { profile: CompanyProfile; isOwner: boolean }) {
  const logout = useCompanyLogout();
  const { user, isAdmin, refreshUser } = useAuth();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        if (user) void refreshUser();
        navigate(paths.company, { replace: true });
      },
    });
  return (
    <header className="flex flex-wrap items-center gap-3">
      <CompanyLogo profile={profile} />
      {/* A 12rem basis: on a narrow phone the buttons wrap below rather than squeezing the name. */}
      <div className="min-w-0 flex-1 basis-48">
        <h1 className="text-xl leading-tight font-extrabold break-words text-stone-900 sm:text-2xl">
          {profile.name}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <PlanBadge plan={profile.plan} />
          <span>
            {profile.category}
            {profile.city ? ` · ${profile.city}` : ""}
          </span>
        </p>
      </div>
      <Link to={analyticsPath(profile.id)} className={buttonClass("secondary")}>
        <BarChart3 className="size-4" aria-hidden /> Analytics
      </Link>
      {isOwner ? (
        <Button variant="secondary" onClick={signOut} pending={logout.isPending} pendingLabel="Signing out…">
          <LogOut className="size-4" aria-hidden /> Sign out
        </Button>
      ) : (
        isAdmin && (
          <Link
            to={paths.admin}
            className="inline-flex items-center gap-1 text-sm font-semibold text-amber-800"
          >
            <Shield className="size-4" aria-hidden /> Back to admin
          </Link>
        )
      )}
    </header>
  );
}

function Overview({ profile }: { profile: CompanyProfile }) {
  const ads = useCompanyAds(profile.id);
  const list = ads.data ?? [];
  const totals = {
    active: list.filter((ad) => ad.status === "active").length,
    views: list.reduce((sum, ad) => sum + ad.viewCount, 0),
    impressions: list.reduce((sum, ad) => sum + ad.impressionCount, 0),
  };
  return (
    <div className="space-y-4">
      <PlanCard companyId={profile.id} plan={profile.plan} />
      <Card title="At a glance">
        <dl className="grid grid-cols-3 gap-2 text-center sm:gap-3">
          {[
            { label: "Active ads", value: totals.active },
            { label: "Views", value: totals.views },
            { label: "Impressions", value: totals.impressions },
          ].map(({ label, value }) => (
            <div key={label} className="rounded-xl bg-stone-50 px-1 py-3">
              <dt className="text-[11px] uppercase tracking-wide break-words text-stone-500">{label}</dt>
              <dd className="text-xl font-extrabold tabular-nums text-stone-900 sm:text-2xl">
                {ads.isPending ? "…" : numberFormat.format(value)}
              </dd>
            </div>
          ))}
        </dl>
        <Link to={analyticsPath(profile.id)} className={buttonClass("secondary", "mt-4 w-full sm:w-auto")}>
          <BarChart3 className="size-4" aria-hidden /> Full analytics
        </Link>
        {profile.lastLoginAt && (
          <p className="mt-3 text-xs text-stone-500">
            Last sign-in: {formatAccraDateTime(profile.lastLoginAt)}
          </p>
        )}
      </Card>
    </div>
  );
}

/**
 * The Money tab: the balance with the owner's top-up (paid through the payments' own steps, and kept on
 * screen after a reload until it is decided) and the pay-per-view campaigns. An admin reads it all.
 */
function MoneyTab({ companyId, isOwner }: { companyId: number; isOwner: boolean }) {
  const ads = useCompanyAds(companyId);
  const plans = usePlans();
  const payments = useCompanyPayments(companyId);
  const refreshMoney = useRefreshMoney(companyId);
  const [showing, setShowing] = useState<number | null>(null);
  const topUps = (payments.data?.payments ?? []).filter((payment) => payment.purpose === "wallet_top_up");
  const topUp = isOwner ? (
    <TopUpPanel
      companyId={companyId}
      payOptions={plans}
      onShowing={setShowing}
      renderProgress={(payment, startAgain) => (
        <PaymentProgress
          paymentId={payment.id}
          initial={payment}
          onRestart={startAgain}
          onSucceeded={refreshMoney}
        />
      )}
    />
  ) : undefined;
  return (
    <div className="space-y-4">
      <BalanceCard companyId={companyId} topUp={topUp} />
      <OpenPayments payments={topUps} except={showing} readOnly={!isOwner} onSucceeded={refreshMoney} />
      <CampaignsSection companyId={companyId} canManage={isOwner} ads={ads.data ?? []} />
    </div>
  );
}

/** `/company-dashboard/:id`: the business owner's dashboard (full page, no consumer navigation). */
export default function CompanyDashboardPage() {
  const companyId = companyIdParam(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "overview";
  const access = useCompanyPageAccess();
  const profile = useCompanyProfile(access === "allowed" ? companyId : null);
  const me = useCompanyMe();

  useEffect(() => {
    document.title = `${profile.data?.name ?? "Business dashboard"} · ${brand.name}`;
  }, [profile.data?.name]);

  if (companyId === null) {
    return <CompanyLoadProblem error={apiErrorOf(404, "Company not found")} onRetry={() => undefined} />;
  }
  if (access === "signedOut") return <Navigate to={paths.company} replace />;
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError)
    return <CompanyLoadProblem error={profile.error} onRetry={() => void profile.refetch()} />;

  const data = profile.data;
  const isOwner = me.data?.company?.id === data.id;
  return (
    <div className="min-h-dvh bg-stone-50">
      <div className="mx-auto max-w-4xl space-y-5 px-4 py-6">
        <DashboardHeader profile={data} isOwner={isOwner} />
        {!isOwner && !me.isPending && (
          <p className="rounded-xl bg-stone-900 p-3 text-sm text-white">
            You're viewing this business as a platform admin.
          </p>
        )}
        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === "overview") next.delete("tab");
                else next.set("tab", value);
                return next;
              },
              { replace: true },
            )
          }
        >
          {/*
            Seven tabs don't fit one row of a phone: they wrap onto a second row, each as wide as its name,
            the rows filled out; one row on a wider screen. Every tab in view, whole, one tap away.
          */}
          <Tabs.List
            aria-label="Dashboard sections"
            className="mb-5 flex flex-wrap gap-1 rounded-2xl bg-stone-200/70 p-1"
          >
            {tabs.map(({ value, label }) => (
              <Tabs.Trigger key={value} value={value} className={tabClass}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview">
            <Overview profile={data} />
          </Tabs.Content>
          <Tabs.Content value="ads">
            <AdsSection companyId={data.id} plan={data.plan} />
          </Tabs.Content>
          <Tabs.Content value="money">
            <MoneyTab companyId={data.id} isOwner={isOwner} />
          </Tabs.Content>
          <Tabs.Content value="loyalty" className="space-y-4">
            {isOwner && <CounterLinksCard />}
            <LoyaltyProgramSection companyId={data.id} />
            <ShopPosterCard companyId={data.id} companyName={data.name} />
          </Tabs.Content>
          <Tabs.Content value="profile">
            <ProfileSection profile={data} />
          </Tabs.Content>
          <Tabs.Content value="branches">
            <BranchesSection companyId={data.id} plan={data.plan.plan} />
          </Tabs.Content>
          <Tabs.Content value="staff">
            <StaffSection companyId={data.id} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}
