import { CheckCircle2, KeyRound, Mail, Smartphone, UserRound } from "lucide-react";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import type { VerifyResponse } from "../../../shared/contracts/auth";
import { type Profile, updateProfileRequest } from "../../../shared/contracts/profile";
import { changeEmailForm, changePasswordForm, setPasswordForm } from "../../../shared/forms/account";
import { PhoneCodeForm } from "../../components/phone-code-form";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translate } from "../../lib/language";
import { useSendEmailLink } from "../../lib/verification-api";
import {
  useChangeEmail,
  useChangePassword,
  useChangePhone,
  useInvalidateProfile,
  useIsChangingPhone,
  useUpdateProfile,
} from "./api";
import { PhoneNumberForm } from "./phone-number-form";

/** A refused save: field messages under the fields, the server's message in a toast. */
function showFailure<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  failure: unknown,
  title: string,
) {
  applyServerErrors(form, failure);
  toast({
    title,
    description: serverMessage(failure) ?? translate("profile.tryAgain"),
    variant: "destructive",
  });
}

function StatusBadge({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      <CheckCircle2 className="size-3.5" aria-hidden /> {t("profile.verified")}
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      {t("profile.notVerified")}
    </span>
  );
}

export function EditProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const t = useT();
  const form = useContractForm(updateProfileRequest, {
    defaultValues: { displayName: profile.displayName, username: profile.username },
  });

  const save = ({ displayName, username }: { displayName?: string; username?: string }) => {
    const changes = {
      ...(displayName !== profile.displayName ? { displayName } : {}),
      ...(username !== profile.username ? { username } : {}),
    };
    if (Object.keys(changes).length === 0) {
      return toast({ title: t("profile.edit.nothingToSave"), description: t("profile.edit.unchanged") });
    }
    update.mutate(changes, {
      onSuccess: () =>
        toast({ title: t("profile.edit.updated"), description: t("profile.edit.updatedText") }),
      onError: (failure) => showFailure(form, failure, t("profile.edit.failed")),
    });
  };

  return (
    <Card title={t("profile.edit.title")} icon={<UserRound className="size-5" aria-hidden />}>
      <Form form={form} onValid={save} aria-label={t("profile.edit.title")} className="space-y-4">
        <TextField name="displayName" label={t("profile.edit.fullName")} autoComplete="name" />
        <TextField
          name="username"
          label={t("profile.edit.username")}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" pending={update.isPending} pendingLabel={t("profile.saving")}>
          {t("profile.edit.save")}
        </Button>
      </Form>
    </Card>
  );
}

export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const changeEmail = useChangeEmail();
  const resend = useSendEmailLink();
  const t = useT();
  const form = useContractForm(changeEmailForm, { defaultValues: { email: "", password: "" } });

  const save = ({ email, password }: { email: string; password?: string }) =>
    changeEmail.mutate(
      { email, password: profile.hasPassword ? password : undefined },
      {
        onSuccess: (saved) => {
          form.reset();
          toast({
            title: t("profile.email.updated"),
            description: t("profile.email.updatedText", { email: saved.email }),
          });
        },
        onError: (failure) => showFailure(form, failure, t("profile.email.failed")),
      },
    );

  const resendLink = () =>
    resend.mutate(profile.email, {
      onSuccess: (result) => toast({ title: t("profile.email.linkSent"), description: result.message }),
      onError: (failure) =>
        toast({
          title: t("profile.email.linkFailed"),
          description: serverMessage(failure) ?? t("profile.tryAgainSoon"),
          variant: "destructive",
        }),
    });

  return (
    <Card title={t("profile.email.title")} icon={<Mail className="size-5" aria-hidden />}>
      {/* A member who joined by phone has no email yet: only the form to add one. */}
      {profile.email && (
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <span className="break-all font-medium">{profile.email}</span>
          <StatusBadge verified={profile.isEmailVerified} />
        </p>
      )}
      {profile.email && !profile.isEmailVerified && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={resendLink}
          pending={resend.isPending}
          pendingLabel={t("profile.sending")}
        >
          {t("profile.email.resend")}
        </Button>
      )}
      <Form
        form={form}
        onValid={save}
        aria-label={t("profile.email.change")}
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
      >
        <TextField
          name="email"
          label={t("profile.email.new")}
          type="email"
          autoComplete="email"
          hint={t("profile.email.newHint")}
        />
        {profile.hasPassword && (
          <TextField
            name="password"
            label={t("profile.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
        )}
        <Button type="submit" pending={changeEmail.isPending} pendingLabel={t("profile.saving")}>
          {t("profile.email.change")}
        </Button>
      </Form>
    </Card>
  );
}

export function ChangePhoneForm({ profile }: { profile: Profile }) {
  const { signIn } = useAuth();
  const t = useT();
  const invalidateProfile = useInvalidateProfile();
  const removal = useChangePhone();
  const changingPhone = useIsChangingPhone();
  // The number waiting for its SMS code: one just saved, or an unverified one from before.
  const [codeFor, setCodeFor] = useState<string | null>(
    profile.phoneNumber && !profile.isPhoneVerified ? profile.phoneNumber : null,
  );

  const removePhone = () => {
    if (!window.confirm(t("profile.phone.removeConfirm"))) return;
    removal.mutate(
      { phoneNumber: null },
      {
        onSuccess: () => {
          setCodeFor(null);
          toast({ title: t("profile.phone.removed") });
        },
        onError: (failure) =>
          toast({
            title: t("profile.phone.removeFailed"),
            description: serverMessage(failure) ?? t("profile.tryAgain"),
            variant: "destructive",
          }),
      },
    );
  };

  const onVerified = (result: VerifyResponse) => {
    if (result.user) signIn(result.user);
    setCodeFor(null);
    void invalidateProfile();
    toast({ title: t("profile.phone.verified"), description: t("profile.phone.verifiedText") });
  };

  return (
    <Card title={t("profile.phone.title")} icon={<Smartphone className="size-5" aria-hidden />}>
      {profile.phoneNumber ? (
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <span className="font-medium">{formatPhone(profile.phoneNumber)}</span>
          <StatusBadge verified={profile.isPhoneVerified} />
        </p>
      ) : (
        <p className="text-stone-600">{t("profile.phone.none")}</p>
      )}
      {codeFor && (
        <div className="mt-4">
          <PhoneCodeForm phoneNumber={codeFor} onVerified={onVerified} />
        </div>
      )}
      <PhoneNumberForm
        name={t("profile.phone.formLabel")}
        label={t(profile.phoneNumber ? "profile.phone.new" : "profile.phone.number")}
        hint={t("profile.phone.hint")}
        submitLabel={t("profile.phone.save")}
        pendingLabel={t("profile.saving")}
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
        onSaved={(saved) => {
          setCodeFor(saved.phoneNumber);
          toast({ title: t("profile.phone.codeSent"), description: t("profile.phone.codeSentText") });
        }}
      >
        {profile.phoneNumber && (
          <Button
            variant="ghost"
            onClick={removePhone}
            pending={removal.isPending}
            pendingLabel={t("profile.phone.removing")}
            disabled={changingPhone}
          >
            {t("profile.phone.remove")}
          </Button>
        )}
      </PhoneNumberForm>
    </Card>
  );
}

export function ChangePasswordForm({ profile }: { profile: Profile }) {
  const changePassword = useChangePassword();
  const t = useT();
  const title = t(profile.hasPassword ? "profile.password.change" : "profile.password.set");
  const form = useContractForm<typeof changePasswordForm | typeof setPasswordForm>(
    profile.hasPassword ? changePasswordForm : setPasswordForm,
    { defaultValues: { currentPassword: "", newPassword: "" } },
  );

  const save = (passwords: { currentPassword?: string; newPassword: string }) =>
    changePassword.mutate(passwords, {
      onSuccess: ({ message }) => {
        form.reset();
        toast({ title: t("profile.password.updated"), description: message });
      },
      onError: (failure) => showFailure(form, failure, t("profile.password.failed")),
    });

  return (
    <Card
      title={title}
      icon={<KeyRound className="size-5" aria-hidden />}
      description={t("profile.password.signsOut")}
    >
      <Form form={form} onValid={save} aria-label={title} className="space-y-4">
        {profile.hasPassword && (
          <TextField
            name="currentPassword"
            label={t("profile.currentPassword")}
            type="password"
            autoComplete="current-password"
          />
        )}
        <TextField
          name="newPassword"
          label={t("profile.password.new")}
          type="password"
          autoComplete="new-password"
          hint={t("profile.password.hint")}
        />
        <Button type="submit" pending={changePassword.isPending} pendingLabel={t("profile.saving")}>
          {t(profile.hasPassword ? "profile.password.change" : "profile.password.submitSet")}
        </Button>
      </Form>
    </Card>
  );
}
