import { CheckCircle2, MailX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { VerifyResponse } from "../../../shared/contracts/auth";
import { newEmailLinkForm } from "../../../shared/forms/account";
import { paths } from "../../app/paths";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Form, TextField } from "../../components/ui/form-field";
import { PageSpinner } from "../../components/ui/page-spinner";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translate } from "../../lib/language";
import { useSendEmailLink } from "../../lib/verification-api";
import { useVerifyEmail, type VerificationState } from "./api";
import { ActivatedPanel, announceActivation, useRedirectToOnboarding } from "./verify-view";

export interface PhoneStepTarget {
  email: string;
  phoneNumber: string | null;
  verification: VerificationState;
}

type Outcome =
  | { kind: "checking" }
  | { kind: "activated"; signedIn: boolean }
  | { kind: "phone-needed-signed-out" }
  | { kind: "verified"; message: string }
  | { kind: "failed"; message: string };

function NewLinkForm() {
  const { user } = useAuth();
  const send = useSendEmailLink();
  const t = useT();
  const form = useContractForm(newEmailLinkForm, { defaultValues: { email: user?.email ?? "" } });
  const submit = ({ email }: { email: string }) =>
    send.mutate(email, {
      onSuccess: (result) => toast({ title: t("auth.verify.linkSent"), description: result.message }),
      onError: (failure) =>
        applyServerErrors(form, failure, {
          fallbackField: "email",
          fallbackMessage: t("auth.tryAgainSoon"),
        }),
    });
  return (
    <Form
      form={form}
      onValid={submit}
      aria-label={t("auth.emailLink.formLabel")}
      className="mt-4 space-y-3 text-left"
    >
      <TextField name="email" label={t("auth.email")} type="email" autoComplete="email" />
      <Button type="submit" pending={send.isPending} pendingLabel={t("auth.sending")} className="w-full">
        {t("auth.emailLink.sendNew")}
      </Button>
    </Form>
  );
}

/**
 * `/register?verify=<token>`: the emailed link. Posts the token once, then shows the outcome: activated
 * (signed in → onboarding after 1.5 s; another device → Sign in), phone still needed, or a failed link
 * with a way to ask for a new one.
 */
export function EmailLinkView({
  token,
  onPhoneNeeded,
}: {
  token: string;
  onPhoneNeeded(target: PhoneStepTarget): void;
}) {
  const { signIn } = useAuth();
  const verifyEmail = useVerifyEmail();
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "checking" });
  const sent = useRef(false);
  const handlers = useRef({ signIn, onPhoneNeeded });
  handlers.current = { signIn, onPhoneNeeded };

  useEffect(() => {
    // A token works once: never post it twice (StrictMode runs effects twice in development).
    if (sent.current) return;
    sent.current = true;
    verifyEmail.mutateAsync(token).then(
      ({ verification: v, user, message }: VerifyResponse) => {
        if (user) handlers.current.signIn(user);
        if (v.activated) {
          announceActivation(v.xpAwarded);
          setOutcome({ kind: "activated", signedIn: Boolean(user) });
        } else if (v.requiresPhone && !v.isPhoneVerified) {
          toast({
            title: translate("auth.emailLink.verifiedToast"),
            description: translate("auth.emailLink.verifiedToastText"),
          });
          if (user) {
            handlers.current.onPhoneNeeded({
              email: user.email,
              phoneNumber: user.phoneNumber,
              verification: v,
            });
          } else setOutcome({ kind: "phone-needed-signed-out" });
        } else setOutcome({ kind: "verified", message });
      },
      (failure: unknown) =>
        setOutcome({
          kind: "failed",
          message: serverMessage(failure) ?? translate("auth.emailLink.invalid"),
        }),
    );
  }, [token, verifyEmail.mutateAsync]);

  useRedirectToOnboarding(outcome.kind === "activated" && outcome.signedIn);

  switch (outcome.kind) {
    case "checking":
      return (
        <div>
          <PageSpinner label={t("auth.emailLink.loading")} />
          <p className="text-center text-stone-600">{t("auth.emailLink.checking")}</p>
        </div>
      );
    case "activated":
      return <ActivatedPanel signInNeeded={!outcome.signedIn} />;
    case "phone-needed-signed-out":
    case "verified":
      return (
        <Card className="text-center" testId="email-verified">
          <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
          <h2 className="mt-3 text-2xl font-extrabold">{t("auth.verify.emailVerified")}</h2>
          <p className="mt-1 text-stone-600">
            {outcome.kind === "verified" ? outcome.message : t("auth.emailLink.signInForPhone")}
          </p>
          <Link to={paths.login} className={buttonClass("primary", "mt-5")}>
            {t("auth.signIn")}
          </Link>
        </Card>
      );
    case "failed":
      return (
        <Card className="text-center" testId="email-link-failed">
          <MailX className="mx-auto size-12 text-red-600" aria-hidden />
          <h2 className="mt-3 text-2xl font-extrabold">{t("auth.emailLink.failedTitle")}</h2>
          <p className="mt-1 text-stone-600" role="alert">
            {outcome.message}
          </p>
          <p className="mt-3 text-sm text-stone-600">{t("auth.emailLink.askNew")}</p>
          <NewLinkForm />
        </Card>
      );
  }
}
