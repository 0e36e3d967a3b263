import { useState } from "react";
import {
  forgotPasswordForm,
  newPasswordByCodeForm,
  newPasswordByLinkForm,
} from "../../../shared/forms/account";
import { CodeField, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { type ResetPasswordBody, useForgotPassword, useResetPassword } from "./api";
import { AuthStepCard, WhereToSendStep } from "./auth-step";
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

  if (emailMessage) return <CheckYourEmail message={emailMessage} testId="reset-link-sent" onBack={onBack} />;

  return (
    <WhereToSendStep
      text={{
        title: t("auth.forgot.title"),
        intro: t("auth.forgot.intro"),
        formLabel: t("auth.forgot.formLabel"),
        submit: t("auth.forgot.submit"),
      }}
      form={form}
      field="identifier"
      send={forgot}
      fallbackMessage={t("auth.tryAgainSoon")}
      onSent={(identifier, message) => {
        if (looksLikeEmail(identifier)) setEmailMessage(message);
        else onPhoneCodeSent(identifier, message);
      }}
      onBack={onBack}
    >
      <TextField
        name="identifier"
        label={t("auth.forgot.identifier")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("auth.forgot.identifierHint")}
      />
    </WhereToSendStep>
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
    <AuthStepCard
      lead={byPhone ? (reset.message ?? t("auth.reset.enterSmsCode")) : t("auth.reset.chooseNew")}
      formLabel={t("auth.reset.formLabel")}
      form={form}
      onValid={submit}
      submit={{
        label: t("auth.reset.submit"),
        pending: resetPassword.isPending,
        pendingLabel: t("auth.saving"),
      }}
      back={{ label: byPhone ? t("auth.reset.newCode") : t("auth.reset.newLink"), onClick: onRestart }}
    >
      {byPhone && <CodeField name="otp" label={t("auth.codeLabel")} />}
      <TextField
        name="newPassword"
        label={t("auth.reset.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("auth.reset.passwordHint")}
      />
    </AuthStepCard>
  );
}
