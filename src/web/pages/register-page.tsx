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
import { VerifyView } from "../features/auth/verify-view";
import { PhoneNumberForm } from "../features/profile/phone-number-form";
import { serverMessage } from "../lib/api-errors";
import { useAuth } from "../lib/auth";
import { applyServerErrors, useContractForm } from "../lib/forms";

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
}: {
  onCreated(target: { email: string; phoneNumber: string | null }): void;
  referralCode: string | undefined;
  /** From `?email=` (the early-access invitation links here with the invited address). */
  initialEmail: string;
}) {
  const { signIn } = useAuth();
  const register = useRegister();
  const providers = useAuthProviders();
  // The phone is optional unless the server requires phone verification (SMS configured).
  const phoneRequired = providers.data?.requirePhoneVerification ?? false;
  const form = useContractForm<typeof registerRequest | typeof registerWithPhoneForm>(
    phoneRequired ? registerWithPhoneForm : registerRequest,
    { defaultValues: { displayName: "", username: "", email: initialEmail, phoneNumber: "", password: "" } },
  );

  const submit = (account: RegisterRequest) =>
    register.mutate(referralCode ? { ...account, referralCode } : account, {
      onSuccess: ({ user }) => {
        try {
          sessionStorage.removeItem(referralKey);
        } catch {
          // Storage disabled: nothing was kept.
        }
        signIn(user);
        toast({
          title: "Account Created!",
          description: user.phoneNumber
            ? "Please verify your email and phone number to activate your account."
            : "Please check your email for a link to verify your account.",
        });
        if (user.activated) return; // e.g. nothing left to verify: the page shows the signed-in card
        onCreated({ email: user.email, phoneNumber: user.phoneNumber ?? null });
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        toast({
          title: "Registration failed",
          description: serverMessage(failure) ?? "Please try again",
          variant: "destructive",
        });
      },
    });

  return (
    <Card>
      {referralCode && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="referral-note">
          A friend invited you. Sign up with this form and watch your first ad: they earn XP for bringing you.
        </p>
      )}
      <GoogleButton label="Sign up with Google" />
      <OrDivider />
      <Form form={form} onValid={submit} aria-label="Create account" className="space-y-4">
        <TextField name="displayName" label="Full Name" autoComplete="name" />
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Letters, numbers, dots, dashes and underscores."
        />
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <TextField
          name="phoneNumber"
          label="Phone Number"
          labelNote={phoneRequired ? undefined : "(optional)"}
          type="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          hint={
            phoneRequired
              ? "Required to activate your account: we'll text you a 6-digit code."
              : "We'll text you a 6-digit code to verify it."
          }
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <Button
          type="submit"
          className="w-full"
          pending={register.isPending}
          pendingLabel="Creating account…"
        >
          Create account
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-stone-600">
        Already have an account?{" "}
        <Link to={paths.login} className="font-semibold text-amber-700 hover:underline">
          Sign in
        </Link>
      </p>
    </Card>
  );
}

function SignedInCard({ name, onboardingCompleted }: { name: string; onboardingCompleted: boolean }) {
  return (
    <Card className="text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
      <h2 className="mt-3 text-xl font-bold">You're signed in as {name}</h2>
      <p className="mt-1 text-stone-600">Your account is active.</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {!onboardingCompleted && (
          <Link to={paths.onboarding} className={buttonClass("primary")}>
            Complete your profile
          </Link>
        )}
        <Link to={paths.rewards} className={buttonClass(onboardingCompleted ? "primary" : "secondary")}>
          Go to my rewards
        </Link>
      </div>
    </Card>
  );
}

/** /register: Google sign-up and the form, then the verify view (spec sections 2, 4, 5 and 8). */
export default function RegisterPage() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const referralCode = useReferralCode();
  const [initialEmail] = useState(() => searchParams.get("email")?.trim().slice(0, 254) ?? "");
  const [mode, setMode] = useState<Mode>(() => {
    const token = searchParams.get("verify");
    return token ? { kind: "link", token } : { kind: "form" };
  });

  useEffect(() => {
    document.title = `Join · ${brand.name}`;
  }, []);

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
        {verifying ? "Verify your account" : `Join ${brand.name}`}
      </h1>
      <p className="mt-1 mb-6 text-stone-600">
        {verifying
          ? "One last step before you start earning."
          : "Watch local brands, earn XP and win rewards. It's free."}
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
        <RegisterForm
          referralCode={referralCode}
          initialEmail={initialEmail}
          onCreated={({ email, phoneNumber }) => setMode({ kind: "verify", email, phoneNumber })}
        />
      )}
    </div>
  );
}
