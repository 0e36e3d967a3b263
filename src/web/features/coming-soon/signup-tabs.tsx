import * as Tabs from "@radix-ui/react-tabs";
import type { UseMutationResult } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { ComingSoonResponse } from "../../../shared/contracts/coming-soon";
import {
  adBudgetOptions,
  advertisingMethodLabels,
  advertisingMethodOptions,
  ageOptions,
  businessCategoryOptions,
  businessSizeLabels,
  businessSizeOptions,
  genderLabels,
  genderOptions,
  launchTimeframeLabels,
  launchTimeframeOptions,
} from "../../../shared/contracts/coming-soon-options";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { type FieldErrors, focusFirstError, useFieldErrors } from "../../lib/forms";
import { useBusinessSignup, useUserSignup } from "./api";
import { CheckboxGroup, readForm, SelectField, TextAreaField, TextField } from "./form-fields";

const adBudgetLabels = Object.fromEntries(adBudgetOptions.map((b) => [b, `GH₵ ${b}`]));

/** The spec's 'Missing Info' toast, and each empty required field marked with its own message. */
function missingInfo(values: Record<string, unknown>, required: Record<string, string>): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const [key, label] of Object.entries(required)) if (!values[key]) errors[key] = `${label} is required`;
  if (Object.keys(errors).length === 0) return null;
  toast({ title: "Missing Info", description: "Please fill in all required fields", variant: "destructive" });
  return errors;
}

/** The spec's 'Error' toast; a 400's field messages also go under their fields. */
function submitFailed(error: unknown): FieldErrors {
  // A 400 carries the server's message naming the bad field; anything else gets the spec's generic text.
  const message = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  toast({
    title: "Error",
    description: message ?? "Failed to submit. Please try again.",
    variant: "destructive",
  });
  return (error instanceof ApiError && error.status < 500 && error.fields) || {};
}

const userRequired = { name: "Full name", email: "Email", phone: "Phone" };
const businessRequired = {
  businessName: "Business name",
  contactName: "Contact name",
  email: "Email",
  phone: "Phone",
};

/**
 * One submit for both signup forms: the required-field check (toast and field messages), the request,
 * the success toast, and the server's refusals under their fields.
 */
function useSignupForm<Body>(
  signup: UseMutationResult<ComingSoonResponse, Error, Body>,
  required: Record<string, string>,
  listFields: string[],
  onDone: (message: string) => void,
) {
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readForm(form, listFields);
    const missing = missingInfo(values, required);
    setErrors(missing ?? {});
    if (missing) return focusFirstError(form, missing);
    signup.mutate(values as Body, {
      onSuccess: (result) => {
        toast({ title: "Success!", description: result.message });
        onDone(result.message);
      },
      onError: (error) => {
        const refused = submitFailed(error);
        setErrors(refused);
        // After the button re-enables, so focus lands on the field to fix, not on the page.
        setTimeout(() => focusFirstError(form, refused));
      },
    });
  };
  return { submit, errors, clearOnInput, pending: signup.isPending };
}

function UserSignupForm({ onDone }: { onDone: (message: string) => void }) {
  const { submit, errors, clearOnInput, pending } = useSignupForm(useUserSignup(), userRequired, [], onDone);
  return (
    <form
      onSubmit={submit}
      onInput={clearOnInput}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="User signup"
    >
      <TextField name="name" error={errors.name} label="Full name" required autoComplete="name" />
      <TextField name="email" error={errors.email} label="Email" type="email" required autoComplete="email" />
      <TextField
        name="phone"
        error={errors.phone}
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <TextField
        name="location"
        error={errors.location}
        label="Location"
        placeholder="e.g. Kumasi"
        autoComplete="address-level2"
      />
      <SelectField name="age" error={errors.age} label="Age range" options={ageOptions} />
      <SelectField
        name="gender"
        error={errors.gender}
        label="Gender"
        options={genderOptions}
        labels={genderLabels}
      />
      <SubmitButton pending={pending} label="Get Early Access" />
    </form>
  );
}

function BusinessSignupForm({ onDone }: { onDone: (message: string) => void }) {
  const { submit, errors, clearOnInput, pending } = useSignupForm(
    useBusinessSignup(),
    businessRequired,
    ["currentAdvertising"],
    onDone,
  );
  return (
    <form
      onSubmit={submit}
      onInput={clearOnInput}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Business signup"
    >
      <TextField
        name="businessName"
        error={errors.businessName}
        label="Business name"
        required
        autoComplete="organization"
      />
      <TextField
        name="contactName"
        error={errors.contactName}
        label="Contact name"
        required
        autoComplete="name"
      />
      <TextField name="email" error={errors.email} label="Email" type="email" required autoComplete="email" />
      <TextField
        name="phone"
        error={errors.phone}
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <SelectField
        name="category"
        error={errors.category}
        label="Business category"
        options={businessCategoryOptions}
      />
      <TextField name="location" error={errors.location} label="Location" placeholder="e.g. Osu, Accra" />
      <SelectField
        name="businessSize"
        error={errors.businessSize}
        label="Business size"
        options={businessSizeOptions}
        labels={businessSizeLabels}
      />
      <SelectField
        name="monthlyAdBudget"
        error={errors.monthlyAdBudget}
        label="Monthly ad budget"
        options={adBudgetOptions}
        labels={adBudgetLabels}
      />
      <div className="sm:col-span-2">
        <CheckboxGroup
          name="currentAdvertising"
          label="How do you advertise today?"
          options={advertisingMethodOptions}
          labels={advertisingMethodLabels}
        />
      </div>
      <TextAreaField name="targetAudience" error={errors.targetAudience} label="Who are your customers?" />
      <TextAreaField name="businessGoals" error={errors.businessGoals} label="What do you want to achieve?" />
      <SelectField
        name="launchTimeframe"
        error={errors.launchTimeframe}
        label="When would you like to start?"
        options={launchTimeframeOptions}
        labels={launchTimeframeLabels}
      />
      <SubmitButton pending={pending} label="Register Business" />
    </form>
  );
}

function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="sm:col-span-2">
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-xl bg-amber-700 px-5 py-3 font-bold text-white hover:bg-amber-800 disabled:opacity-60"
      >
        {pending ? "Submitting…" : label}
      </button>
    </div>
  );
}

const tabClass =
  "flex-1 rounded-xl px-4 py-2 text-sm font-semibold text-stone-600 data-[state=active]:bg-white data-[state=active]:text-amber-800 data-[state=active]:shadow";

/** The tabbed early-access signup of /coming-soon and /early-access, with its thank-you screen. */
export function SignupTabs() {
  const [thankYou, setThankYou] = useState<string | null>(null);

  if (thankYou) {
    return (
      <div
        className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200"
        data-testid="thank-you"
      >
        <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
        <h3 className="mt-3 text-2xl font-extrabold">Thank you!</h3>
        <p className="mt-2 text-stone-600">{thankYou}</p>
        <button
          type="button"
          onClick={() => setThankYou(null)}
          className="mt-6 rounded-xl bg-amber-700 px-5 py-2.5 font-semibold text-white hover:bg-amber-800"
        >
          Register Another Person
        </button>
      </div>
    );
  }

  return (
    <Tabs.Root
      defaultValue="user"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8"
    >
      <Tabs.List aria-label="Who is signing up" className="mb-6 flex gap-1 rounded-2xl bg-stone-100 p-1">
        <Tabs.Trigger value="user" className={tabClass}>
          I'm a User
        </Tabs.Trigger>
        <Tabs.Trigger value="business" className={tabClass}>
          I'm a Business
        </Tabs.Trigger>
      </Tabs.List>
      {/* Both forms stay mounted, so switching tabs never loses what was typed. */}
      <Tabs.Content value="user" forceMount className="data-[state=inactive]:hidden">
        <UserSignupForm onDone={setThankYou} />
      </Tabs.Content>
      <Tabs.Content value="business" forceMount className="data-[state=inactive]:hidden">
        <BusinessSignupForm onDone={setThankYou} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
