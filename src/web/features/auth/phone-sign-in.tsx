import { useState } from "react";
import { phoneSignInCodeRequest, phoneSignInRequest } from "../../../shared/contracts/auth";
import type { SessionUser } from "../../../shared/contracts/session";
import { FormAlert } from "../../components/ui/form-alert";
import { CodeField, TextField } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useSendPhoneSignInCode, useSignInWithPhoneCode } from "./api";
import { AuthStepCard, WhereToSendStep } from "./auth-step";

const codeForm = phoneSignInRequest.pick({ code: true });

/**
 * "Sign in with phone number": for members who joined by USSD (no email or password yet), the number
 * then the code texted to it (docs/product-rules.md#ussd-phone-sign-in).
 */
export function PhoneSignInForm({
  onSignedIn,
  onBack,
}: {
  onSignedIn(user: SessionUser): void;
  onBack(): void;
}) {
  const [sent, setSent] = useState<{ phoneNumber: string; message: string } | null>(null);
  if (!sent) {
    return (
      <PhoneNumberStep onSent={(phoneNumber, message) => setSent({ phoneNumber, message })} onBack={onBack} />
    );
  }
  return <PhoneCodeStep sent={sent} onSignedIn={onSignedIn} onNewCode={() => setSent(null)} />;
}

function PhoneNumberStep({
  onSent,
  onBack,
}: {
  onSent(phoneNumber: string, message: string): void;
  onBack(): void;
}) {
  const send = useSendPhoneSignInCode();
  const t = useT();
  const form = useContractForm(phoneSignInCodeRequest, { defaultValues: { phoneNumber: "" } });
  return (
    <WhereToSendStep
      text={{
        title: t("auth.phone.title"),
        intro: t("auth.phone.intro"),
        formLabel: t("auth.phone.formLabel"),
        submit: t("auth.phone.send"),
      }}
      form={form}
      field="phoneNumber"
      send={send}
      fallbackMessage={t("auth.tryAgainSoon")}
      onSent={onSent}
      onBack={onBack}
    >
      <TextField
        name="phoneNumber"
        label={t("auth.phone.number")}
        type="tel"
        autoComplete="tel"
        hint={t("auth.phone.numberHint")}
      />
    </WhereToSendStep>
  );
}

function PhoneCodeStep({
  sent,
  onSignedIn,
  onNewCode,
}: {
  sent: { phoneNumber: string; message: string };
  onSignedIn(user: SessionUser): void;
  onNewCode(): void;
}) {
  const signIn = useSignInWithPhoneCode();
  const t = useT();
  const form = useContractForm(codeForm, { defaultValues: { code: "" } });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = ({ code }: { code: string }) =>
    signIn.mutate(
      { phoneNumber: sent.phoneNumber, code },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (failure) => {
          applyServerErrors(form, failure, { fieldFor: { otp: "code" } });
          setRefusal(serverMessage(failure) ?? t("auth.tryAgain"));
        },
      },
    );
  return (
    <AuthStepCard
      title={t("auth.phone.title")}
      lead={sent.message}
      formLabel={t("auth.phone.codeFormLabel")}
      form={form}
      onValid={submit}
      submit={{
        label: t("auth.phone.submit"),
        pending: signIn.isPending,
        pendingLabel: t("login.submitting"),
      }}
      back={{ label: t("auth.phone.newCode"), onClick: onNewCode }}
    >
      <CodeField name="code" label={t("auth.codeLabel")} autoFocus />
      {refusal && <FormAlert testId="phone-sign-in-refused">{refusal}</FormAlert>}
    </AuthStepCard>
  );
}
