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
import { useT } from "../../lib/i18n";
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
  const t = useT();
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ message }) => leave(t("profile.security.signedOut"), message),
      onError: (failure) =>
        toast({
          title: t("profile.security.signOutFailed"),
          description: serverMessage(failure) ?? t("profile.tryAgain"),
          variant: "destructive",
        }),
    });
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        <LogOut className="size-4" aria-hidden /> {t("profile.security.signOut")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("profile.security.signOutQuestion")}>
        <p className="text-stone-700">{t("profile.security.signOutText")}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t("profile.cancel")}
          </Button>
          <Button
            onClick={confirm}
            pending={signOut.isPending}
            pendingLabel={t("profile.security.signingOut")}
          >
            {t("profile.security.signOutConfirm")}
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
  const t = useT();
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
        onSuccess: ({ message }) => leave(t("profile.delete.deleted"), message),
        onError: (failure) => {
          applyServerErrors(form, failure, {
            fieldFor: { password: confirmation, confirm: confirmation },
            fallbackField: confirmation,
            fallbackMessage: t("profile.tryAgain"),
          });
          toast({
            title: t("profile.delete.failed"),
            description: serverMessage(failure) ?? t("profile.tryAgain"),
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
        <Trash2 className="size-4" aria-hidden /> {t("profile.delete.button")}
      </Button>
      <Dialog open={open} onClose={close} title={t("profile.delete.question")}>
        <div className="space-y-3 text-sm text-stone-700">
          <div>
            <p className="font-semibold text-stone-900">{t("profile.delete.removeTitle")}</p>
            <p>{t("profile.delete.removeText")}</p>
          </div>
          <div>
            <p className="font-semibold text-stone-900">{t("profile.delete.keepTitle")}</p>
            <p>{t("profile.delete.keepText")}</p>
          </div>
          <p className="font-medium text-red-700">{t("profile.delete.lost")}</p>
        </div>
        <Form
          form={form}
          onValid={submit}
          aria-label={t("profile.delete.formLabel")}
          className="mt-4 space-y-4"
        >
          {profile.hasPassword ? (
            <TextField
              name="password"
              label={t("profile.delete.password")}
              type="password"
              autoComplete="current-password"
            />
          ) : (
            <TextField
              name="confirm"
              label={t("profile.delete.typeDelete")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("profile.cancel")}
            </Button>
            <Button
              type="submit"
              variant="danger"
              pending={deleteAccount.isPending}
              pendingLabel={t("profile.delete.deleting")}
            >
              {t("profile.delete.submit")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

export function DangerZone({ profile }: { profile: Profile }) {
  const t = useT();
  return (
    <Card title={t("profile.security.title")} icon={<ShieldAlert className="size-5" aria-hidden />}>
      <div className="space-y-3">
        <SignOutEverywhere />
        <DeleteAccount profile={profile} />
      </div>
    </Card>
  );
}
