import { z } from "zod";
import type { SettingItem, UpdateSettingRequest } from "../../../shared/contracts/admin";

/**
 * PUT /api/admin/settings/:key from a setting's number box: a whole number within the setting's own
 * bounds (the server checks the same and answers `fields.value` otherwise).
 */
export function settingValueForm({ min, max }: Pick<SettingItem, "min" | "max">) {
  return z.object({
    value: z
      .string()
      .trim()
      .regex(/^-?\d+$/, "Enter a whole number")
      .transform(Number)
      .pipe(z.number().int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`)),
  }) satisfies z.ZodType<UpdateSettingRequest, { value: string }>;
}
