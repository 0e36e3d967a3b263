import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Mail, PartyPopper, Smartphone, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { VerifyResponse } from "../../../shared/contracts/auth";
import { paths } from "../../app/paths";
import { PhoneCodeForm } from "../../components/phone-code-form";
import { Button, buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { formatPhone } from "../../lib/format";
import { signInBonusXp } from "../../lib/google-return";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { useSendEmailLink } from "../../lib/verification-api";
import { useVerificationStatus, type VerificationState } from "./api";

/** Spec section 9: after activation the page moves on to onboarding after 1.5 s. */
export const activationRedirectMs = 1500;

export function bonusText(xpAwarded: number | undefined): string {
  return `Your ${xpAwarded && xpAwarded > 0 ? xpAwarded : signInBonusXp} XP sign-in bonus has been added.`;
}

export function announceActivation(xpAwarded: number | undefined) {
  toast({
    title: "Account Activated!",
    description: `Complete your profile to get started! ${bonusText(xpAwarded)}`,
  });
}

/** Goes to /onboarding 1.5 s after `active` turns true (cancelled if the page is left first). */
export function useRedirectToOnboarding(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(paths.onboarding), activationRedirectMs);
    return () => clearTimeout(timer);
  }, [active, navigate]);
}

/** 'Account Activated!': either on the way to onboarding, or (link opened on another device) a Sign in. */
export function ActivatedPanel({ signInNeeded = false }: { signInNeeded?: boolean }) {
  return (
    <Card className="text-center" testId="account-activated">
      <PartyPopper className="mx-auto size-12 text-amber-600" aria-hidden />
      <h2 className="mt-3 text-2xl font-extrabold text-stone-900">Account Activated!</h2>
      <p className="mt-1 text-stone-600">Complete your profile to get started!</p>
      {signInNeeded ? (
        <>
          <p className="mt-3 text-sm text-stone-600">
            Sign in on this device to collect your {signInBonusXp} XP sign-in bonus and start discovering.
          </p>
          <Link to={paths.login} className={buttonClass("primary", "mt-5")}>
            Sign in
          </Link>
        </>
      ) : (
        <p className="mt-4 text-sm text-stone-500" role="status">
          Taking you to your profile questions…
        </p>
      )}
    </Card>
  );
}

export function UnverifiedWarning({ withPhone }: { withPhone: boolean }) {
  return (
    <p className="flex gap-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <TriangleAlert className="size-5 shrink-0 text-amber-600" aria-hidden />
      <span>
        Verify your email{withPhone ? " and phone number" : ""} within 24 hours. Accounts that are not
        verified are deleted after 24 hours.
      </span>
    </p>
  );
}

function Verified({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 font-medium text-green-700">
      <CheckCircle2 className="size-5" aria-hidden /> {children}
    </p>
  );
}

function EmailCard({ email, verified }: { email: string; verified: boolean }) {
  const resend = useSendEmailLink();
  const resendLink = () =>
    resend.mutate(email, {
      onSuccess: (result) => toast({ title: "Verification Link Sent", description: result.message }),
      onError: (failure) =>
        toast({
          title: "Could not send the link",
          description: serverMessage(failure) ?? "Please try again in a moment.",
          variant: "destructive",
        }),
    });
  return (
    <Card
      title="Verify your email"
      icon={<Mail className="size-5" aria-hidden />}
      testId="email-verification"
    >
      {verified ? (
        <Verified>Email verified</Verified>
      ) : (
        <>
          <p className="text-stone-700">
            We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your email.
          </p>
          <p className="mt-1 text-sm text-stone-500">
            Can't find it? Check your spam folder, or send it again.
          </p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={resendLink}
            pending={resend.isPending}
            pendingLabel="Sending…"
          >
            Resend link
          </Button>
        </>
      )}
    </Card>
  );
}

interface VerifyViewProps {
  email: string;
  phoneNumber: string | null;
  /** What is already known (e.g. from the email link); the server is asked again every 5 s. */
  initial?: VerificationState;
  /**
   * When the server requires a phone and none was given: a form that saves one (the profile's), which
   * calls `onAdded` with the number its code went to.
   */
  addPhoneForm(onAdded: (phoneNumber: string) => void): ReactNode;
}

/**
 * The verify view of /register (spec sections 2 and 4): email card, phone card when a phone was given
 * (or the server requires one), the 24-hour warning, and activation → /onboarding after 1.5 s.
 */
export function VerifyView({ email, phoneNumber: givenPhone, initial, addPhoneForm }: VerifyViewProps) {
  const { user, signIn, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [phoneNumber, setPhoneNumber] = useState(givenPhone);
  const [activated, setActivated] = useState(false);
  const announced = useRef(false);
  const status = useVerificationStatus(user?.id, !activated);
  // Until the server answers, the stored user tells what is already verified.
  const verification: VerificationState | undefined =
    status.data?.verification ??
    initial ??
    (user
      ? {
          isEmailVerified: user.isEmailVerified,
          isPhoneVerified: user.isPhoneVerified,
          requiresPhone: false,
          activated: false,
          xpAwarded: 0,
        }
      : undefined);
  useRecheckSessionOn401(status.error);

  useEffect(() => {
    if (!verification?.activated || activated) return;
    setActivated(true);
    if (!announced.current) {
      announced.current = true;
      announceActivation(verification.xpAwarded);
      void refreshUser();
    }
  }, [verification, activated, refreshUser]);
  useRedirectToOnboarding(activated);

  const onPhoneVerified = (result: VerifyResponse) => {
    if (result.user) signIn(result.user);
    if (result.verification.activated) {
      announced.current = true;
      toast({
        title: "Phone Verified!",
        description: `Account Activated! ${bonusText(result.verification.xpAwarded)}`,
      });
      if (!result.user) void refreshUser();
    } else {
      toast({ title: "Phone Verified!", description: "Now open the link we emailed you to finish." });
    }
    queryClient.setQueryData(["/api/auth/verification", user?.id], { verification: result.verification });
  };

  if (activated) return <ActivatedPanel />;

  const needsPhone = Boolean(phoneNumber) || Boolean(verification?.requiresPhone);
  return (
    <div className="space-y-4">
      <EmailCard email={email} verified={verification?.isEmailVerified ?? false} />
      {needsPhone && (
        <Card
          title="Verify your phone"
          icon={<Smartphone className="size-5" aria-hidden />}
          testId="phone-verification"
          description={
            phoneNumber ? formatPhone(phoneNumber) : "Add a Ghana phone number to activate your account."
          }
        >
          {verification?.isPhoneVerified ? (
            <Verified>Phone verified</Verified>
          ) : phoneNumber ? (
            <PhoneCodeForm phoneNumber={phoneNumber} onVerified={onPhoneVerified} />
          ) : (
            addPhoneForm(setPhoneNumber)
          )}
        </Card>
      )}
      <UnverifiedWarning withPhone={needsPhone} />
    </div>
  );
}
