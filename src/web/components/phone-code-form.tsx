import { useRef } from "react";
import type { VerifyResponse } from "../../shared/contracts/auth";
import { phoneCodeForm } from "../../shared/forms/account";
import { isNetworkFailure, serverMessage } from "../lib/api-errors";
import { formatPhone } from "../lib/format";
import { applyServerErrors, useContractForm } from "../lib/forms";
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
 * The SMS code entry of spec sections 2 and 4 (registration and a changed phone on the profile): digits
 * only, at most 6, verified automatically 0.5 s after the sixth digit (or with the button), with
 * 'Resend SMS'.
 */
export function PhoneCodeForm({ phoneNumber, onVerified, autoFocus }: PhoneCodeFormProps) {
  const form = useContractForm(phoneCodeForm, { defaultValues: { otp: "" } });
  const verifyOtp = useVerifyOtp();
  const resend = useSendPhoneOtp();
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
            toast({ title: "Verification Failed", description: message, variant: "destructive" });
          } else {
            toast({
              title: "Error",
              description: "Failed to verify phone. Please try again.",
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
      onSuccess: (result) => toast({ title: "SMS OTP Sent", description: result.message }),
      onError: (failure) =>
        toast({
          title: "Could not send SMS",
          description: serverMessage(failure) ?? "Please try again in a moment.",
          variant: "destructive",
        }),
    });

  return (
    <Form form={form} onValid={verify} aria-label="Phone verification" className="space-y-3">
      <CodeField
        name="otp"
        onComplete={verifyTyped}
        hint={`Enter the 6-digit code we sent by SMS to ${formatPhone(phoneNumber)}.`}
        autoFocus={autoFocus}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={verifyOtp.isPending} pendingLabel="Verifying…" className="flex-1">
          Verify phone
        </Button>
        <Button variant="secondary" onClick={resendSms} pending={resend.isPending} pendingLabel="Sending…">
          Resend SMS
        </Button>
      </div>
    </Form>
  );
}
