import * as Tabs from "@radix-ui/react-tabs";
import type { UseMutationResult } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import type { FieldErrors, FieldValues, UseFormReturn } from "react-hook-form";
import {
  type ComingSoonResponse,
  comingSoonBusinessRequest,
  comingSoonUserRequest,
} from "../../../shared/contracts/coming-soon";
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
import {
  ChoiceGroupField,
  Form,
  SelectField,
  TextAreaField,
  TextField,
} from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useBusinessSignup, useUserSignup } from "./api";

const adBudgetLabels = Object.fromEntries(adBudgetOptions.map((b) => [b, `GH₵ ${b}`]));

function Options({
  options,
  labels,
}: {
  options: readonly string[];
  labels?: Readonly<Record<string, string>>;
}) {
  return (
    <>
      <option value="">Select…</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels?.[option] ?? option}
        </option>
      ))}
    </>
  );
}

/**
 * One submit for both signup forms. A required field left empty gives a 'Missing Info' toast; any
 * other refusal, the form's or the server's, an 'Error' toast with the message that names the field
 * (docs/product-rules.md#early-access-failure-message). Each message also shows under its field.
 */
function useSignup<TValues extends FieldValues, Body>(
  form: UseFormReturn<TValues, unknown, Body>,
  signup: UseMutationResult<ComingSoonResponse, Error, Body>,
  onDone: (message: string) => void,
) {
  const submitFailed = (message: string | undefined) =>
    toast({
      title: "Error",
      description: message ?? "Failed to submit. Please try again.",
      variant: "destructive",
    });

  const onValid = (body: Body) =>
    signup.mutate(body, {
      onSuccess: (result) => {
        toast({ title: "Success!", description: result.message });
        onDone(result.message);
      },
      onError: (error) => {
        applyServerErrors(form, error);
        submitFailed(serverMessage(error));
      },
    });

  const onInvalid = (errors: FieldErrors<TValues>) => {
    const values = form.getValues();
    const invalid = Object.keys(errors);
    if (invalid.some((name) => !String(values[name] ?? "").trim())) {
      toast({
        title: "Missing Info",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
    } else {
      submitFailed(errors[invalid[0]!]?.message as string | undefined);
    }
  };

  return { onValid, onInvalid, pending: signup.isPending };
}

function UserSignupForm({ onDone }: { onDone: (message: string) => void }) {
  const form = useContractForm(comingSoonUserRequest, {
    defaultValues: { name: "", email: "", phone: "", location: "", age: "", gender: "" },
  });
  const { onValid, onInvalid, pending } = useSignup(form, useUserSignup(), onDone);
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={onInvalid}
      aria-label="User signup"
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField name="name" label="Full name" required autoComplete="name" />
      <TextField name="email" label="Email" type="email" required autoComplete="email" />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <TextField name="location" label="Location" placeholder="e.g. Kumasi" autoComplete="address-level2" />
      <SelectField name="age" label="Age range">
        <Options options={ageOptions} />
      </SelectField>
      <SelectField name="gender" label="Gender">
        <Options options={genderOptions} labels={genderLabels} />
      </SelectField>
      <SubmitButton pending={pending} label="Get Early Access" />
    </Form>
  );
}

function BusinessSignupForm({ onDone }: { onDone: (message: string) => void }) {
  const form = useContractForm(comingSoonBusinessRequest, {
    defaultValues: {
      businessName: "",
      contactName: "",
      email: "",
      phone: "",
      category: "",
      location: "",
      businessSize: "",
      monthlyAdBudget: "",
      currentAdvertising: [],
      targetAudience: "",
      businessGoals: "",
      launchTimeframe: "",
    },
  });
  const { onValid, onInvalid, pending } = useSignup(form, useBusinessSignup(), onDone);
  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={onInvalid}
      aria-label="Business signup"
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField name="businessName" label="Business name" required autoComplete="organization" />
      <TextField name="contactName" label="Contact name" required autoComplete="name" />
      <TextField name="email" label="Email" type="email" required autoComplete="email" />
      <TextField
        name="phone"
        label="Phone"
        type="tel"
        required
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <SelectField name="category" label="Business category">
        <Options options={businessCategoryOptions} />
      </SelectField>
      <TextField name="location" label="Location" placeholder="e.g. Osu, Accra" />
      <SelectField name="businessSize" label="Business size">
        <Options options={businessSizeOptions} labels={businessSizeLabels} />
      </SelectField>
      <SelectField name="monthlyAdBudget" label="Monthly ad budget">
        <Options options={adBudgetOptions} labels={adBudgetLabels} />
      </SelectField>
      <ChoiceGroupField
        name="currentAdvertising"
        label="How do you advertise today?"
        multiple
        options={advertisingMethodOptions.map((method) => ({
          value: method,
          label: advertisingMethodLabels[method],
        }))}
        className="sm:col-span-2"
      />
      <TextAreaField name="targetAudience" label="Who are your customers?" rows={3} />
      <TextAreaField name="businessGoals" label="What do you want to achieve?" rows={3} />
      <SelectField name="launchTimeframe" label="When would you like to start?">
        <Options options={launchTimeframeOptions} labels={launchTimeframeLabels} />
      </SelectField>
      <SubmitButton pending={pending} label="Register Business" />
    </Form>
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
