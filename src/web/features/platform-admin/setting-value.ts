import { z } from "zod";
import type { SettingGroup, SettingItem, UpdateSettingRequest } from "../../../shared/contracts/admin";

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

/**
 * The same from a text setting's box: trimmed, not empty, at most `max` characters. The format (e.g. a
 * Ghana mobile number) is the server's to check; it answers `fields.value` with what would do.
 */
export function textSettingForm({ max }: Pick<SettingItem, "max">) {
  return z.object({
    value: z.string().trim().min(1, "Enter a value").max(max, `Use at most ${max} characters`),
  }) satisfies z.ZodType<UpdateSettingRequest, { value: string }>;
}

/** The headings of the settings screen, in the order the contract lists the groups. */
export const settingGroupTitles: Record<SettingGroup, string> = {
  xp: "XP",
  prices: "Prices",
  points: "Points and limits",
  branches: "Branches",
  draws: "Draws",
  texts: "Counter texts",
  anti_cheat: "Anti-cheat",
  sign_in: "Sign-in",
  manual_momo: "Manual MoMo",
  ussd: "USSD",
  cashback: "Cashback payouts",
};

/** The hint under a setting's box: its default and what it accepts. */
export function settingHint(setting: SettingItem): string {
  if (setting.type === "number") {
    return `Default ${setting.defaultValue}; a whole number from ${setting.min} to ${setting.max}.`;
  }
  const fallback = setting.defaultValue ? `Default ${setting.defaultValue}` : "Not set by default";
  return `${fallback}; ${setting.min} to ${setting.max} characters.`;
}
