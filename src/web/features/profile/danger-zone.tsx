import { LogOut, ShieldAlert, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Profile } from "../../../shared/contracts/profile";
import { deleteByTypingForm, deleteWithPasswordForm } from "../../../shared/forms/account";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { applyServerErrors, useContractForm } from "../../lib/forms";
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
  // An account with a password confirms with it; a Google-only account types DELETE.
  const confirmation = profile.hasPassword ? "password" : "confirm";
  const form = useContractForm<typeof deleteWithPasswordForm | typeof deleteByTypingForm>(
    profile.hasPassword ? deleteWithPasswordForm : deleteByTypingForm,
    { defaultValues: { password: "", confirm: "" } },
  );

  const submit = (confirmed: { password: string } | { confirm: "DELETE" }) =>
    deleteAccount.mutate(
      { ...("password" in confirmed ? { password: confirmed.password } : {}), confirm: "DELETE" },
      {
        onSuccess: ({ message }) => leave("Account deleted", message),
        onError: (failure) => {
          applyServerErrors(form, failure, {
            fieldFor: { password: confirmation, confirm: confirmation },
            fallbackField: confirmation,
            fallbackMessage: "Please try again.",
          });
          toast({
            title: "Could not delete your account",
            description: serverMessage(failure) ?? "Please try again.",
            variant: "destructive",
          });
        },
      },
    );

  // Closing forgets what was typed: a password left in the form would be one click from a deletion.
  const close = () => {
    setOpen(false);
    form.reset();
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
        <Form form={form} onValid={submit} aria-label="Delete account" className="mt-4 space-y-4">
          {profile.hasPassword ? (
            <TextField
              name="password"
              label="Your password"
              type="password"
              autoComplete="current-password"
            />
          ) : (
            <TextField
              name="confirm"
              label="Type DELETE to confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
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
        </Form>
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
