import { type FormEvent, useRef, useState } from "react";
import type { VerifyResponse } from "../../../shared/contracts/auth";
import { Button } from "../../components/ui/button";
import { CodeInput } from "../../components/ui/code-input";
import { toast } from "../../components/ui/use-toast";
import { formatPhone } from "../../lib/format";
import { isNetworkFailure, rules, serverFieldErrors, serverMessage } from "../../lib/forms";
import { useSendPhoneOtp, useVerifyOtp } from "./api";

interface PhoneCodeFormProps {
  phoneNumber: string;
  /** Called once the server accepts the code; the caller announces it (and any activation). */
  onVerified(result: VerifyResponse): void;
  autoFocus?: boolean;
}

/**
 * The SMS code entry of spec sections 2 and 4: digits only, at most 6, verified automatically 0.5 s
 * after the sixth digit (or with the button), with 'Resend SMS'.
 */
export function PhoneCodeForm({ phoneNumber, onVerified, autoFocus }: PhoneCodeFormProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const verifyOtp = useVerifyOtp();
  const resend = useSendPhoneOtp();
  const inFlight = useRef(false);
  const lastTried = useRef<string | null>(null);

  const verify = (value: string, automatic: boolean) => {
    if (inFlight.current || (automatic && lastTried.current === value)) return;
    const invalid = rules.otp(value);
    if (invalid) return setError(invalid);
    inFlight.current = true;
    lastTried.current = value;
    setError(undefined);
    verifyOtp.mutate(
      { phoneNumber, otp: value },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          setCode("");
          lastTried.current = null;
          const message = serverMessage(failure);
          if (message && !isNetworkFailure(failure)) {
            setError(serverFieldErrors(failure).otp ?? message);
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify(code, false);
  };

  return (
    <form aria-label="Phone verification" noValidate onSubmit={submit} className="space-y-3">
      <CodeInput
        value={code}
        onChange={(next) => {
          setCode(next);
          if (error) setError(undefined);
        }}
        onComplete={(complete) => verify(complete, true)}
        hint={`Enter the 6-digit code we sent by SMS to ${formatPhone(phoneNumber)}.`}
        error={error}
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
    </form>
  );
}
