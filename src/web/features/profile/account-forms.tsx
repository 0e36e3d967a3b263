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
  toast({ title, description: serverMessage(failure) ?? "Please try again.", variant: "destructive" });
}

function StatusBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      <CheckCircle2 className="size-3.5" aria-hidden /> Verified
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Not verified
    </span>
  );
}

export function EditProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useContractForm(updateProfileRequest, {
    defaultValues: { displayName: profile.displayName, username: profile.username },
  });

  const save = ({ displayName, username }: { displayName?: string; username?: string }) => {
    const changes = {
      ...(displayName !== profile.displayName ? { displayName } : {}),
      ...(username !== profile.username ? { username } : {}),
    };
    if (Object.keys(changes).length === 0) {
      return toast({ title: "Nothing to save", description: "Your name and username are as they were." });
    }
    update.mutate(changes, {
      onSuccess: () => toast({ title: "Profile updated", description: "Your name and username are saved." }),
      onError: (failure) => showFailure(form, failure, "Could not update your profile"),
    });
  };

  return (
    <Card title="Edit profile" icon={<UserRound className="size-5" aria-hidden />}>
      <Form form={form} onValid={save} aria-label="Edit profile" className="space-y-4">
        <TextField name="displayName" label="Full Name" autoComplete="name" />
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" pending={update.isPending} pendingLabel="Saving…">
          Save changes
        </Button>
      </Form>
    </Card>
  );
}

export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const changeEmail = useChangeEmail();
  const resend = useSendEmailLink();
  const form = useContractForm(changeEmailForm, { defaultValues: { email: "", password: "" } });

  const save = ({ email, password }: { email: string; password?: string }) =>
    changeEmail.mutate(
      { email, password: profile.hasPassword ? password : undefined },
      {
        onSuccess: (saved) => {
          form.reset();
          toast({
            title: "Email updated",
            description: `We sent a verification link to ${saved.email}. Open it to verify your new email.`,
          });
        },
        onError: (failure) => showFailure(form, failure, "Could not change your email"),
      },
    );

  const resendLink = () =>
    resend.mutate(profile.email, {
      onSuccess: (result) => toast({ title: "Verification Link Sent", description: result.message }),
      onError: (failure) =>
        toast({
          title: "Could not send the link",
          description: serverMessage(failure) ?? "Please try again in a moment.",
          variant: "destructive",
        }),
    });

  return (
    <Card title="Email" icon={<Mail className="size-5" aria-hidden />}>
      <p className="flex flex-wrap items-center gap-2 text-stone-800">
        <span className="break-all font-medium">{profile.email}</span>
        <StatusBadge verified={profile.isEmailVerified} />
      </p>
      {!profile.isEmailVerified && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={resendLink}
          pending={resend.isPending}
          pendingLabel="Sending…"
        >
          Resend link
        </Button>
      )}
      <Form
        form={form}
        onValid={save}
        aria-label="Change email"
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
      >
        <TextField
          name="email"
          label="New email"
          type="email"
          autoComplete="email"
          hint="A new email must be verified again: we'll email you a link."
        />
        {profile.hasPassword && (
          <TextField
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        )}
        <Button type="submit" pending={changeEmail.isPending} pendingLabel="Saving…">
          Change email
        </Button>
      </Form>
    </Card>
  );
}

export function ChangePhoneForm({ profile }: { profile: Profile }) {
  const { signIn } = useAuth();
  const invalidateProfile = useInvalidateProfile();
  const removal = useChangePhone();
  const changingPhone = useIsChangingPhone();
  // The number waiting for its SMS code: one just saved, or an unverified one from before.
  const [codeFor, setCodeFor] = useState<string | null>(
    profile.phoneNumber && !profile.isPhoneVerified ? profile.phoneNumber : null,
  );

  const removePhone = () => {
    if (!window.confirm("Remove your phone number? You can add it again later.")) return;
    removal.mutate(
      { phoneNumber: null },
      {
        onSuccess: () => {
          setCodeFor(null);
          toast({ title: "Phone number removed" });
        },
        onError: (failure) =>
          toast({
            title: "Could not remove your phone number",
            description: serverMessage(failure) ?? "Please try again.",
            variant: "destructive",
          }),
      },
    );
  };

  const onVerified = (result: VerifyResponse) => {
    if (result.user) signIn(result.user);
    setCodeFor(null);
    void invalidateProfile();
    toast({ title: "Phone Verified!", description: "Your phone number is confirmed." });
  };

  return (
    <Card title="Phone" icon={<Smartphone className="size-5" aria-hidden />}>
      {profile.phoneNumber ? (
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <span className="font-medium">{formatPhone(profile.phoneNumber)}</span>
          <StatusBadge verified={profile.isPhoneVerified} />
        </p>
      ) : (
        <p className="text-stone-600">No phone number yet.</p>
      )}
      {codeFor && (
        <div className="mt-4">
          <PhoneCodeForm phoneNumber={codeFor} onVerified={onVerified} />
        </div>
      )}
      <PhoneNumberForm
        name="Change phone"
        label={profile.phoneNumber ? "New phone number" : "Phone number"}
        hint="We'll text a 6-digit code to verify it."
        submitLabel="Save phone number"
        pendingLabel="Saving…"
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
        onSaved={(saved) => {
          setCodeFor(saved.phoneNumber);
          toast({ title: "SMS OTP Sent", description: "Enter the 6-digit code we sent to your new number." });
        }}
      >
        {profile.phoneNumber && (
          <Button
            variant="ghost"
            onClick={removePhone}
            pending={removal.isPending}
            pendingLabel="Removing…"
            disabled={changingPhone}
          >
            Remove phone number
          </Button>
        )}
      </PhoneNumberForm>
    </Card>
  );
}

export function ChangePasswordForm({ profile }: { profile: Profile }) {
  const changePassword = useChangePassword();
  const form = useContractForm<typeof changePasswordForm | typeof setPasswordForm>(
    profile.hasPassword ? changePasswordForm : setPasswordForm,
    { defaultValues: { currentPassword: "", newPassword: "" } },
  );

  const save = (passwords: { currentPassword?: string; newPassword: string }) =>
    changePassword.mutate(passwords, {
      onSuccess: ({ message }) => {
        form.reset();
        toast({ title: "Password updated", description: message });
      },
      onError: (failure) => showFailure(form, failure, "Could not change your password"),
    });

  return (
    <Card
      title={profile.hasPassword ? "Change password" : "Set a password"}
      icon={<KeyRound className="size-5" aria-hidden />}
      description="Your other devices will be signed out."
    >
      <Form
        form={form}
        onValid={save}
        aria-label={profile.hasPassword ? "Change password" : "Set a password"}
        className="space-y-4"
      >
        {profile.hasPassword && (
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        )}
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <Button type="submit" pending={changePassword.isPending} pendingLabel="Saving…">
          {profile.hasPassword ? "Change password" : "Set password"}
        </Button>
      </Form>
    </Card>
  );
}
