import type { ReactNode } from "react";
import type { AdminCompanyDetail } from "../../../shared/contracts/companies";
import { formatCedis } from "../../../shared/money";
import { plans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { formatAccraDate, formatAccraDateTime } from "../../lib/dates";
import { useAdminCompany } from "./api";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h4 className="text-sm font-bold text-stone-900">{title}</h4>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

const listClass = "divide-y divide-stone-100 rounded-xl bg-stone-50 text-sm ring-1 ring-stone-200";
const rowClass = "flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-1.5";

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-stone-600">{children}</p>;
}

function Profile({ company }: { company: AdminCompanyDetail }) {
  const change = company.lastStatusChange;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      <Fact label="Status">
        {company.status === "suspended"
          ? "Suspended"
          : company.status === "active"
            ? "Active"
            : company.status}
        {change && (
          <span className="block text-xs font-normal text-stone-600">
            {change.status === "suspended" ? "Suspended" : "Reactivated"} by {change.by} on{" "}
            {formatAccraDateTime(change.at)}
            {change.reason ? `: ${change.reason}` : ""}
          </span>
        )}
      </Fact>
      <Fact label="Setup">
        {company.setup.finished
          ? `Finished${company.username ? ` (@${company.username})` : ""}`
          : company.setup.linkExpiresAt
            ? `Not finished; the link works until ${formatAccraDateTime(company.setup.linkExpiresAt)}`
            : "Not finished; no working link (send a new one)"}
      </Fact>
      <Fact label="Category">
        {company.category}
        {company.subcategory ? ` · ${company.subcategory}` : ""}
      </Fact>
      <Fact label="Address">{[company.address, company.city].filter(Boolean).join(", ") || "None"}</Fact>
      <Fact label="Contact email">{company.contactEmail ?? "None"}</Fact>
      <Fact label="Contact phone">{company.contactPhone ?? "None"}</Fact>
      <Fact label="Registered">{formatAccraDate(company.createdAt)}</Fact>
      <Fact label="Last owner sign-in">
        {company.lastLoginAt ? formatAccraDateTime(company.lastLoginAt) : "Never"}
      </Fact>
    </dl>
  );
}

function PlanFacts({ company }: { company: AdminCompanyDetail }) {
  const { plan } = company;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <Fact label="Plan">{plans[plan.plan].name}</Fact>
      <Fact label="Paid until">{plan.paidUntil ? formatAccraDate(plan.paidUntil) : "Not paid"}</Fact>
      <Fact label="Billing">{company.paymentStatus}</Fact>
      <Fact label="Next period">
        {plan.nextPlan
          ? `${plans[plan.nextPlan.plan].name} from ${formatAccraDate(plan.nextPlan.startsAt)}`
          : "None queued"}
      </Fact>
    </dl>
  );
}

function Payments({ company }: { company: AdminCompanyDetail }) {
  if (company.payments.length === 0) return <Empty>No payments yet.</Empty>;
  return (
    <ul className={listClass} aria-label="Recent payments">
      {company.payments.map((payment) => (
        <li key={payment.id} className={rowClass}>
          <span>
            <span className="font-semibold">{formatCedis(payment.amount)}</span>
            {payment.plan ? ` · ${plans[payment.plan].name}` : ""} · {payment.status}
            {payment.reason ? ` (${payment.reason})` : ""}
          </span>
          <span className="text-xs text-stone-600">
            {formatAccraDateTime(payment.createdAt)} · <span className="font-mono">{payment.reference}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Ads({ company }: { company: AdminCompanyDetail }) {
  const { counts, newest } = company.ads;
  return (
    <>
      <p className="text-sm text-stone-700">
        {counts.total} {counts.total === 1 ? "ad" : "ads"}: {counts.active} active, {counts.paused} paused,{" "}
        {counts.expired} expired (plan allows {company.plan.maxAds}).
      </p>
      {newest.length > 0 && (
        <ul className={listClass} aria-label="Newest ads">
          {newest.map((ad) => (
            <li key={ad.id} className={rowClass}>
              <span>
                <span className="font-semibold">{ad.title}</span> · {ad.adType} · {ad.status}
                {ad.pausedByPlan ? " (by the plan)" : ""}
              </span>
              <span className="text-xs text-stone-600">
                {ad.viewCount} views · {formatAccraDate(ad.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Staff({ company }: { company: AdminCompanyDetail }) {
  if (company.staff.length === 0) return <Empty>No counter staff.</Empty>;
  return (
    <ul className={listClass} aria-label="Counter staff">
      {company.staff.map((member) => (
        <li key={member.id} className={rowClass}>
          <span>
            <span className="font-semibold">{member.name}</span>
            {member.isActive ? "" : " · deactivated"}
            {member.lockedUntil ? " · locked out (wrong PINs)" : ""}
          </span>
          <span className="text-xs text-stone-600">
            {member.lastLoginAt
              ? `Last sign-in ${formatAccraDateTime(member.lastLoginAt)}`
              : "Never signed in"}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Scans({ company }: { company: AdminCompanyDetail }) {
  const { last30Days, recent } = company.scans;
  return (
    <>
      <p className="text-sm text-stone-700">
        {last30Days.total} in the last 30 days: {last30Days.accepted} accepted, {last30Days.suspicious}{" "}
        suspicious.
      </p>
      {recent.length > 0 && (
        <ul className={listClass} aria-label="Recent scans">
          {recent.map((scan) => (
            <li key={scan.id} className={rowClass}>
              <span>
                <span className="font-semibold">{scan.action}</span> ·{" "}
                {scan.accepted ? "accepted" : "refused"}
                {scan.points ? ` · ${scan.points} points` : ""}
                {scan.isSuspicious ? " · suspicious" : ""} · {scan.staffName}
              </span>
              <span className="text-xs text-stone-600">{formatAccraDateTime(scan.scannedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface CompanyDetailsProps {
  companyId: number;
  onEdit(company: AdminCompanyDetail): void;
  onChangeStatus(company: AdminCompanyDetail): void;
}

/** Everything about one business for the admin, with the actions that change it. */
export function CompanyDetails({ companyId, onEdit, onChangeStatus }: CompanyDetailsProps) {
  const query = useAdminCompany(companyId, true);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the business's details" className="space-y-2">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError message="We couldn't load this business's details." onRetry={() => void query.refetch()} />
    );
  }
  return <CompanyDetailsView company={query.data} onEdit={onEdit} onChangeStatus={onChangeStatus} />;
}

/** The loaded details, with the actions that change the business. */
export function CompanyDetailsView({
  company,
  onEdit,
  onChangeStatus,
}: Omit<CompanyDetailsProps, "companyId"> & { company: AdminCompanyDetail }) {
  const suspended = company.status === "suspended";
  return (
    <div className="space-y-4 border-t border-stone-200 pt-3" data-testid="admin-company-details">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={() => onEdit(company)}>
          Edit details
        </Button>
        <Button
          variant={suspended ? "primary" : "danger"}
          className="px-3 py-1.5 text-sm"
          onClick={() => onChangeStatus(company)}
        >
          {suspended ? "Reactivate" : "Suspend"}
        </Button>
      </div>
      <Profile company={company} />
      <Section title="Plan">
        <PlanFacts company={company} />
      </Section>
      <Section title="Recent payments">
        <Payments company={company} />
      </Section>
      <Section title="Ads">
        <Ads company={company} />
      </Section>
      <Section title="Counter staff">
        <Staff company={company} />
      </Section>
      <Section title="Scans">
        <Scans company={company} />
      </Section>
    </div>
  );
}
