import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import {
  type AdminCompanyStatus,
  adminCompaniesPageSize,
  adminCompanyStatuses,
  type CompanyProfile,
} from "../../../shared/contracts/companies";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import { companyDashboardPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FieldFrame, inputClass, inputStateClass, useFieldIds } from "../../components/ui/field-parts";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDate } from "../../lib/dates";
import { type CompaniesFilter, useAdminCompanies, useResendCompanySetupLink } from "./api";
import { CompanyDetails } from "./company-details";
import { CompanyStatusForm, EditCompanyForm, SetPlanForm } from "./company-forms";

const statusNames: Record<AdminCompanyStatus, string> = { active: "Active", suspended: "Suspended" };

/** What the open dialog does, and to which business. */
type Action =
  | { kind: "plan"; company: CompanyProfile }
  | { kind: "edit"; company: CompanyProfile }
  | { kind: "status"; company: CompanyProfile; status: AdminCompanyStatus };

function dialogTitle(action: Action): string {
  const { name } = action.company;
  if (action.kind === "plan") return `Set the plan of ${name}`;
  if (action.kind === "edit") return `Edit ${name}`;
  return action.status === "suspended" ? `Suspend ${name}` : `Reactivate ${name}`;
}

function ResendSetupLinkButton({ companyId }: { companyId: number }) {
  const resend = useResendCompanySetupLink();
  return (
    <Button
      variant="secondary"
      className="px-3 py-1.5 text-sm"
      pending={resend.isPending}
      pendingLabel="Sending…"
      onClick={() =>
        resend.mutate(companyId, {
          onSuccess: (result) => toast({ title: "Setup link sent", description: result.message }),
          onError: (failure) =>
            toast({
              title: "Could not send the link",
              description: serverMessage(failure) ?? "Please try again.",
              variant: "destructive",
            }),
        })
      }
    >
      Resend setup link
    </Button>
  );
}

interface CompanyRowProps {
  company: CompanyProfile;
  onAction(action: Action): void;
}

function CompanyRow({ company, onAction }: CompanyRowProps) {
  const titleId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const { plan } = company;
  const suspended = company.status === "suspended";
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="admin-company"
        data-status={company.status}
        className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={titleId} className="font-bold text-stone-900">
              {company.name}
            </h3>
            <p className="text-xs text-stone-500">
              {company.category}
              {company.subcategory ? ` · ${company.subcategory}` : ""}
              {company.city ? ` · ${company.city}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {suspended && (
              <span className="rounded-full bg-stone-800 px-2 py-0.5 text-xs font-bold text-white">
                Suspended
              </span>
            )}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-bold ${
                plan.isCurrent ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"
              }`}
            >
              {plan.isCurrent ? "Current" : "Lapsed"}
            </span>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-stone-500">Plan</dt>
            <dd className="font-semibold">{plans[plan.plan].name}</dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500">Paid until</dt>
            <dd className="font-semibold">{plan.paidUntil ? formatAccraDate(plan.paidUntil) : "Not paid"}</dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500">Ads</dt>
            <dd className="font-semibold">
              {plan.adsUsed} / {plan.maxAds}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-stone-500">Owner account</dt>
            <dd className="font-semibold">{company.username ? `@${company.username}` : "Not set up yet"}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {open ? "Hide details" : "Details"}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={() => onAction({ kind: "plan", company })}
          >
            Set plan
          </Button>
          {!company.username && <ResendSetupLinkButton companyId={company.id} />}
          <Link
            to={companyDashboardPath(company.id)}
            className="inline-flex items-center px-3 py-1.5 text-sm font-semibold text-amber-800 hover:underline"
          >
            Open dashboard
          </Link>
        </div>
        <div id={detailsId}>
          {open && (
            <CompanyDetails
              companyId={company.id}
              onEdit={(detail) => onAction({ kind: "edit", company: detail })}
              onChangeStatus={(detail) =>
                onAction({
                  kind: "status",
                  company: detail,
                  status: detail.status === "suspended" ? "active" : "suspended",
                })
              }
            />
          )}
        </div>
      </article>
    </li>
  );
}

const emptyFilter: CompaniesFilter = { q: "", status: "", plan: "", page: 1 };

/** Search by name, username or email; narrow by status and plan. Choosing a filter applies it at once. */
function CompanyFilters({ filter, onApply }: { filter: CompaniesFilter; onApply(f: CompaniesFilter): void }) {
  const [q, setQ] = useState(filter.q);
  const searchIds = useFieldIds("company-search", undefined, undefined);
  const statusIds = useFieldIds("company-status", undefined, undefined);
  const planIdsField = useFieldIds("company-plan", undefined, undefined);
  const selectClass = `${inputClass} ${inputStateClass(false)}`;
  return (
    <form
      aria-label="Find businesses"
      noValidate
      className="grid gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onApply({ ...filter, q, page: 1 });
      }}
    >
      <FieldFrame inputId={searchIds.inputId} label="Search businesses">
        <input
          {...searchIds.controlProps}
          type="search"
          value={q}
          maxLength={100}
          placeholder="Name, username or email"
          onChange={(event) => setQ(event.target.value)}
          className={selectClass}
        />
      </FieldFrame>
      <FieldFrame inputId={statusIds.inputId} label="Status">
        <select
          {...statusIds.controlProps}
          value={filter.status}
          onChange={(event) =>
            onApply({ ...filter, q, status: event.target.value as CompaniesFilter["status"], page: 1 })
          }
          className={selectClass}
        >
          <option value="">All statuses</option>
          {adminCompanyStatuses.map((status) => (
            <option key={status} value={status}>
              {statusNames[status]}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame inputId={planIdsField.inputId} label="Plan">
        <select
          {...planIdsField.controlProps}
          value={filter.plan}
          onChange={(event) => onApply({ ...filter, q, plan: event.target.value as PlanId | "", page: 1 })}
          className={selectClass}
        >
          <option value="">All plans</option>
          {planIds.map((id) => (
            <option key={id} value={id}>
              {plans[id].name}
            </option>
          ))}
        </select>
      </FieldFrame>
      <Button type="submit" variant="secondary" className="min-h-11">
        Search
      </Button>
    </form>
  );
}

function Pager({
  page,
  total,
  busy,
  onPage,
}: {
  page: number;
  total: number;
  busy: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / adminCompaniesPageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Business pages" className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <p className="text-sm text-stone-600" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/** Businesses, 25 a page, with their plan and ads; details, corrections, suspension and plan per business. */
export function CompaniesList() {
  const [filter, setFilter] = useState<CompaniesFilter>(emptyFilter);
  const [action, setAction] = useState<Action | null>(null);
  const query = useAdminCompanies(filter);
  const filtered = Boolean(filter.q.trim() || filter.status || filter.plan);
  const close = () => setAction(null);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Loading businesses" className="space-y-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (query.isError) {
    body = <LoadError onRetry={() => void query.refetch()} />;
  } else if (query.data.companies.length === 0 && filter.page > 1) {
    // The last page emptied (e.g. its businesses were suspended while filtering on active ones).
    body = (
      <div className="space-y-2">
        <p className="text-stone-600">No businesses on this page any more.</p>
        <Button variant="secondary" onClick={() => setFilter({ ...filter, page: 1 })}>
          Back to the first page
        </Button>
      </div>
    );
  } else if (query.data.companies.length === 0) {
    body = (
      <p className="text-stone-600">
        {filtered
          ? "No businesses match. Change the search or the filters."
          : "No businesses yet. Register the first one below."}
      </p>
    );
  } else {
    const { total, companies } = query.data;
    body = (
      <>
        <p className="text-sm text-stone-600">
          {total} {total === 1 ? "business" : "businesses"}
          {filtered ? " match" : ""}
        </p>
        <ul className="space-y-3" aria-label="Businesses" aria-busy={query.isPlaceholderData || undefined}>
          {companies.map((company) => (
            <CompanyRow key={company.id} company={company} onAction={setAction} />
          ))}
        </ul>
        <Pager
          page={filter.page}
          total={total}
          busy={query.isPlaceholderData}
          onPage={(page) => setFilter({ ...filter, page })}
        />
      </>
    );
  }

  return (
    <div className="space-y-3">
      <CompanyFilters filter={filter} onApply={setFilter} />
      {body}
      <Dialog open={action !== null} onClose={close} title={action ? dialogTitle(action) : "Business"}>
        {action?.kind === "plan" && <SetPlanForm company={action.company} onDone={close} />}
        {action?.kind === "edit" && <EditCompanyForm company={action.company} onDone={close} />}
        {action?.kind === "status" && (
          <CompanyStatusForm company={action.company} status={action.status} onDone={close} />
        )}
      </Dialog>
    </div>
  );
}
