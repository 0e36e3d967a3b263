import { LogOut, ShieldAlert, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { Profile } from "../../../shared/contracts/profile";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import {
  focusFirstError,
  formValues,
  hasErrors,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
  validate,
} from "../../lib/forms";
import { useDeleteAccount, useSignOutEverywhere } from "./api";

/** The server has ended this session too: forget it here and go home. */
function useLeave() {
  const { clearSession } = useAuth();
  const navigate = useNavigate();
  return (title: string, description: string) => {
    navigate(paths.home);
    clearSession();
    toast({ title, description });
  };
}

function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const leave = useLeave();
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ message }) => leave("Signed out everywhere", message),
      onError: (failure) =>
        toast({
          title: "Could not sign out everywhere",
          description: serverMessage(failure) ?? "Please try again.",
          variant: "destructive",
        }),
    });
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden /> Sign out everywhere
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sign out everywhere?">
        <p className="text-stone-700">
          Every phone and browser signed in to your account, including this one, will be signed out.
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} pending={signOut.isPending} pendingLabel="Signing out…">
            Yes, sign out everywhere
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function DeleteAccount({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const leave = useLeave();
  const { errors, setErrors, clearOnInput } = useFieldErrors();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = validate(
      values,
      profile.hasPassword
        ? { password: (v) => (v ? undefined : "Enter your password to confirm") }
        : { confirm: (v) => (v.trim() === "DELETE" ? undefined : "Type DELETE to confirm") },
    );
    setErrors(invalid);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
    deleteAccount.mutate(
      { ...(profile.hasPassword ? { password: values.password } : {}), confirm: "DELETE" },
      {
        onSuccess: ({ message }) => leave("Account deleted", message),
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          const message = serverMessage(failure) ?? "Please try again.";
          setErrors(
            Object.keys(fields).length ? fields : { [profile.hasPassword ? "password" : "confirm"]: message },
          );
          toast({ title: "Could not delete your account", description: message, variant: "destructive" });
        },
      },
    );
  };

  const close = () => {
    setOpen(false);
    setErrors({});
  };

  return (
    <>
      <Button variant="danger" className="w-full" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden /> Delete my account
      </Button>
      <Dialog open={open} onClose={close} title="Delete your account?">
        <div className="space-y-3 text-sm text-stone-700">
          <div>
            <p className="font-semibold text-stone-900">What we remove</p>
            <p>
              Your personal data: name, username, email, phone number, password, profile answers, loyalty QR
              codes and every sign-in on every device.
            </p>
          </div>
          <div>
            <p className="font-semibold text-stone-900">What we keep</p>
            <p>
              An anonymised history of views, rewards and redemptions, so businesses' figures stay correct. It
              can no longer be linked to you.
            </p>
          </div>
          <p className="font-medium text-red-700">
            Your XP, rewards and stamps are lost. This cannot be undone.
          </p>
        </div>
        <form
          aria-label="Delete account"
          noValidate
          onSubmit={submit}
          onInput={clearOnInput}
          className="mt-4 space-y-4"
        >
          {profile.hasPassword ? (
            <FormField
              name="password"
              label="Your password"
              type="password"
              autoComplete="current-password"
              error={errors.password ?? errors.confirm}
            />
          ) : (
            <FormField
              name="confirm"
              label="Type DELETE to confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.confirm}
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={deleteAccount.isPending} pendingLabel="Deleting…">
              Delete account permanently
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export function DangerZone({ profile }: { profile: Profile }) {
  return (
    <Card title="Security" icon={<ShieldAlert className="size-5" aria-hidden />}>
      <div className="space-y-3">
        <SignOutEverywhere />
        <DeleteAccount profile={profile} />
      </div>
    </Card>
  );
}
