import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import { ghanaPhoneMetadata } from "./ghana-phone-metadata";

/**
 * Ghana numbers arrive as `024 123 4567`, `+233 24 123 4567` or `233241234567` (PRODUCT.md) and are
 * stored as E.164 (`+233241234567`). Returns undefined for anything that is not a valid Ghana number.
 */
export function normaliseGhanaPhone(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, "");
  const withPlus = /^233\d{9}$/.test(compact) ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, "GH", ghanaPhoneMetadata);
  if (parsed?.country !== "GH" || !parsed.isValid()) return undefined;
  return parsed.number;
}

export const ghanaPhoneMessage = "Enter a valid Ghana phone number, e.g. 024 123 4567";
