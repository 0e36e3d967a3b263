import { useRef } from "react";
import type { VerifyResponse } from "../../shared/contracts/auth";
import { phoneCodeForm } from "../../shared/forms/account";
import { isNetworkFailure, serverMessage } from "../lib/api-errors";
import { formatPhone } from "../lib/format";
import { applyServerErrors, useContractForm } from "../lib/forms";
import { useT } from "../lib/i18n";
import { useSendPhoneOtp, useVerifyOtp } from "../lib/verification-api";
import { Button } from "./ui/button";
import { CodeField, Form } from "./ui/form-field";
import { toast } from "./ui/use-toast";

interface PhoneCodeFormProps {
  phoneNumber: string;
  /** Called once the server accepts the code; the caller announces it (and any activation). */
  onVerified(result: VerifyResponse): void;
  autoFocus?: boolean;
}

/**
 * The SMS code entry (registration and a changed phone on the profile): digits
 * only, at most 6, verified automatically 0.5 s after the sixth digit (or with the button), with
 * 'Resend SMS'.
 */
export function PhoneCodeForm({ phoneNumber, onVerified, autoFocus }: PhoneCodeFormProps) {
  const form = useContractForm(phoneCodeForm, { defaultValues: { otp: "" } });
  const verifyOtp = useVerifyOtp();
  const resend = useSendPhoneOtp();
  const t = useT();
  const inFlight = useRef(false);
  const lastTried = useRef<string | null>(null);

  const verify = ({ otp }: { otp: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    lastTried.current = otp;
    verifyOtp.mutate(
      { phoneNumber, otp },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          form.setValue("otp", "");
          lastTried.current = null;
          const message = serverMessage(failure);
          if (message && !isNetworkFailure(failure)) {
            applyServerErrors(form, failure, { fallbackField: "otp" });
            toast({ title: t("auth.phoneCode.failed"), description: message, variant: "destructive" });
          } else {
            toast({
              title: t("auth.phoneCode.error"),
              description: t("auth.phoneCode.errorText"),
              variant: "destructive",
            });
          }
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  // The sixth digit submits by itself, once per code typed.
  const verifyTyped = (code: string) => {
    if (lastTried.current !== code) void form.handleSubmit(verify)();
  };

  const resendSms = () =>
    resend.mutate(phoneNumber, {
      onSuccess: (result) => toast({ title: t("auth.phoneCode.sent"), description: result.message }),
      onError: (failure) =>
        toast({
          title: t("auth.phoneCode.sendFailed"),
          description: serverMessage(failure) ?? t("auth.tryAgainSoon"),
          variant: "destructive",
        }),
    });

  return (
    <Form form={form} onValid={verify} aria-label={t("auth.phoneCode.formLabel")} className="space-y-3">
      <CodeField
        name="otp"
        onComplete={verifyTyped}
        label={t("auth.codeLabel")}
        hint={t("auth.phoneCode.hint", { phone: formatPhone(phoneNumber) })}
        autoFocus={autoFocus}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          pending={verifyOtp.isPending}
          pendingLabel={t("auth.phoneCode.verifying")}
          className="flex-1"
        >
          {t("auth.phoneCode.submit")}
        </Button>
        <Button
          variant="secondary"
          onClick={resendSms}
          pending={resend.isPending}
          pendingLabel={t("auth.sending")}
        >
          {t("auth.phoneCode.resend")}
        </Button>
      </div>
    </Form>
  );
}
