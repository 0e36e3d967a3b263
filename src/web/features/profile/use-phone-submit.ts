import type { FormEvent } from "react";
import type { Profile } from "../../../shared/contracts/profile";
import { focusFirstError, rules, serverFieldErrors, serverMessage, useFieldErrors } from "../../lib/forms";
import { useChangePhone } from "./api";

/**
 * A form that saves a phone number (which texts it a code): checks it like the server, shows the
 * server's refusal under the field, and hands the saved profile to `onSaved`.
 */
export function usePhoneSubmit(onSaved: (profile: Profile, form: HTMLFormElement) => void) {
  const changePhone = useChangePhone();
  const { errors, setErrors, clearOnInput, checkSubmit } = useFieldErrors();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const checked = checkSubmit(event, { phoneNumber: rules.phone });
    if (!checked) return;
    const { form, values } = checked;
    changePhone.mutate(
      { phoneNumber: values.phoneNumber!.trim() },
      {
        onSuccess: (profile) => onSaved(profile, form),
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          setErrors({ phoneNumber: fields.phoneNumber ?? serverMessage(failure) ?? "Please try again" });
          focusFirstError(form, { phoneNumber: "error" });
        },
      },
    );
  };
  return { submit, changePhone, errors, clearOnInput };
}
