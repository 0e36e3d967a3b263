import { zodResolver } from "@hookform/resolvers/zod";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type ResolverResult,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { core, z } from "zod";
import { ApiError } from "./api-client";
import { serverMessage } from "./api-errors";

/**
 * Forms validate with the request contracts of src/shared (or schemas derived from them in
 * src/shared/forms), through react-hook-form's zod resolver: the same rules and messages as the server.
 */

/** Plain words for the few checks a contract leaves to zod's defaults ("Too small: expected number…"). */
const plainIssueMessage: core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return "Enter a whole number";
      if (issue.expected === "number") return "Enter a number";
      return undefined;
    case "too_small":
      return `Must be ${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}${issue.origin === "string" ? " characters" : ""}`;
    case "too_big":
      return `Must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}${issue.origin === "string" ? " characters" : ""}`;
    default:
      return undefined;
  }
};

/** The first message anywhere under an error (`discountCodes.3` → the `discountCodes` field's). */
function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== "object") return undefined;
  if (typeof (error as FieldError).message === "string") return error as FieldError;
  for (const nested of Object.values(error)) {
    const found = firstError(nested);
    if (found) return found;
  }
  return undefined;
}

/** Every message on the form field its path starts with: a list typed in one box shows under the box. */
function onFormFields<T extends FieldValues>(errors: FieldErrors<T>): FieldErrors<T> {
  const flat: Record<string, FieldError> = {};
  for (const [name, error] of Object.entries(errors)) {
    const found = firstError(error);
    if (found) flat[name] = { type: found.type, message: found.message, ref: found.ref };
  }
  return flat as FieldErrors<T>;
}

type ContractSchema = z.ZodType<unknown, FieldValues>;

export function contractResolver<S extends ContractSchema>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never, { error: plainIssueMessage }) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    return { values: {}, errors: onFormFields(result.errors) } as ResolverResult<z.input<S>, z.output<S>>;
  };
}

/**
 * A form checked by a contract: messages appear on submit, then follow each field as it is edited (a
 * fixed field clears its message), and the first invalid field takes the focus.
 */
export function useContractForm<S extends ContractSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver">,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver: contractResolver(schema),
  });
}

interface ServerErrorOptions<T extends FieldValues> {
  /** The form field for a server field key that names it otherwise (`contactEmail` → `contact`). */
  fieldFor?: Partial<Record<string, Path<T>>>;
  /** When no field message came back, the server's message (or `fallbackMessage`) shows here. */
  fallbackField?: Path<T>;
  fallbackMessage?: string;
}

type ErrorTarget<T extends FieldValues> = Pick<
  UseFormReturn<T, unknown, unknown>,
  "getValues" | "setError" | "setFocus"
>;

/**
 * The one place a refused request's field messages (`{message, code, fields}`) reach a form: each goes
 * under its field (`discountCodes.3` under `discountCodes`), the first such field takes the focus, and
 * the messages set are returned (e.g. for an alert about a field the form doesn't show).
 */
export function applyServerErrors<T extends FieldValues>(
  form: ErrorTarget<T>,
  failure: unknown,
  { fieldFor = {}, fallbackField, fallbackMessage }: ServerErrorOptions<T> = {},
): Partial<Record<Path<T>, string>> {
  const fields = failure instanceof ApiError && failure.status < 500 ? (failure.fields ?? {}) : {};
  const names = Object.keys(form.getValues()) as Path<T>[];
  const applied: Partial<Record<Path<T>, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = fieldFor[key] ?? (key.split(".")[0] as Path<T>);
    if (names.includes(name)) applied[name] ??= message;
  }
  const fallback = serverMessage(failure) ?? fallbackMessage;
  if (Object.keys(applied).length === 0 && fallbackField && fallback) applied[fallbackField] = fallback;

  const shown = names.filter((name) => applied[name]);
  for (const name of shown) form.setError(name, { type: "server", message: applied[name] });
  // After the submit button re-enables, so the focus lands on the field to fix.
  if (shown[0]) setTimeout(() => form.setFocus(shown[0]!));
  return applied;
}
