import { z } from "zod";
import { translate, type UiKey } from "../../lib/language";

/**
 * A required text field of a web-only form whose messages name the field in the screen's language
 * ("Title is required"), as `requiredText` does in English for the contracts.
 */
export function requiredTextIn(label: UiKey, max: number) {
  const field = () => translate(label);
  return z
    .string({ error: () => translate("purchase.fieldRequired", { field: field() }) })
    .trim()
    .min(1, { error: () => translate("purchase.fieldRequired", { field: field() }) })
    .max(max, { error: () => translate("purchase.fieldTooLong", { field: field(), max }) });
}
