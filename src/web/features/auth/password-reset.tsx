import { useState } from "react";
import {
  forgotPasswordForm,
  newPasswordByCodeForm,
  newPasswordByLinkForm,
} from "../../../shared/forms/account";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CodeField, Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { type ResetPasswordBody, useForgotPassword, useResetPassword } from "./api";
import { CheckYourEmail } from "./check-your-email";

const looksLikeEmail = (identifier: string) => identifier.includes("@");

interface ForgotPasswordProps {
  onBack(): void;
  /** A phone number was given: the server texted a code, so ask for it and the new password. */
  onPhoneCodeSent(phoneNumber: string, message: string): void;
}

/** Step 1: the email or phone number. The answer is the same whether an account exists or not. */
export function ForgotPasswordForm({ onBack, onPhoneCodeSent }: ForgotPasswordProps) {
  const forgot = useForgotPassword();
  const t = useT();
  const form = useContractForm(forgotPasswordForm, { defaultValues: { identifier: "" } });
  const [emailMessage, setEmailMessage] = useState<string | null>(null);

  const submit = ({ identifier }: { identifier: string }) =>
    forgot.mutate(identifier, {
      onSuccess: ({ message }) => {
        if (looksLikeEmail(identifier)) setEmailMessage(message);
        else onPhoneCodeSent(identifier, message);
      },
      onError: (failure) =>
        applyServerErrors(form, failure, {
          fallbackField: "identifier",
          fallbackMessage: t("auth.tryAgainSoon"),
        }),
    });

  if (emailMessage) return <CheckYourEmail message={emailMessage} testId="reset-link-sent" onBack={onBack} />;

  return (
    <Card title={t("auth.forgot.title")} description={t("auth.forgot.intro")}>
      <Form form={form} onValid={submit} aria-label={t("auth.forgot.formLabel")} className="space-y-4">
        <TextField
          name="identifier"
          label={t("auth.forgot.identifier")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t("auth.forgot.identifierHint")}
        />
        <Button type="submit" className="w-full" pending={forgot.isPending} pendingLabel={t("auth.sending")}>
          {t("auth.forgot.submit")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          {t("auth.backToSignIn")}
        </Button>
      </Form>
    </Card>
  );
}

interface NewPasswordFormProps {
  /** The emailed link's token, or the phone the SMS code was sent to. */
  reset: { token: string } | { phoneNumber: string; message?: string };
  onDone(): void;
  onRestart(): void;
}

/** Step 2: choose a new password, with the link's token or the SMS code. Afterwards, sign in again. */
export function NewPasswordForm({ reset, onDone, onRestart }: NewPasswordFormProps) {
  const resetPassword = useResetPassword();
  const t = useT();
  const byPhone = "phoneNumber" in reset;
  const form = useContractForm<typeof newPasswordByCodeForm | typeof newPasswordByLinkForm>(
    byPhone ? newPasswordByCodeForm : newPasswordByLinkForm,
    {
      defaultValues: { otp: "", newPassword: "" },
    },
  );

  const submit = ({ otp, newPassword }: { otp?: string; newPassword: string }) => {
    const body: ResetPasswordBody = byPhone
      ? { phoneNumber: reset.phoneNumber, otp: otp ?? "", newPassword }
      : { token: reset.token, newPassword };
    resetPassword.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: t("auth.reset.updated"), description: message || t("auth.reset.updatedText") });
        onDone();
      },
      onError: (failure) => {
        // A used or expired link is the token's fault; it shows where the new password is typed.
        applyServerErrors(form, failure, { fieldFor: { token: "newPassword" } });
        toast({
          title: t("auth.reset.failed"),
          description: serverMessage(failure) ?? t("auth.tryAgain"),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <Card>
      <p className="mb-4 text-stone-700">
        {byPhone ? (reset.message ?? t("auth.reset.enterSmsCode")) : t("auth.reset.chooseNew")}
      </p>
      <Form form={form} onValid={submit} aria-label={t("auth.reset.formLabel")} className="space-y-4">
        {byPhone && <CodeField name="otp" label={t("auth.codeLabel")} />}
        <TextField
          name="newPassword"
          label={t("auth.reset.newPassword")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.reset.passwordHint")}
        />
        <Button
          type="submit"
          className="w-full"
          pending={resetPassword.isPending}
          pendingLabel={t("auth.saving")}
        >
          {t("auth.reset.submit")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onRestart}>
          {byPhone ? t("auth.reset.newCode") : t("auth.reset.newLink")}
        </Button>
      </Form>
    </Card>
  );
}
