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
          fallbackMessage: "Please try again in a moment.",
        }),
    });

  if (emailMessage) return <CheckYourEmail message={emailMessage} testId="reset-link-sent" onBack={onBack} />;

  return (
    <Card title="Forgot your password?" description="Enter your email or phone number to reset it.">
      <Form form={form} onValid={submit} aria-label="Forgot password" className="space-y-4">
        <TextField
          name="identifier"
          label="Email or phone number"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="An email gets a reset link; a phone number gets a 6-digit SMS code."
        />
        <Button type="submit" className="w-full" pending={forgot.isPending} pendingLabel="Sending…">
          Send reset instructions
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          Back to sign in
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
        toast({ title: "Password updated", description: message || "Sign in with your new password." });
        onDone();
      },
      onError: (failure) => {
        // A used or expired link is the token's fault; it shows where the new password is typed.
        applyServerErrors(form, failure, { fieldFor: { token: "newPassword" } });
        toast({
          title: "Password reset failed",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        });
      },
    });
  };

  return (
    <Card>
      <p className="mb-4 text-stone-700">
        {byPhone
          ? (reset.message ?? "Enter the code we sent by SMS.")
          : "Choose a new password for your account."}
      </p>
      <Form form={form} onValid={submit} aria-label="Password reset" className="space-y-4">
        {byPhone && <CodeField name="otp" label="6-digit code" />}
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <Button type="submit" className="w-full" pending={resetPassword.isPending} pendingLabel="Saving…">
          Set new password
        </Button>
        <Button variant="ghost" className="w-full" onClick={onRestart}>
          {byPhone ? "Send a new code" : "Request a new link"}
        </Button>
      </Form>
    </Card>
  );
}
