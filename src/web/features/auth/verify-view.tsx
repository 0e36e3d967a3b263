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
import { useT } from "../../lib/i18n";
import { translate } from "../../lib/language";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { useSendEmailLink } from "../../lib/verification-api";
import { useVerificationStatus, type VerificationState } from "./api";

/** After activation the page moves on to onboarding after 1.5 s. */
export const activationRedirectMs = 1500;

/** The XP the activation awarded, or the usual sign-in bonus when the server didn't say. */
function bonusXp(xpAwarded: number | undefined): number {
  return xpAwarded && xpAwarded > 0 ? xpAwarded : signInBonusXp;
}

export function announceActivation(xpAwarded: number | undefined) {
  toast({
    title: translate("auth.activated.title"),
    description: translate("auth.activated.toastText", { xp: bonusXp(xpAwarded) }),
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
  const t = useT();
  return (
    <Card className="text-center" testId="account-activated">
      <PartyPopper className="mx-auto size-12 text-amber-600" aria-hidden />
      <h2 className="mt-3 text-2xl font-extrabold text-stone-900">{t("auth.activated.title")}</h2>
      <p className="mt-1 text-stone-600">{t("auth.activated.text")}</p>
      {signInNeeded ? (
        <>
          <p className="mt-3 text-sm text-stone-600">
            {t("auth.activated.signInHere", { xp: signInBonusXp })}
          </p>
          <Link to={paths.login} className={buttonClass("primary", "mt-5")}>
            {t("auth.signIn")}
          </Link>
        </>
      ) : (
        <p className="mt-4 text-sm text-stone-500" role="status">
          {t("auth.activated.redirecting")}
        </p>
      )}
    </Card>
  );
}

export function UnverifiedWarning({ withPhone }: { withPhone: boolean }) {
  const t = useT();
  return (
    <p className="flex gap-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <TriangleAlert className="size-5 shrink-0 text-amber-600" aria-hidden />
      <span>{withPhone ? t("auth.verify.warningEmailAndPhone") : t("auth.verify.warningEmail")}</span>
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

/** Stands in for a value while a message is split around it, so the value can be wrapped in markup. */
const valueMark = "\u0000";

function EmailCard({ email, verified }: { email: string; verified: boolean }) {
  const resend = useSendEmailLink();
  const t = useT();
  // The address is shown bold wherever the language puts it in the sentence.
  const [beforeEmail = "", afterEmail = ""] = t("auth.verify.linkSentTo", { email: valueMark }).split(
    valueMark,
  );
  const resendLink = () =>
    resend.mutate(email, {
      onSuccess: (result) => toast({ title: t("auth.verify.linkSent"), description: result.message }),
      onError: (failure) =>
        toast({
          title: t("auth.verify.linkFailed"),
          description: serverMessage(failure) ?? t("auth.tryAgainSoon"),
          variant: "destructive",
        }),
    });
  return (
    <Card
      title={t("auth.verify.title")}
      icon={<Mail className="size-5" aria-hidden />}
      testId="email-verification"
    >
      {verified ? (
        <Verified>{t("auth.verify.emailVerified")}</Verified>
      ) : (
        <>
          <p className="text-stone-700">
            {beforeEmail}
            <strong className="break-all">{email}</strong>
            {afterEmail}
          </p>
          <p className="mt-1 text-sm text-stone-500">{t("auth.verify.cantFind")}</p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={resendLink}
            pending={resend.isPending}
            pendingLabel={t("auth.sending")}
          >
            {t("auth.verify.resend")}
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
 * The verify view of /register: email card, phone card when a phone was given
 * (or the server requires one), the 24-hour warning, and activation → /onboarding after 1.5 s.
 */
export function VerifyView({ email, phoneNumber: givenPhone, initial, addPhoneForm }: VerifyViewProps) {
  const { user, signIn, refreshUser } = useAuth();
  const t = useT();
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
        title: t("auth.verify.phoneVerifiedToast"),
        description: t("auth.verify.phoneActivatedText", { xp: bonusXp(result.verification.xpAwarded) }),
      });
      if (!result.user) void refreshUser();
    } else {
      toast({ title: t("auth.verify.phoneVerifiedToast"), description: t("auth.verify.openLinkToFinish") });
    }
    queryClient.setQueryData(queryKeys.auth.verification(user?.id), { verification: result.verification });
  };

  if (activated) return <ActivatedPanel />;

  const needsPhone = Boolean(phoneNumber) || Boolean(verification?.requiresPhone);
  return (
    <div className="space-y-4">
      <EmailCard email={email} verified={verification?.isEmailVerified ?? false} />
      {needsPhone && (
        <Card
          title={t("auth.verify.phoneTitle")}
          icon={<Smartphone className="size-5" aria-hidden />}
          testId="phone-verification"
          description={phoneNumber ? formatPhone(phoneNumber) : t("auth.verify.addPhone")}
        >
          {verification?.isPhoneVerified ? (
            <Verified>{t("auth.verify.phoneVerified")}</Verified>
          ) : phoneNumber ? (
            <PhoneCodeForm phoneNumber={phoneNumber} onVerified={onPhoneVerified} />
          ) : (
            addPhoneForm(setPhoneNumber)
          )}
        </Card>
      )}
      <UnverifiedWarning withPhone={verification?.requiresPhone ?? false} />
    </div>
  );
}
