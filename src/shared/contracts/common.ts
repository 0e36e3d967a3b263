import { z } from "zod";
import { ghanaPhoneMessage, normaliseGhanaPhone } from "../phone";

/** A required text field whose message names the field, e.g. "Name is required". */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** An optional text field: empty strings become undefined. */
export function optionalText(label: string, max = 500) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

export function requiredEmail(label = "Email") {
  return requiredText(label, 254)
    .pipe(z.email("Enter a valid email address"))
    .transform((value) => value.toLowerCase());
}

export function requiredGhanaPhone(label = "Phone") {
  return requiredText(label, 30).transform((value, ctx) => {
    const phone = normaliseGhanaPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: ghanaPhoneMessage });
      return z.NEVER;
    }
    return phone;
  });
}

/** An optional choice from a fixed list; an empty string means "not answered". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(options, { error: `Choose a valid ${label.toLowerCase()}` }).optional(),
  );
}

/** A 304 answer: the caller's copy (named by If-None-Match) is current, so no body is sent. */
export const notModifiedResponse = z
  .null()
  .describe("Unchanged since the ETag sent in If-None-Match (no body)");

/** `?page=` of a list paged on the server: 1 when absent. */
export const pageNumber = z.coerce
  .number({ error: "Page must be a number" })
  .int("Page must be a whole number")
  .min(1, "Page starts at 1")
  .max(100_000, "Page is too far")
  .default(1);
