import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { type RegisterRequest, registerRequest } from "../../shared/contracts/auth";
import { registerWithPhoneForm } from "../../shared/forms/account";
import { paths } from "../app/paths";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Form, TextField } from "../components/ui/form-field";
import { toast } from "../components/ui/use-toast";
import { useAuthProviders, useRegister, type VerificationState } from "../features/auth/api";
import { EmailLinkView, type PhoneStepTarget } from "../features/auth/email-link-view";
import { GoogleButton, OrDivider } from "../features/auth/google-button";
import { HeldForYou } from "../features/auth/held-for-you";
import { VerifyView } from "../features/auth/verify-view";
import { PhoneNumberForm } from "../features/profile/phone-number-form";
import { serverMessage } from "../lib/api-errors";
import { useAuth } from "../lib/auth";
import { applyServerErrors, useContractForm } from "../lib/forms";
import { useT } from "../lib/i18n";
import { deviceLanguage } from "../lib/language";

type Mode =
  | { kind: "form" }
  | { kind: "link"; token: string }
  | { kind: "verify"; email: string; phoneNumber: string | null; initial?: VerificationState };

const referralKey = "anigye_referral_code";

/**
 * The inviter's code from `?ref=`, kept for this tab so it survives a detour (the verify step, a reload
 * without the query). An unknown code is harmless: the server ignores it.
 */
function useReferralCode(): string | undefined {
  const [searchParams] = useSearchParams();
  const [code] = useState(() => {
    const fromLink = searchParams.get("ref")?.trim().slice(0, 40) || undefined;
    try {
      if (fromLink) sessionStorage.setItem(referralKey, fromLink);
      return fromLink ?? sessionStorage.getItem(referralKey) ?? undefined;
    } catch {
      return fromLink;
    }
  });
  return code;
}

function RegisterForm({
  onCreated,
  referralCode,
  initialEmail,
  initialPhone,
}: {
  onCreated(target: { email: string; phoneNumber: string | null }): void;
  referralCode: string | undefined;
  /** From `?email=` (the early-access invitation links here with the invited address). */
  initialEmail: string;
  /** From `?phone=` (a shop's invite SMS links here with the number it held a stamp or points for). */
  initialPhone: string;
}) {
  const { signIn } = useAuth();
  const register = useRegister();
  const providers = useAuthProviders();
  const t = useT();
  // The phone is optional unless the server requires phone verification (SMS configured).
  const phoneRequired = providers.data?.requirePhoneVerification ?? false;
  const form = useContractForm<typeof registerRequest | typeof registerWithPhoneForm>(
    phoneRequired ? registerWithPhoneForm : registerRequest,
    {
      defaultValues: {
        displayName: "",
        username: "",
        email: initialEmail,
        phoneNumber: initialPhone,
        password: "",
      },
    },
  );

  const submit = (account: RegisterRequest) =>
    // The new account starts in the language chosen on this device, if one was.
    register.mutate(
      { ...account, referralCode, language: deviceLanguage() ?? undefined },
      {
        onSuccess: ({ user }) => {
          try {
            sessionStorage.removeItem(referralKey);
          } catch {
            // Storage disabled: nothing was kept.
          }
          signIn(user);
          toast({
            title: t("register.createdToast"),
            // The email alone activates unless the server requires the phone too (a phone given anyway
            // is verified when the member likes).
            description: phoneRequired ? t("register.createdToastPhone") : t("register.createdToastEmail"),
          });
          if (user.activated) return; // e.g. nothing left to verify: the page shows the signed-in card
          onCreated({ email: user.email, phoneNumber: user.phoneNumber ?? null });
        },
        onError: (failure) => {
          applyServerErrors(form, failure);
          toast({
            title: t("register.failedToast"),
            description: serverMessage(failure) ?? t("register.tryAgain"),
            variant: "destructive",
          });
        },
      },
    );

  return (
    <Card>
      {referralCode && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="referral-note">
          {t("register.referralNote")}
        </p>
      )}
      <GoogleButton label={t("register.google")} />
      <OrDivider />
      <Form form={form} onValid={submit} aria-label={t("register.formLabel")} className="space-y-4">
        <TextField name="displayName" label={t("register.fullName")} autoComplete="name" />
        <TextField
          name="username"
          label={t("register.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t("register.usernameHint")}
        />
        <TextField name="email" label={t("register.email")} type="email" autoComplete="email" />
        <TextField
          name="phoneNumber"
          label={t("register.phone")}
          labelNote={phoneRequired ? undefined : t("register.optional")}
          type="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          hint={phoneRequired ? t("register.phoneRequiredHint") : t("register.phoneHint")}
        />
        <TextField
          name="password"
          label={t("register.password")}
          type="password"
          autoComplete="new-password"
          hint={t("register.passwordHint")}
        />
        <Button
          type="submit"
          className="w-full"
          pending={register.isPending}
          pendingLabel={t("register.submitting")}
        >
          {t("register.submit")}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-stone-600">
        {t("register.haveAccount")}{" "}
        <Link to={paths.login} className="font-semibold text-amber-700 hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </Card>
  );
}

function SignedInCard({ name, onboardingCompleted }: { name: string; onboardingCompleted: boolean }) {
  const t = useT();
  return (
    <Card className="text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
      <h2 className="mt-3 text-xl font-bold">{t("register.signedInAs", { name })}</h2>
      <p className="mt-1 text-stone-600">{t("register.active")}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {!onboardingCompleted && (
          <Link to={paths.onboarding} className={buttonClass("primary")}>
            {t("register.completeProfile")}
          </Link>
        )}
        <Link to={paths.rewards} className={buttonClass(onboardingCompleted ? "primary" : "secondary")}>
          {t("register.goToRewards")}
        </Link>
      </div>
    </Card>
  );
}

/** "+233241112233" as people write it (024 111 2233); anything else as given, at most 20 characters. */
function localPhoneOf(phone: string | null): string {
  const value = phone?.trim().slice(0, 20) ?? "";
  const national = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(value);
  return national ? `0${national[1]} ${national[2]} ${national[3]}` : value;
}

/** /register: Google sign-up and the form, then the verify view. */
export default function RegisterPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const referralCode = useReferralCode();
  const t = useT();
  const [initialEmail] = useState(() => searchParams.get("email")?.trim().slice(0, 254) ?? "");
  const [initialPhone] = useState(() => localPhoneOf(searchParams.get("phone")));
  // A shop's invite SMS (for a number it holds a stamp or points for) carries its token.
  const [inviteToken] = useState(() => searchParams.get("invite")?.trim().slice(0, 64) || null);
  const [mode, setMode] = useState<Mode>(() => {
    const token = searchParams.get("verify");
    return token ? { kind: "link", token } : { kind: "form" };
  });

  useEffect(() => {
    document.title = t("register.title", { brand: brand.name });
  }, [t]);

  // The token is used once; drop it from the address so a reload doesn't post it again.
  useEffect(() => {
    if (mode.kind === "link" && searchParams.has("verify")) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("verify");
          return next;
        },
        { replace: true },
      );
    }
  }, [mode.kind, searchParams, setSearchParams]);

  // A signed-in account that is not activated yet goes straight to the verify view; signing out leaves it.
  useEffect(() => {
    if (mode.kind === "form" && user?.activated === false) {
      setMode({ kind: "verify", email: user.email, phoneNumber: user.phoneNumber });
    } else if (mode.kind === "verify" && !user) {
      setMode({ kind: "form" });
    }
  }, [mode.kind, user]);

  const verifying = mode.kind !== "form";
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold text-stone-900">
        {verifying ? t("register.verifyHeading") : t("register.heading", { brand: brand.name })}
      </h1>
      <p className="mt-1 mb-6 text-stone-600">
        {verifying ? t("register.verifyIntro") : t("register.intro")}
      </p>
      {mode.kind === "link" ? (
        <EmailLinkView
          token={mode.token}
          onPhoneNeeded={(target: PhoneStepTarget) =>
            setMode({
              kind: "verify",
              email: target.email,
              phoneNumber: target.phoneNumber,
              initial: target.verification,
            })
          }
        />
      ) : mode.kind === "verify" ? (
        <VerifyView
          email={mode.email}
          phoneNumber={mode.phoneNumber}
          initial={mode.initial}
          addPhoneForm={(onAdded) => (
            <PhoneNumberForm
              name="Add phone number"
              label="Phone Number"
              hint="We'll text you a 6-digit code."
              submitLabel="Send code"
              pendingLabel="Sending…"
              onSaved={(profile) => {
                toast({ title: "SMS OTP Sent", description: "Enter the 6-digit code we sent you." });
                if (profile.phoneNumber) onAdded(profile.phoneNumber);
              }}
            />
          )}
        />
      ) : user?.activated ? (
        <SignedInCard name={user.displayName} onboardingCompleted={user.onboardingCompleted} />
      ) : (
        <>
          {inviteToken && <HeldForYou token={inviteToken} />}
          <RegisterForm
            referralCode={referralCode}
            initialEmail={initialEmail}
            initialPhone={initialPhone}
            onCreated={({ email, phoneNumber }) => setMode({ kind: "verify", email, phoneNumber })}
          />
        </>
      )}
    </div>
  );
}
