import { useId, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { CompanyProfile } from "../../../shared/contracts/companies";
import { setPlanForm } from "../../../shared/forms/companies";
import { paidPeriodDays, planIds, plans } from "../../../shared/plans";
import { companyDashboardPath } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Form, SelectField, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { accraDay, addDays, formatAccraDate } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useAdminCompanies, useResendCompanySetupLink, useSetCompanyPlan } from "./api";

function SetPlanForm({ company, onDone }: { company: CompanyProfile; onDone(): void }) {
  const setPlan = useSetCompanyPlan();
  const today = accraDay(new Date());
  // Keep the current paid period unless the admin changes it; a company without one gets 30 days.
  const current = company.plan.paidUntil ? new Date(company.plan.paidUntil) : null;
  const defaultUntil = accraDay(
    current && current > new Date() ? current : addDays(new Date(), paidPeriodDays),
  );
  const form = useContractForm(setPlanForm, {
    defaultValues: { plan: company.plan.plan, paidUntil: defaultUntil },
  });

  const submit = (choice: z.output<typeof setPlanForm>) =>
    setPlan.mutate(
      { companyId: company.id, ...choice },
      {
        onSuccess: (updated) => {
          toast({
            title: "Plan updated",
            description: `${updated.name} is on ${plans[updated.plan.plan].name}${
              updated.plan.paidUntil ? ` until ${formatAccraDate(updated.plan.paidUntil)}` : ", not paid"
            }.`,
          });
          onDone();
        },
        onError: (failure) =>
          applyServerErrors(form, failure, { fallbackField: "plan", fallbackMessage: "Please try again." }),
      },
    );

  return (
    <Form form={form} onValid={submit} aria-label="Set plan" className="space-y-4">
      <SelectField name="plan" label="Plan">
        {planIds.map((id) => (
          <option key={id} value={id}>
            {plans[id].name}
          </option>
        ))}
      </SelectField>
      <TextField
        name="paidUntil"
        label="Paid until"
        type="date"
        min={today}
        hint={`The plan runs to the end of this day (Accra time). Defaults to the current paid period, or ${paidPeriodDays} days from today. Leave empty for not paid.`}
      />
      <Button type="submit" pending={setPlan.isPending} pendingLabel="Saving…">
        Save plan
      </Button>
    </Form>
  );
}

function CompanyRow({ company, onSetPlan }: { company: CompanyProfile; onSetPlan(): void }) {
  const titleId = useId();
  const resend = useResendCompanySetupLink();
  const { plan } = company;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="admin-company"
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
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${
              plan.isCurrent ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"
            }`}
          >
            {plan.isCurrent ? "Current" : "Lapsed"}
          </span>
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
          <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={onSetPlan}>
            Set plan
          </Button>
          {!company.username && (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-sm"
              pending={resend.isPending}
              pendingLabel="Sending…"
              onClick={() =>
                resend.mutate(company.id, {
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
          )}
          <Link
            to={companyDashboardPath(company.id)}
            className="inline-flex items-center px-3 py-1.5 text-sm font-semibold text-amber-800 hover:underline"
          >
            Open dashboard
          </Link>
        </div>
      </article>
    </li>
  );
}

/** Every business with its plan, whether it is current, and its ads against the plan's limit. */
export function CompaniesList() {
  const query = useAdminCompanies(true);
  const [planFor, setPlanFor] = useState<CompanyProfile | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading businesses" className="space-y-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <>
      {query.data.length === 0 ? (
        <p className="text-stone-600">No businesses yet. Register the first one below.</p>
      ) : (
        <ul className="space-y-3" aria-label="Businesses">
          {query.data.map((company) => (
            <CompanyRow key={company.id} company={company} onSetPlan={() => setPlanFor(company)} />
          ))}
        </ul>
      )}
      <Dialog
        open={planFor !== null}
        onClose={() => setPlanFor(null)}
        title={planFor ? `Set the plan of ${planFor.name}` : "Set plan"}
      >
        {planFor && <SetPlanForm company={planFor} onDone={() => setPlanFor(null)} />}
      </Dialog>
    </>
  );
}
