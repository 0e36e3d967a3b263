import { useState } from "react";
import { brand } from "../../../shared/brand";
import { companySetupForm, resendSetupForm } from "../../../shared/forms/companies";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { type ResendSetupBody, useCompanySetup, useResendSetup } from "./api";
import { fallbackMessage, type SignedIn } from "./sign-in-form";

/** `/company?setup=<token>`: the owner chooses a username and password; success signs the business in. */
export function CompanySetupForm({ token, onSignedIn }: SignedIn & { token: string }) {
  const setup = useCompanySetup();
  // The token rides along as a value the owner never sees: a missing one is said in the alert.
  const form = useContractForm(companySetupForm, {
    defaultValues: { token, username: "", newPassword: "", confirmPassword: "" },
  });
  const [alert, setAlert] = useState<string | null>(null);

  const submit = ({ username, newPassword }: { username: string; newPassword: string }) => {
    setAlert(null);
    setup.mutate(
      { token, username, newPassword },
      {
        onSuccess: (result) => {
          if (result.company) onSignedIn(result.company);
        },
        onError: (failure) => {
          const shown = applyServerErrors(form, failure);
          setAlert(shown.token ?? serverMessage(failure) ?? fallbackMessage);
        },
      },
    );
  };

  return (
    <Form
      form={form}
      onValid={submit}
      onInvalid={(errors) => setAlert(errors.token?.message ?? null)}
      aria-label="Company setup"
      className="space-y-4"
    >
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        name="username"
        label="Choose a username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 30 letters, numbers, dots, dashes or underscores. Your counter staff sign in with it too (with their name and PIN), so keep it easy to type; your password stays yours."
      />
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
      />
      <TextField
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full" pending={setup.isPending} pendingLabel="Setting up…">
        Finish setup
      </Button>
    </Form>
  );
}

/** A new setup link, sent to the contact email or phone the platform has on file. */
export function ResendSetupForm() {
  const resend = useResendSetup();
  const form = useContractForm(resendSetupForm, { defaultValues: { contact: "" } });
  const [sent, setSent] = useState<string | null>(null);

  const submit = (target: ResendSetupBody) => {
    setSent(null);
    resend.mutate(target, {
      onSuccess: (result) => setSent(result.message),
      onError: (failure) =>
        applyServerErrors(form, failure, {
          fieldFor: { contactEmail: "contact", contactPhone: "contact", companyId: "contact" },
          fallbackField: "contact",
          fallbackMessage,
        }),
    });
  };

  return (
    <Form
      form={form}
      onValid={submit}
      onInvalid={() => setSent(null)}
      aria-label="Request a new setup link"
      className="space-y-3"
    >
      <TextField
        name="contact"
        label="Contact email or phone"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint={`The email or phone number the ${brand.name} team registered for your business.`}
      />
      {sent && (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-800 ring-1 ring-green-200">
          {sent}
        </p>
      )}
      <Button
        type="submit"
        variant="secondary"
        className="w-full"
        pending={resend.isPending}
        pendingLabel="Sending…"
      >
        Send me a new link
      </Button>
    </Form>
  );
}
