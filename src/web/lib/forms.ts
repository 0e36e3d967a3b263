import { type FormEvent, useCallback, useState } from "react";
import { ApiError } from "./api-client";

/**
 * Client-side checks for the account forms. They mirror the zod contracts in
 * src/shared/contracts/auth.ts (same limits, same messages) without shipping zod and the phone metadata
 * to the phone: the server validates again and its field errors are shown the same way.
 */
export type FieldErrors = Partial<Record<string, string>>;
type Rule = (value: string) => string | undefined;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const usernamePattern = /^[a-zA-Z0-9._-]+$/;
// Ghana numbers as `024 123 4567`, `+233 24 123 4567` or `233241234567`; the server checks the exact ranges.
const ghanaPhonePattern = /^(?:\+?233|0)\d{9}$/;
export const ghanaPhoneMessage = "Enter a valid Ghana phone number, e.g. 024 123 4567";

const phoneRule: Rule = (value) => {
  const compact = value.trim().replace(/[\s\-().]/g, "");
  if (!compact) return "Phone number is required";
  if (compact.length < 8) return "Phone number must be at least 8 digits";
  if (!ghanaPhonePattern.test(compact)) return ghanaPhoneMessage;
};

export const rules = {
  displayName: (value) => {
    const v = value.trim();
    if (v.length < 2) return "Full name must be at least 2 characters";
    if (v.length > 60) return "Full name must be at most 60 characters";
  },
  username: (value) => {
    const v = value.trim();
    if (v.length < 3) return "Username must be at least 3 characters";
    if (v.length > 30) return "Username must be at most 30 characters";
    if (!usernamePattern.test(v))
      return "Username may use letters, numbers, dots, dashes and underscores only";
  },
  email: (value) => {
    const v = value.trim();
    if (!v) return "Email is required";
    if (v.length > 254) return "Email must be at most 254 characters";
    if (!emailPattern.test(v)) return "Please enter a valid email address";
  },
  /** Login only asks for at least one character (spec section 5). */
  loginEmail: (value) => (value.trim() ? undefined : "Email is required"),
  password: (value) => {
    if (value.length < 6) return "Password must be at least 6 characters";
    if (value.length > 128) return "Password must be at most 128 characters";
  },
  phone: phoneRule,
  optionalPhone: (value) => (value.trim() ? phoneRule(value) : undefined),
  otp: (value) => (/^\d{6}$/.test(value) ? undefined : "OTP must be 6 digits"),
  identifier: (value) => (value.trim() ? undefined : "Enter your email or phone number"),
} satisfies Record<string, Rule>;

/** Runs a rule per field; returns only the failures. */
export function validate(values: Record<string, string>, fieldRules: Record<string, Rule>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, rule] of Object.entries(fieldRules)) {
    const message = rule(values[field] ?? "");
    if (message) errors[field] = message;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** A form's values by input name, untrimmed (passwords keep their spaces). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

/** Moves focus to the first field that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Object.keys(errors).find((name) => errors[name]);
  if (!form || !first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}

/** Field errors of a form: set from validation or the server, cleared as the user edits a field. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clearOnInput = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  /**
   * The start of every submit: stops the page reload, reads the fields and checks them. Invalid fields get
   * their messages and the first one gets focus (null is returned); otherwise the form and its values.
   */
  const checkSubmit = useCallback((event: FormEvent<HTMLFormElement>, fieldRules: Record<string, Rule>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = validate(values, fieldRules);
    setErrors(invalid);
    if (!hasErrors(invalid)) return { form, values };
    focusFirstError(form, invalid);
    return null;
  }, []);
  return { errors, setErrors, clearOnInput, checkSubmit };
}

/** The field messages of a 400/409 answer (`fields`), keyed by input name. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? (error.fields ?? {}) : {};
}

/** The server's own message for a refused request; undefined for network failures and 5xx answers. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
}

/** Spec section 5: an answer fails unless it is ok and says `success: true`. */
export function requireSuccess<T extends { success?: unknown; message?: unknown }>(result: T): T {
  if (result.success === true) return result;
  const body = JSON.stringify(result);
  throw new ApiError(422, body, `422: ${body}`);
}

export const isNetworkFailure = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;
