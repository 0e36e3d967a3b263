import { type FormEvent, useState } from "react";
import { brand } from "../../../shared/brand";
import type { CompanyLoginResponse, CompanySummary } from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { CodeInput } from "../../components/ui/code-input";
import { FormField } from "../../components/ui/form-field";
import {
  focusFirstError,
  formValues,
  hasErrors,
  rules,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
  validate,
} from "../../lib/forms";
import { useCompanyLogin, useCompanyLoginCode, useCompanySetup, useResendSetup } from "./api";

/** Spec section 5: the company login and setup messages, mirrored from src/shared/contracts/companies.ts. */
export const companyRules = {
  username: (value: string) => (value.trim() ? undefined : "Username is required"),
  password: (value: string) => (value ? undefined : "Password is required"),
  setupToken: (value: string) => (value.trim() ? undefined : "Setup token is required"),
  newPassword: (value: string) => {
    if (value.length < 6) return "Password must be at least 6 characters";
    if (value.length > 128) return "Password must be at most 128 characters";
  },
  resendTarget: (value: string) =>
    value.trim() ? undefined : "Either companyId, contactEmail, or contactPhone is required",
};

const fallbackMessage = "Something went wrong. Check your connection and try again.";

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
      {message}
    </p>
  );
}

interface SignedIn {
  onSignedIn(company: CompanySummary): void;
}

/** The second step when the business turned on two-step sign-in: the 6-digit code sent by email or SMS. */
function LoginCodeStep({ message, onSignedIn, onBack }: SignedIn & { message: string; onBack(): void }) {
  const verify = useCompanyLoginCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (value: string) => {
    const invalid = rules.otp(value);
    setError(invalid);
    if (invalid || verify.isPending) return;
    verify.mutate(value, {
      onSuccess: (result) => {
        if (result.company) onSignedIn(result.company);
      },
      onError: (failure) =>
        setError(serverMessage(failure) ?? serverFieldErrors(failure).code ?? fallbackMessage),
    });
  };

  return (
    <form
      aria-label="Sign-in code"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <p role="status" className="text-stone-700">
        {message}
      </p>
      <CodeInput
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        onComplete={submit}
        label="6-digit code"
        name="code"
        error={error}
        autoFocus
      />
      <Button type="submit" className="w-full" pending={verify.isPending} pendingLabel="Checking…">
        Verify code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Sign in again
      </Button>
    </form>
  );
}

/** `/company`: username and password, then the code step when the business asked for one. */
export function CompanyLoginForm({ onSignedIn }: SignedIn) {
  const login = useCompanyLogin();
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [alert, setAlert] = useState<string | null>(null);
  const [codeMessage, setCodeMessage] = useState<string | null>(null);

  if (codeMessage) {
    return (
      <LoginCodeStep message={codeMessage} onSignedIn={onSignedIn} onBack={() => setCodeMessage(null)} />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = validate(values, { username: companyRules.username, password: companyRules.password });
    setErrors(invalid);
    setAlert(null);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    login.mutate(
      { username: values.username!.trim(), password: values.password! },
      {
        onSuccess: (result: CompanyLoginResponse) => {
          if (result.requiresOtp) setCodeMessage(result.message);
          else if (result.company) onSignedIn(result.company);
        },
        onError: (failure) => {
          setErrors(serverFieldErrors(failure));
          setAlert(serverMessage(failure) ?? fallbackMessage);
        },
      },
    );
  };

  return (
    <form
      aria-label="Company sign in"
      noValidate
      onSubmit={submit}
      onInput={clearOnInput}
      className="space-y-4"
    >
      <FormAlert message={alert} />
      <FormField
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
      />
      <FormField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" className="w-full" pending={login.isPending} pendingLabel="Signing in…">
        Sign in
      </Button>
    </form>
  );
}

/** `/company?setup=<token>`: the owner chooses a username and password; success signs the business in. */
export function CompanySetupForm({ token, onSignedIn }: SignedIn & { token: string }) {
  const setup = useCompanySetup();
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [alert, setAlert] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const tokenError = companyRules.setupToken(token);
    const invalid = validate(values, { username: rules.username, newPassword: companyRules.newPassword });
    if (!invalid.newPassword && values.newPassword !== values.confirmPassword) {
      invalid.confirmPassword = "Passwords do not match";
    }
    setErrors(invalid);
    setAlert(tokenError ?? null);
    if (tokenError) return;
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    setup.mutate(
      { token, username: values.username!.trim(), newPassword: values.newPassword! },
      {
        onSuccess: (result) => {
          if (result.company) onSignedIn(result.company);
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          setErrors(fields);
          focusFirstError(form, fields);
          setAlert(fields.token ?? serverMessage(failure) ?? fallbackMessage);
        },
      },
    );
  };

  return (
    <form
      aria-label="Company setup"
      noValidate
      onSubmit={submit}
      onInput={clearOnInput}
      className="space-y-4"
    >
      <FormAlert message={alert} />
      <FormField
        name="username"
        label="Choose a username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
        hint="3 to 30 letters, numbers, dots, dashes or underscores. Your staff never see it."
      />
      <FormField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
        hint="At least 6 characters."
      />
      <FormField
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" pending={setup.isPending} pendingLabel="Setting up…">
        Finish setup
      </Button>
    </form>
  );
}

/** A new setup link, sent to the contact email or phone the platform has on file. */
export function ResendSetupForm() {
  const resend = useResendSetup();
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = validate(values, { contact: companyRules.resendTarget });
    const contact = values.contact?.trim() ?? "";
    if (!invalid.contact) {
      invalid.contact = contact.includes("@") ? rules.email(contact) : rules.phone(contact);
    }
    setErrors(invalid);
    setSent(null);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    resend.mutate(contact.includes("@") ? { contactEmail: contact } : { contactPhone: contact }, {
      onSuccess: (result) => setSent(result.message),
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        setErrors({
          contact:
            fields.contactEmail ??
            fields.contactPhone ??
            fields.companyId ??
            serverMessage(failure) ??
            fallbackMessage,
        });
      },
    });
  };

  return (
    <form
      aria-label="Request a new setup link"
      noValidate
      onSubmit={submit}
      onInput={clearOnInput}
      className="space-y-3"
    >
      <FormField
        name="contact"
        label="Contact email or phone"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.contact}
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
    </form>
  );
}
