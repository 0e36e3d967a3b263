import { useState } from "react";
import { phoneSignInCodeRequest, phoneSignInRequest } from "../../../shared/contracts/auth";
import type { SessionUser } from "../../../shared/contracts/session";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/form-alert";
import { CodeField, Form, TextField } from "../../components/ui/form-field";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useSendPhoneSignInCode, useSignInWithPhoneCode } from "./api";

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
  if (!sent) return <PhoneNumberStep onSent={setSent} onBack={onBack} />;
  return <PhoneCodeStep sent={sent} onSignedIn={onSignedIn} onNewCode={() => setSent(null)} />;
}

function PhoneNumberStep({
  onSent,
  onBack,
}: {
  onSent(sent: { phoneNumber: string; message: string }): void;
  onBack(): void;
}) {
  const send = useSendPhoneSignInCode();
  const t = useT();
  const form = useContractForm(phoneSignInCodeRequest, { defaultValues: { phoneNumber: "" } });
  const submit = ({ phoneNumber }: { phoneNumber: string }) =>
    send.mutate(phoneNumber, {
      onSuccess: ({ message }) => onSent({ phoneNumber, message }),
      onError: (failure) =>
        applyServerErrors(form, failure, {
          fallbackField: "phoneNumber",
          fallbackMessage: t("auth.tryAgainSoon"),
        }),
    });
  return (
    <Card title={t("auth.phone.title")} description={t("auth.phone.intro")}>
      <Form form={form} onValid={submit} aria-label={t("auth.phone.formLabel")} className="space-y-4">
        <TextField
          name="phoneNumber"
          label={t("auth.phone.number")}
          type="tel"
          autoComplete="tel"
          hint={t("auth.phone.numberHint")}
        />
        <Button type="submit" className="w-full" pending={send.isPending} pendingLabel={t("auth.sending")}>
          {t("auth.phone.send")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          {t("auth.backToSignIn")}
        </Button>
      </Form>
    </Card>
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
    <Card title={t("auth.phone.title")}>
      <p className="mb-4 text-stone-700">{sent.message}</p>
      <Form form={form} onValid={submit} aria-label={t("auth.phone.codeFormLabel")} className="space-y-4">
        <CodeField name="code" label={t("auth.codeLabel")} autoFocus />
        {refusal && <FormAlert testId="phone-sign-in-refused">{refusal}</FormAlert>}
        <Button
          type="submit"
          className="w-full"
          pending={signIn.isPending}
          pendingLabel={t("login.submitting")}
        >
          {t("auth.phone.submit")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onNewCode}>
          {t("auth.phone.newCode")}
        </Button>
      </Form>
    </Card>
  );
}
