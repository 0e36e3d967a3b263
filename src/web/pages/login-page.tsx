import { useCallback, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { type LoginRequest, loginRequest } from "../../shared/contracts/auth";
import type { SessionUser } from "../../shared/contracts/session";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormAlert } from "../components/ui/form-alert";
import { Form, TextField } from "../components/ui/form-field";
import { toast } from "../components/ui/use-toast";
import { useLogin, useSendSignInLink } from "../features/auth/api";
import { CheckYourEmail } from "../features/auth/check-your-email";
import { GoogleButton, OrDivider } from "../features/auth/google-button";
import { ForgotPasswordForm, NewPasswordForm } from "../features/auth/password-reset";
import { PhoneSignInForm } from "../features/auth/phone-sign-in";
import { SignInLinkForm, SignInWithLink } from "../features/auth/sign-in-link";
import { ApiError } from "../lib/api-client";
import { serverMessage } from "../lib/api-errors";
import { useAuth } from "../lib/auth";
import { applyServerErrors, useContractForm } from "../lib/forms";
import { useT } from "../lib/i18n";
import { translate } from "../lib/language";
import { peekReturnTo, takeReturnTo } from "../lib/return-to";

type View =
  | { kind: "signin" }
  | { kind: "link"; email: string }
  | { kind: "phone" }
  | { kind: "link-sent"; message: string }
  | { kind: "link-token"; token: string }
  | { kind: "forgot" }
  | { kind: "reset-token"; token: string }
  | { kind: "reset-phone"; phoneNumber: string; message: string };

/** Signed in by password or link: a welcome, then where the member was going. */
function useWelcome() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (user: SessionUser) => {
      signIn(user);
      toast({ title: translate("login.welcomeToast"), description: translate("login.welcomeToastText") });
      // An account that still has a check to finish lands on the verify view instead.
      navigate(user.activated === false ? paths.register : (takeReturnTo() ?? paths.rewards));
    },
    [signIn, navigate],
  );
}

/** A refused sign-in that stays on screen; `offerLink` when the answer offers a sign-in link instead. */
interface Refusal {
  message: string;
  offerLink: boolean;
}

/** Refusals that offer a sign-in link: too many tries from here, or too many for the account. */
const linkOfferCodes = new Set(["RATE_LIMITED", "USE_SIGN_IN_LINK"]);

function SignInForm({
  onForgot,
  onLink,
  onLinkSent,
  onPhone,
}: {
  onForgot(): void;
  onLink(email: string): void;
  onLinkSent(message: string): void;
  onPhone(): void;
}) {
  const welcome = useWelcome();
  const login = useLogin();
  const sendLink = useSendSignInLink();
  const t = useT();
  const form = useContractForm(loginRequest, { defaultValues: { email: "", password: "" } });
  // A refusal that isn't about the fields (a suspended account and its reason, or too many wrong
  // passwords with the sign-in link offered instead) stays on screen.
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const submit = (credentials: LoginRequest) =>
    login.mutate(credentials, {
      onSuccess: ({ user }) => welcome(user),
      onError: (failure) => {
        applyServerErrors(form, failure);
        const offerLink = failure instanceof ApiError && linkOfferCodes.has(failure.code ?? "");
        const shown = offerLink || (failure instanceof ApiError && failure.status === 403);
        const message = serverMessage(failure);
        setRefusal(shown && message ? { message, offerLink } : null);
        // The account-wide refusal is the answer itself (with its action), not a failed try.
        if (failure instanceof ApiError && failure.code === "USE_SIGN_IN_LINK") return;
        toast({
          title: t("login.failedToast"),
          description: message ?? t("login.failedToastText"),
          variant: "destructive",
        });
      },
    });

  // One tap: the link goes to the email typed above (docs/product-rules.md#accounts-sign-in-links).
  const emailLinkNow = () =>
    sendLink.mutate(form.getValues("email"), {
      onSuccess: ({ message }) => onLinkSent(message),
      onError: (failure) =>
        setRefusal({ message: serverMessage(failure) ?? t("auth.link.sendFailed"), offerLink: true }),
    });

  return (
    <Card>
      <GoogleButton label={t("login.google")} />
      <OrDivider />
      <Form form={form} onValid={submit} aria-label={t("login.formLabel")} className="space-y-4">
        <TextField
          name="email"
          label={t("login.email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
        />
        <TextField
          name="password"
          label={t("login.password")}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onForgot}
            className="text-sm font-semibold text-amber-700 hover:underline"
          >
            {t("login.forgot")}
          </button>
        </div>
        {refusal && <FormAlert testId="login-refused">{refusal.message}</FormAlert>}
        {refusal?.offerLink && (
          <Button
            variant="secondary"
            className="w-full"
            pending={sendLink.isPending}
            pendingLabel={t("auth.sending")}
            onClick={emailLinkNow}
          >
            {t("auth.link.submit")}
          </Button>
        )}
        <Button
          type="submit"
          className="w-full"
          pending={login.isPending}
          pendingLabel={t("login.submitting")}
        >
          {t("login.submit")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => onLink(form.getValues("email"))}>
          {t("login.emailLink")}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onPhone}>
          {t("login.phone")}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-stone-600">
        {t("login.newHere", { brand: brand.name })}{" "}
        <Link to={paths.register} className="font-semibold text-amber-700 hover:underline">
          {t("login.createAccount")}
        </Link>
      </p>
    </Card>
  );
}

/**
 * /login: Google, email and password, a sign-in link by email, a phone number and a texted code, and the
 * forgot-password flow.
 * `?signin=<token>` is an emailed sign-in link being opened.
 */
export default function LoginPage() {
  // Who was already signed in on arrival (signing in here moves on by itself).
  const [signedIn] = useState(useAuth().user);
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<View>(() => {
    const resetToken = searchParams.get("reset");
    const signInToken = searchParams.get("signin");
    if (resetToken) return { kind: "reset-token", token: resetToken };
    return signInToken ? { kind: "link-token", token: signInToken } : { kind: "signin" };
  });
  const welcome = useWelcome();
  const t = useT();
  const shownError = useRef(false);
  const [waitingForAd] = useState(() => peekReturnTo()?.startsWith(paths.mobileWatch) ?? false);

  useEffect(() => {
    document.title = t("login.title", { brand: brand.name });
  }, [t]);

  // `?error=` (a failed or unavailable Google sign-in) is shown once, then dropped from the address;
  // `?reset=` and `?signin=` are kept in state, so a reload can't post a used token again.
  useEffect(() => {
    const error = searchParams.get("error");
    if (error && !shownError.current) {
      shownError.current = true;
      toast({ title: translate("login.failedToast"), description: error, variant: "destructive" });
    }
    if (["error", "reset", "signin"].some((name) => searchParams.has(name))) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of ["error", "reset", "signin"]) next.delete(name);
          return next;
        },
        { replace: true },
      );
    }
  }, [searchParams, setSearchParams]);

  const toSignIn = () => setView({ kind: "signin" });
  const toForgot = () => setView({ kind: "forgot" });
  const toLink = (email = "") => setView({ kind: "link", email });

  // Someone already signed in has nothing to sign in to: they go where a signed-in member belongs (an
  // account with a check left to finish, to the verify view of /register). A reset link still opens.
  if (signedIn && view.kind === "signin") {
    return <Navigate to={signedIn.activated === false ? paths.register : paths.rewards} replace />;
  }

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold text-stone-900">
        {view.kind === "signin" ||
        view.kind === "link" ||
        view.kind === "phone" ||
        view.kind === "link-sent" ||
        view.kind === "link-token"
          ? t("login.welcomeBack")
          : t("login.resetTitle")}
      </h1>
      <p className="mt-1 mb-6 text-stone-600">
        {view.kind === "signin" || view.kind === "link" || view.kind === "link-sent" || view.kind === "phone"
          ? waitingForAd
            ? t("login.introForAd")
            : t("login.intro")
          : t("login.resetIntro")}
      </p>
      {view.kind === "signin" && (
        <SignInForm
          onForgot={toForgot}
          onLink={toLink}
          onLinkSent={(message) => setView({ kind: "link-sent", message })}
          onPhone={() => setView({ kind: "phone" })}
        />
      )}
      {view.kind === "phone" && <PhoneSignInForm onSignedIn={welcome} onBack={toSignIn} />}
      {view.kind === "link-sent" && (
        <CheckYourEmail message={view.message} testId="sign-in-link-sent" onBack={toSignIn} />
      )}
      {view.kind === "link" && <SignInLinkForm email={view.email} onBack={toSignIn} />}
      {view.kind === "link-token" && (
        <SignInWithLink token={view.token} onSignedIn={welcome} onAskAgain={() => toLink()} />
      )}
      {view.kind === "forgot" && (
        <ForgotPasswordForm
          onBack={toSignIn}
          onPhoneCodeSent={(phoneNumber, message) => setView({ kind: "reset-phone", phoneNumber, message })}
        />
      )}
      {view.kind === "reset-token" && (
        <NewPasswordForm reset={{ token: view.token }} onDone={toSignIn} onRestart={toForgot} />
      )}
      {view.kind === "reset-phone" && (
        <NewPasswordForm
          reset={{ phoneNumber: view.phoneNumber, message: view.message }}
          onDone={toSignIn}
          onRestart={toForgot}
        />
      )}
    </div>
  );
}
