import type { ReactNode } from "react";
import type { Profile } from "../../../shared/contracts/profile";
import { phoneNumberForm } from "../../../shared/forms/account";
import { Button } from "../../components/ui/button";
import { Form, TextField } from "../../components/ui/form-field";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { useChangePhone, useIsChangingPhone } from "./api";

interface PhoneNumberFormProps {
  /** The form's accessible name, e.g. "Add phone number". */
  name: string;
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  /** The saved profile: the server has texted a code to its phone number. */
  onSaved(profile: Profile): void;
  /** More buttons beside the submit button. */
  children?: ReactNode;
  className?: string;
}

/** Saves a phone number, which texts it a code; a refusal shows under the field. */
export function PhoneNumberForm({
  name,
  label,
  hint,
  submitLabel,
  pendingLabel,
  onSaved,
  children,
  className = "space-y-3",
}: PhoneNumberFormProps) {
  const changePhone = useChangePhone();
  const t = useT();
  // Saving and "Remove phone number" both change the number: one at a time.
  const anotherChangeRunning = useIsChangingPhone() && !changePhone.isPending;
  const form = useContractForm(phoneNumberForm, { defaultValues: { phoneNumber: "" } });
  const save = ({ phoneNumber }: { phoneNumber: string }) =>
    changePhone.mutate(
      { phoneNumber },
      {
        onSuccess: (profile) => {
          form.reset();
          onSaved(profile);
        },
        onError: (failure) =>
          applyServerErrors(form, failure, {
            fallbackField: "phoneNumber",
            fallbackMessage: t("profile.phone.tryAgain"),
          }),
      },
    );
  return (
    <Form form={form} onValid={save} aria-label={name} className={className}>
      <TextField
        name="phoneNumber"
        label={label}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        hint={hint}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          pending={changePhone.isPending}
          pendingLabel={pendingLabel}
          disabled={anotherChangeRunning}
        >
          {submitLabel}
        </Button>
        {children}
      </div>
    </Form>
  );
}
