import { CheckCircle2, KeyRound, Mail, Smartphone, UserRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { VerifyResponse } from "../../../shared/contracts/auth";
import type { Profile } from "../../../shared/contracts/profile";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth";
import { formatPhone } from "../../lib/format";
import {
  type FieldErrors,
  focusFirstError,
  rules,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
} from "../../lib/forms";
import { useSendEmailLink } from "../auth/api";
import { PhoneCodeForm } from "../auth/phone-code-form";
import { useChangeEmail, useChangePassword, useInvalidateProfile, useUpdateProfile } from "./api";
import { usePhoneSubmit } from "./use-phone-submit";

/** A refused save: field messages under the fields, the server's message in a toast. */
function showFailure(
  failure: unknown,
  form: HTMLFormElement | null,
  setErrors: (errors: FieldErrors) => void,
  title: string,
) {
  const fields = serverFieldErrors(failure);
  setErrors(fields);
  focusFirstError(form, fields);
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
  const { errors, setErrors, clearOnInput, checkSubmit } = useFieldErrors();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkSubmit(event, { displayName: rules.displayName, username: rules.username });
    if (!checked) return;
    const { form, values } = checked;
    const displayName = values.displayName!.trim();
    const username = values.username!.trim();
    update.mutate(
      {
        ...(displayName !== profile.displayName ? { displayName } : {}),
        ...(username !== profile.username ? { username } : {}),
      },
      {
        onSuccess: () =>
          toast({ title: "Profile updated", description: "Your name and username are saved." }),
        onError: (failure) => showFailure(failure, form, setErrors, "Could not update your profile"),
      },
    );
  };

  return (
    <Card title="Edit profile" icon={<UserRound className="size-5" aria-hidden />}>
      <form
        aria-label="Edit profile"
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="space-y-4"
      >
        <FormField
          name="displayName"
          label="Full Name"
          autoComplete="name"
          defaultValue={profile.displayName}
          error={errors.displayName}
        />
        <FormField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={profile.username}
          error={errors.username}
        />
        <Button type="submit" pending={update.isPending} pendingLabel="Saving…">
          Save changes
        </Button>
      </form>
    </Card>
  );
}

export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const changeEmail = useChangeEmail();
  const resend = useSendEmailLink();
  const { errors, setErrors, clearOnInput, checkSubmit } = useFieldErrors();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkSubmit(event, { email: rules.email });
    if (!checked) return;
    const { form, values } = checked;
    changeEmail.mutate(
      { email: values.email!.trim(), password: profile.hasPassword ? values.password : undefined },
      {
        onSuccess: (saved) => {
          form.reset();
          toast({
            title: "Email updated",
            description: `We sent a verification link to ${saved.email}. Open it to verify your new email.`,
          });
        },
        onError: (failure) => showFailure(failure, form, setErrors, "Could not change your email"),
      },
    );
  };

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
      <form
        aria-label="Change email"
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
      >
        <FormField
          name="email"
          label="New email"
          type="email"
          autoComplete="email"
          error={errors.email}
          hint="A new email must be verified again: we'll email you a link."
        />
        {profile.hasPassword && (
          <FormField
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
        )}
        <Button type="submit" pending={changeEmail.isPending} pendingLabel="Saving…">
          Change email
        </Button>
      </form>
    </Card>
  );
}

export function ChangePhoneForm({ profile }: { profile: Profile }) {
  const { signIn } = useAuth();
  const invalidateProfile = useInvalidateProfile();
  // The number waiting for its SMS code: one just saved, or an unverified one from before.
  const [codeFor, setCodeFor] = useState<string | null>(
    profile.phoneNumber && !profile.isPhoneVerified ? profile.phoneNumber : null,
  );

  const { submit, changePhone, errors, clearOnInput } = usePhoneSubmit((saved, form) => {
    form.reset();
    setCodeFor(saved.phoneNumber);
    toast({ title: "SMS OTP Sent", description: "Enter the 6-digit code we sent to your new number." });
  });

  const removePhone = () => {
    if (!window.confirm("Remove your phone number? You can add it again later.")) return;
    changePhone.mutate(
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
      <form
        aria-label="Change phone"
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="mt-4 space-y-4 border-t border-stone-100 pt-4"
      >
        <FormField
          name="phoneNumber"
          label={profile.phoneNumber ? "New phone number" : "Phone number"}
          type="tel"
          autoComplete="tel"
          placeholder="024 123 4567"
          error={errors.phoneNumber}
          hint="We'll text a 6-digit code to verify it."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={changePhone.isPending} pendingLabel="Saving…">
            Save phone number
          </Button>
          {profile.phoneNumber && (
            <Button variant="ghost" onClick={removePhone} disabled={changePhone.isPending}>
              Remove phone number
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

export function ChangePasswordForm({ profile }: { profile: Profile }) {
  const changePassword = useChangePassword();
  const { errors, setErrors, clearOnInput, checkSubmit } = useFieldErrors();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkSubmit(event, {
      ...(profile.hasPassword
        ? { currentPassword: (v: string) => (v ? undefined : "Enter your current password") }
        : {}),
      newPassword: rules.password,
    });
    if (!checked) return;
    const { form, values } = checked;
    changePassword.mutate(
      {
        ...(profile.hasPassword ? { currentPassword: values.currentPassword } : {}),
        newPassword: values.newPassword!,
      },
      {
        onSuccess: ({ message }) => {
          form.reset();
          toast({ title: "Password updated", description: message });
        },
        onError: (failure) => showFailure(failure, form, setErrors, "Could not change your password"),
      },
    );
  };

  return (
    <Card
      title={profile.hasPassword ? "Change password" : "Set a password"}
      icon={<KeyRound className="size-5" aria-hidden />}
      description="Your other devices will be signed out."
    >
      <form
        aria-label={profile.hasPassword ? "Change password" : "Set a password"}
        noValidate
        onSubmit={submit}
        onInput={clearOnInput}
        className="space-y-4"
      >
        {profile.hasPassword && (
          <FormField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
        )}
        <FormField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
          hint="At least 6 characters."
        />
        <Button type="submit" pending={changePassword.isPending} pendingLabel="Saving…">
          {profile.hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </Card>
  );
}
