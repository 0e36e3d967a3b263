import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import { ghanaPhoneMetadata } from "./ghana-phone-metadata";

/**
 * Ghana numbers arrive as `024 123 4567`, `+233 24 123 4567` or `233241234567` and are stored
 * as E.164 (`+233241234567`). Returns undefined for anything that is not a valid Ghana number.
 * Rule: docs/product-rules.md#conventions-ghana-phone.
 */
export function normaliseGhanaPhone(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, "");
  const withPlus = /^233\d{9}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, "GH", ghanaPhoneMetadata);
  if (parsed?.country !== "GH" || !parsed.isValid()) return undefined;
  return parsed.number;
}

export const ghanaPhoneMessage = "Enter a valid Ghana phone number, e.g. 024 123 4567";

/**
 * A Ghana mobile number (the 02x and 05x ranges every MoMo wallet is on), in E.164; undefined for a
 * landline (03x) or anything that is not a valid Ghana number.
 */
export function normaliseGhanaMobile(input: string): string | undefined {
  const number = normaliseGhanaPhone(input);
  return number && /^\+233[25]\d{8}$/.test(number) ? number : undefined;
}

export const ghanaMobileMessage = "Enter a valid Ghana mobile number, e.g. 024 123 4567";
