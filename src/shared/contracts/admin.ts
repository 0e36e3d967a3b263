import { z } from "zod";
import { idSchema } from "./ids";

/* Platform settings and the audit log, for admins. */

/** The headings the admin's settings screen groups the settings under, in this order. */
export const settingGroups = [
  "xp",
  "prices",
  "points",
  "branches",
  "draws",
  "texts",
  "anti_cheat",
  "sign_in",
  "manual_momo",
  "ussd",
  "cashback",
] as const;
export type SettingGroup = (typeof settingGroups)[number];

const settingFields = {
  key: z.string(),
  group: z.enum(settingGroups),
  description: z.string(),
  /** Null while the default is in force. */
  updatedAt: z.iso.datetime().nullable(),
  /**
   * True when the server's environment sets this value (e.g. MOMO_MERCHANT_NUMBER): it wins over the
   * stored one, `value` is the environment's, and the setting can't be changed here.
   */
  fromEnvironment: z.boolean(),
};

/** A whole number within [min, max]. */
const numberSettingItem = z.object({
  ...settingFields,
  type: z.literal("number"),
  value: z.number(),
  defaultValue: z.number(),
  min: z.number(),
  max: z.number(),
});

/** Text of min to max characters once normalised, in the setting's own format. An empty default means unset. */
const textSettingItem = z.object({
  ...settingFields,
  type: z.literal("text"),
  value: z.string(),
  defaultValue: z.string(),
  min: z.number(),
  max: z.number(),
});

export const settingItem = z.discriminatedUnion("type", [numberSettingItem, textSettingItem]);
export type SettingItem = z.infer<typeof settingItem>;
export const settingsResponse = z.object({ settings: z.array(settingItem) });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** PUT /api/admin/settings/:key: a number for a number setting, text for a text setting. */
export const updateSettingRequest = z.object({
  value: z.union([z.number(), z.string().max(500, "The value must be at most 500 characters")], {
    error: "The value must be a number or text",
  }),
});
export type UpdateSettingRequest = z.infer<typeof updateSettingRequest>;
export const settingKeyParams = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,80}$/, "No such setting"),
});

export const auditEntryItem = z.object({
  id: idSchema,
  actor: z.object({ id: idSchema.nullable(), name: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The state before and after, as JSON text (null when there is none). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type AuditEntryItem = z.infer<typeof auditEntryItem>;

/** GET /api/admin/audit?actor=&action=&before= : newest first, 50 a page. */
export const auditQuery = z.object({
  actor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: z.string().trim().max(80).optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const auditResponse = z.object({
  entries: z.array(auditEntryItem),
  nextBefore: z.number().int().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
