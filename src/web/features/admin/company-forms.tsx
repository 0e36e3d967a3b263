import { useState } from "react";
import type { z } from "zod";
import { categories, cities } from "../../../shared/categories";
import {
  type AdminCompanyStatus,
  type CompanyProfile,
  companyStatusRequest,
} from "../../../shared/contracts/companies";
import { adminEditCompanyForm, setPlanForm } from "../../../shared/forms/companies";
import { paidPeriodDays, planIds, plans } from "../../../shared/plans";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Form, SelectField, TextAreaField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { accraDay, addDays, formatAccraDate } from "../../lib/dates";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useSetCompanyPlan, useSetCompanyStatus, useUpdateCompany } from "./api";
import { SubcategoryField } from "./register-business-form";

/** The reason box every recorded admin action asks for (it goes into the audit log). */
function ReasonField({ hint }: { hint: string }) {
  return <TextAreaField name="reason" label="Reason" rows={2} maxLength={500} hint={hint} />;
}

/** A plan set by hand (a correction or a gift), with the reason kept in the audit log. */
export function SetPlanForm({ company, onDone }: { company: CompanyProfile; onDone(): void }) {
  const setPlan = useSetCompanyPlan();
  const today = accraDay(new Date());
  // Keep the current paid period unless the admin changes it; a company without one gets 30 days.
  const current = company.plan.paidUntil ? new Date(company.plan.paidUntil) : null;
  const defaultUntil = accraDay(
    current && current > new Date() ? current : addDays(new Date(), paidPeriodDays),
  );
  const form = useContractForm(setPlanForm, {
    defaultValues: { plan: company.plan.plan, paidUntil: defaultUntil, reason: "" },
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
      <ReasonField hint="Why you're setting it by hand (e.g. paid in cash, a gift). Kept in the audit log." />
      <Button type="submit" pending={setPlan.isPending} pendingLabel="Saving…">
        Save plan
      </Button>
    </Form>
  );
}

/** The details the admin registered, corrected with the registration form's rules; changes are recorded. */
export function EditCompanyForm({ company, onDone }: { company: CompanyProfile; onDone(): void }) {
  const update = useUpdateCompany();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(adminEditCompanyForm, {
    defaultValues: {
      name: company.name,
      category: company.category,
      subcategory: company.subcategory ?? "",
      city: company.city ?? "",
      address: company.address ?? "",
      contactEmail: company.contactEmail ?? "",
      contactPhone: company.contactPhone ?? "",
    },
  });

  const submit = (changes: z.output<typeof adminEditCompanyForm>) => {
    setAlert(null);
    update.mutate(
      { companyId: company.id, ...changes },
      {
        onSuccess: (updated) => {
          toast({ title: "Details saved", description: `${updated.name}'s details are up to date.` });
          onDone();
        },
        onError: (failure) => {
          const shown = applyServerErrors(form, failure);
          if (Object.keys(shown).length === 0) {
            setAlert(serverMessage(failure) ?? "We couldn't save the details. Please try again.");
          }
        },
      },
    );
  };

  return (
    <Form form={form} onValid={submit} aria-label="Edit details" className="space-y-4">
      <TextField name="name" label="Business name" maxLength={120} />
      <SelectField name="category" label="Category" onChange={() => form.setValue("subcategory", "")}>
        <option value="" disabled>
          Choose a category
        </option>
        {categories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <SubcategoryField />
      <SelectField name="city" label="City">
        <option value="" disabled>
          Choose a city
        </option>
        {cities.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </SelectField>
      <TextField name="address" label="Address" maxLength={200} />
      <TextField
        name="contactEmail"
        label="Contact email"
        type="email"
        autoComplete="off"
        hint="Setup and sign-in links go here. Empty it to remove it (the phone must then remain)."
      />
      <TextField name="contactPhone" label="Contact phone" type="tel" placeholder="024 123 4567" />
      <FormActions
        alert={alert}
        submitLabel="Save details"
        pending={update.isPending}
        pendingLabel="Saving…"
        onCancel={onDone}
      />
    </Form>
  );
}

/** Suspends (signs the business out, hides its ads) or reactivates, with the reason in the audit log. */
export function CompanyStatusForm({
  company,
  status,
  onDone,
}: {
  company: CompanyProfile;
  status: AdminCompanyStatus;
  onDone(): void;
}) {
  const change = useSetCompanyStatus();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(companyStatusRequest, { defaultValues: { status, reason: "" } });
  const suspending = status === "suspended";

  const submit = (request: z.output<typeof companyStatusRequest>) => {
    setAlert(null);
    change.mutate(
      { companyId: company.id, ...request },
      {
        onSuccess: (updated) => {
          toast(
            suspending
              ? {
                  title: "Business suspended",
                  description: `${updated.name} is signed out everywhere and its ads are hidden from Discover.`,
                }
              : {
                  title: "Business reactivated",
                  description: `${updated.name} can sign in again and its ads show in Discover again.`,
                },
          );
          onDone();
        },
        onError: (failure) => {
          const shown = applyServerErrors(form, failure);
          if (Object.keys(shown).length === 0) {
            setAlert(serverMessage(failure) ?? "That didn't work. Please try again.");
          }
        },
      },
    );
  };

  return (
    <Form
      form={form}
      onValid={submit}
      aria-label={suspending ? "Suspend business" : "Reactivate business"}
      className="space-y-4"
    >
      <p className="text-sm text-stone-700">
        {suspending
          ? "The owner and counter staff are signed out and can't sign in, and its ads leave Discover until you reactivate it."
          : "The owner and counter staff can sign in again, and its ads return to Discover (while its plan is current)."}
      </p>
      <ReasonField hint="3 to 500 characters, kept in the audit log." />
      <FormActions
        alert={alert}
        submitLabel={suspending ? "Suspend" : "Reactivate"}
        submitVariant={suspending ? "danger" : "primary"}
        pending={change.isPending}
        pendingLabel="Saving…"
        onCancel={onDone}
      />
    </Form>
  );
}
