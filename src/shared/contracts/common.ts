import { z } from "zod";
import { ghanaPhoneMessage, normaliseGhanaPhone } from "../phone";

/** A letter, digit, punctuation mark or symbol (an emoji included): something that can show. */
const showable = /[\p{L}\p{N}\p{P}\p{S}]/u;
/**
 * What shows nothing even so: Unicode's default-ignorable characters (zero-width spaces and joiners,
 * direction marks and overrides such as U+202E, the Hangul fillers, variation selectors) and the blank
 * Braille pattern. Spaces, control and format characters are neither showable nor counted.
 */
const showsNothing = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * Whether text has at least one character a reader can see: a name of only spaces or invisible characters
 * would show blank (docs/product-rules.md#conventions-visible-text).
 */
export function hasVisibleCharacter(text: string): boolean {
  for (const character of text) {
    if (showable.test(character) && !showsNothing.test(character)) return true;
  }
  return false;
}

/** The refusal of a text made only of spaces or invisible characters, naming the field. */
export function invisibleTextMessage(label: string): string {
  return `${label} can't be only spaces or invisible characters`;
}

/**
 * A required text field whose message names the field, e.g. "Name is required"; text that shows nothing
 * (only invisible characters) is refused too.
 */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => value === "" || hasVisibleCharacter(value), invisibleTextMessage(label));
}

/** An optional text field: empty strings, and text that shows nothing, become undefined. */
export function optionalText(label: string, max = 500) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value && hasVisibleCharacter(value) ? value : undefined));
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
