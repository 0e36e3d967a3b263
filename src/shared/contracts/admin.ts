import { z } from "zod";
import { idSchema } from "./ids";

/* Platform settings and the audit log, for admins. */

export const settingItem = z.object({
  key: z.string(),
  value: z.number(),
  defaultValue: z.number(),
  min: z.number(),
  max: z.number(),
  description: z.string(),
  /** Null while the default is in force. */
  updatedAt: z.iso.datetime().nullable(),
});
export type SettingItem = z.infer<typeof settingItem>;
export const settingsResponse = z.object({ settings: z.array(settingItem) });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** PUT /api/admin/settings/:key */
export const updateSettingRequest = z.object({
  value: z.number({ error: "The value must be a number" }).finite("The value must be a number"),
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
