import type { FormEvent } from "react";
import type { Profile } from "../../../shared/contracts/profile";
import {
  focusFirstError,
  formValues,
  hasErrors,
  rules,
  serverFieldErrors,
  serverMessage,
  useFieldErrors,
  validate,
} from "../../lib/forms";
import { useChangePhone } from "./api";

/**
 * A form that saves a phone number (which texts it a code): checks it like the server, shows the
 * server's refusal under the field, and hands the saved profile to `onSaved`.
 */
export function usePhoneSubmit(onSaved: (profile: Profile, form: HTMLFormElement) => void) {
  const changePhone = useChangePhone();
  const { errors, setErrors, clearOnInput } = useFieldErrors();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = validate(values, { phoneNumber: rules.phone });
    setErrors(invalid);
    if (hasErrors(invalid)) return focusFirstError(form, invalid);
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
