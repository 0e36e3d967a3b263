import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CodeInput } from "../../components/ui/code-input";
import { FormField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
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
import { useForgotPassword, useResetPassword } from "./api";

const looksLikeEmail = (identifier: string) => identifier.includes("@");

interface ForgotPasswordProps {
  onBack(): void;
  /** A phone number was given: the server texted a code, so ask for it and the new password. */
  onPhoneCodeSent(phoneNumber: string, message: string): void;
}

/** Step 1: the email or phone number. The answer is the same whether an account exists or not. */
export function ForgotPasswordForm({ onBack, onPhoneCodeSent }: ForgotPasswordProps) {
  const forgot = useForgotPassword();
  const { errors, setErrors, clearOnInput, checkSubmit } = useFieldErrors();
  const [emailMessage, setEmailMessage] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkSubmit(event, { identifier: rules.identifier });
    if (!checked) return;
    const { form, values } = checked;
    const identifier = values.identifier!.trim();
    if (!looksLikeEmail(identifier) && rules.phone(identifier)) {
      const notPhone = { identifier: "Enter your email or a Ghana phone number, e.g. 024 123 4567" };
      setErrors(notPhone);
      return focusFirstError(form, notPhone);
    }
    forgot.mutate(identifier, {
      onSuccess: ({ message }) => {
        if (looksLikeEmail(identifier)) setEmailMessage(message);
        else onPhoneCodeSent(identifier, message);
      },
      onError: (failure) => {
        const message = serverMessage(failure) ?? "Please try again in a moment.";
        setErrors({ identifier: serverFieldErrors(failure).identifier ?? message });
      },
    });
  };

  if (emailMessage) {
    return (
      <Card className="text-center" testId="reset-link-sent">
        <MailCheck className="mx-auto size-12 text-amber-600" aria-hidden />
        <h2 className="mt-3 text-xl font-bold">Check your email</h2>
        <p className="mt-1 text-stone-600" role="status">
          {emailMessage}
        </p>
        <Button variant="secondary" className="mt-5" onClick={onBack}>
          Back to sign in
        </Button>
      </Card>
    );
  }

  return (
    <Card title="Forgot your password?" description="Enter your email or phone number to reset it.">
      <form
        aria-label="Forgot password"
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="space-y-4"
      >
        <FormField
          name="identifier"
          label="Email or phone number"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.identifier}
          hint="An email gets a reset link; a phone number gets a 6-digit SMS code."
        />
        <Button type="submit" className="w-full" pending={forgot.isPending} pendingLabel="Sending…">
          Send reset instructions
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
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
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const [code, setCode] = useState("");
  const byPhone = "phoneNumber" in reset;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, string> = { ...formValues(form), otp: code };
    const invalid = validate(
      values,
      byPhone ? { otp: rules.otp, newPassword: rules.password } : { newPassword: rules.password },
    );
    setErrors(invalid);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    const newPassword = values.newPassword!;
    const body = byPhone
      ? { phoneNumber: reset.phoneNumber, otp: code, newPassword }
      : { token: reset.token, newPassword };
    resetPassword.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: "Password updated", description: message || "Sign in with your new password." });
        onDone();
      },
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        setErrors(fields);
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
      <form
        aria-label="Password reset"
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="space-y-4"
      >
        {byPhone && (
          <CodeInput
            value={code}
            onChange={(next) => {
              setCode(next);
              if (errors.otp) setErrors(({ otp: _otp, ...rest }) => rest);
            }}
            label="6-digit code"
            error={errors.otp}
          />
        )}
        <FormField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword ?? errors.token}
          hint="At least 6 characters."
        />
        <Button type="submit" className="w-full" pending={resetPassword.isPending} pendingLabel="Saving…">
          Set new password
        </Button>
        <Button variant="ghost" className="w-full" onClick={onRestart}>
          {byPhone ? "Send a new code" : "Request a new link"}
        </Button>
      </form>
    </Card>
  );
}
