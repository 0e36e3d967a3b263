import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { brand } from "../../shared/brand";
import { type LoginRequest, loginRequest } from "../../shared/contracts/auth";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Form, TextField } from "../components/ui/form-field";
import { toast } from "../components/ui/use-toast";
import { useLogin } from "../features/auth/api";
import { GoogleButton, OrDivider } from "../features/auth/google-button";
import { ForgotPasswordForm, NewPasswordForm } from "../features/auth/password-reset";
import { serverMessage } from "../lib/api-errors";
import { useAuth } from "../lib/auth";
import { applyServerErrors, useContractForm } from "../lib/forms";
import { peekReturnTo, takeReturnTo } from "../lib/return-to";

type View =
  | { kind: "signin" }
  | { kind: "forgot" }
  | { kind: "reset-token"; token: string }
  | { kind: "reset-phone"; phoneNumber: string; message: string };

function SignInForm({ onForgot }: { onForgot(): void }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useContractForm(loginRequest, { defaultValues: { email: "", password: "" } });

  const submit = (credentials: LoginRequest) =>
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        signIn(user);
        toast({ title: "Welcome back!", description: "You have successfully logged in." });
        // An account that still has a check to finish lands on the verify view instead.
        navigate(user.activated === false ? paths.register : (takeReturnTo() ?? paths.rewards));
      },
      onError: (failure) => {
        applyServerErrors(form, failure);
        toast({
          title: "Login failed",
          description: serverMessage(failure) ?? "Please check your credentials",
          variant: "destructive",
        });
      },
    });

  return (
    <Card>
      <GoogleButton label="Continue with Google" />
      <OrDivider />
      <Form form={form} onValid={submit} aria-label="Sign in" className="space-y-4">
        <TextField name="email" label="Email" type="email" autoComplete="email" autoCapitalize="none" />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onForgot}
            className="text-sm font-semibold text-amber-700 hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <Button type="submit" className="w-full" pending={login.isPending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-stone-600">
        New to {brand.name}?{" "}
        <Link to={paths.register} className="font-semibold text-amber-700 hover:underline">
          Create an account
        </Link>
      </p>
    </Card>
  );
}

/** /login: Google, email and password, and the forgot-password flow (spec sections 2, 5 and 8). */
export default function LoginPage() {
  // Who was already signed in on arrival (signing in here moves on by itself).
  const [signedIn] = useState(useAuth().user);
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<View>(() => {
    const token = searchParams.get("reset");
    return token ? { kind: "reset-token", token } : { kind: "signin" };
  });
  const shownError = useRef(false);
  const [waitingForAd] = useState(() => peekReturnTo()?.startsWith(paths.mobileWatch) ?? false);

  useEffect(() => {
    document.title = `Sign in · ${brand.name}`;
  }, []);

  // `?error=` (a failed or unavailable Google sign-in) is shown once, then dropped from the address;
  // `?reset=` is kept in state, so a reload can't post a used token again.
  useEffect(() => {
    const error = searchParams.get("error");
    if (error && !shownError.current) {
      shownError.current = true;
      toast({ title: "Login failed", description: error, variant: "destructive" });
    }
    if (searchParams.has("error") || searchParams.has("reset")) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("error");
          next.delete("reset");
          return next;
        },
        { replace: true },
      );
    }
  }, [searchParams, setSearchParams]);

  const toSignIn = () => setView({ kind: "signin" });
  const toForgot = () => setView({ kind: "forgot" });

  // Someone already signed in has nothing to sign in to: they go where a signed-in member belongs (an
  // account with a check left to finish, to the verify view of /register). A reset link still opens.
  if (signedIn && view.kind === "signin") {
    return <Navigate to={signedIn.activated === false ? paths.register : paths.rewards} replace />;
  }

  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-extrabold text-stone-900">
        {view.kind === "signin" ? "Welcome back" : "Reset your password"}
      </h1>
      <p className="mt-1 mb-6 text-stone-600">
        {view.kind === "signin"
          ? waitingForAd
            ? "Sign in to watch this ad and earn its reward. New here? Create a free account below."
            : "Sign in to keep discovering and collecting rewards."
          : "It only takes a minute."}
      </p>
      {view.kind === "signin" && <SignInForm onForgot={toForgot} />}
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
