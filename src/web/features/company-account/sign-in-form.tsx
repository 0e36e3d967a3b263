import { useState } from "react";
import {
  type CompanyLoginResponse,
  type CompanySummary,
  companyLoginRequest,
  companyOtpRequest,
} from "../../../shared/contracts/companies";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { CodeField, Form, TextField } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useCompanyLogin, useCompanyLoginCode } from "./api";

export const fallbackMessage = "Something went wrong. Check your connection and try again.";

export interface SignedIn {
  onSignedIn(company: CompanySummary): void;
}

/** The second step when the business turned on two-step sign-in: the 6-digit code sent by email or SMS. */
function LoginCodeStep({ message, onSignedIn, onBack }: SignedIn & { message: string; onBack(): void }) {
  const verify = useCompanyLoginCode();
  const form = useContractForm(companyOtpRequest, { defaultValues: { code: "" } });

  const submit = ({ code }: { code: string }) => {
    if (verify.isPending) return;
    verify.mutate(code, {
      onSuccess: (result) => {
        if (result.company) onSignedIn(result.company);
      },
      onError: (failure) => applyServerErrors(form, failure, { fallbackField: "code", fallbackMessage }),
    });
  };

  return (
    <Form form={form} onValid={submit} aria-label="Sign-in code" className="space-y-4">
      <p role="status" className="text-stone-700">
        {message}
      </p>
      <CodeField
        name="code"
        label="6-digit code"
        onComplete={() => void form.handleSubmit(submit)()}
        autoFocus
      />
      <Button type="submit" className="w-full" pending={verify.isPending} pendingLabel="Checking…">
        Verify code
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Sign in again
      </Button>
    </Form>
  );
}

/** `/company`: username and password, then the code step when the business asked for one. */
export function CompanyLoginForm({ onSignedIn }: SignedIn) {
  const login = useCompanyLogin();
  const form = useContractForm(companyLoginRequest, { defaultValues: { username: "", password: "" } });
  const [alert, setAlert] = useState<string | null>(null);
  const [codeMessage, setCodeMessage] = useState<string | null>(null);

  if (codeMessage) {
    return (
      <LoginCodeStep message={codeMessage} onSignedIn={onSignedIn} onBack={() => setCodeMessage(null)} />
    );
  }

  const submit = (credentials: { username: string; password: string }) => {
    setAlert(null);
    login.mutate(credentials, {
      onSuccess: (result: CompanyLoginResponse) => {
        if (result.requiresOtp) setCodeMessage(result.message);
        else if (result.company) onSignedIn(result.company);
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        setAlert(serverMessage(failure) ?? fallbackMessage);
      },
    });
  };

  return (
    <Form form={form} onValid={submit} aria-label="Company sign in" className="space-y-4">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" />
      <Button type="submit" className="w-full" pending={login.isPending} pendingLabel="Signing in…">
        Sign in
      </Button>
    </Form>
  );
}
