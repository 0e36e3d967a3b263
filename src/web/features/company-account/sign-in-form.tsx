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
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useCompanyLogin, useCompanyLoginCode, useSendCompanySignInLink } from "./api";

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

/** Refusals that offer a sign-in link: too many tries from here, or too many for the business. */
const linkOfferCodes = new Set(["RATE_LIMITED", "USE_SIGN_IN_LINK"]);

/**
 * `/company`: username and password, then the code step when the business asked for one. A refusal that
 * offers a sign-in link comes with the button that sends it to the username typed.
 */
export function CompanyLoginForm({
  onSignedIn,
  onLinkSent,
}: SignedIn & { onLinkSent(message: string): void }) {
  const login = useCompanyLogin();
  const sendLink = useSendCompanySignInLink();
  const form = useContractForm(companyLoginRequest, { defaultValues: { username: "", password: "" } });
  const [alert, setAlert] = useState<string | null>(null);
  const [offerLink, setOfferLink] = useState(false);
  const [codeMessage, setCodeMessage] = useState<string | null>(null);

  if (codeMessage) {
    return (
      <LoginCodeStep message={codeMessage} onSignedIn={onSignedIn} onBack={() => setCodeMessage(null)} />
    );
  }

  const submit = (credentials: { username: string; password: string }) => {
    setAlert(null);
    setOfferLink(false);
    login.mutate(credentials, {
      onSuccess: (result: CompanyLoginResponse) => {
        if (result.requiresOtp) setCodeMessage(result.message);
        else if (result.company) onSignedIn(result.company);
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        setAlert(serverMessage(failure) ?? fallbackMessage);
        setOfferLink(failure instanceof ApiError && linkOfferCodes.has(failure.code ?? ""));
      },
    });
  };

  const sendLinkNow = () =>
    sendLink.mutate(form.getValues("username"), {
      onSuccess: ({ message }) => onLinkSent(message),
      onError: (failure) => setAlert(serverMessage(failure) ?? fallbackMessage),
    });

  return (
    <Form form={form} onValid={submit} aria-label="Company sign in" className="space-y-4">
      {alert && <FormAlert>{alert}</FormAlert>}
      {offerLink && (
        <Button
          variant="secondary"
          className="w-full"
          pending={sendLink.isPending}
          pendingLabel="Sending…"
          onClick={sendLinkNow}
        >
          Send me a sign-in link
        </Button>
      )}
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
