import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { settingTypeEnum } from "./enums";

/** Admin-editable platform settings (XP amounts, Anigye+ price, allocations...). Values are text, parsed by settingType. */
export const platformSettings = pgTable(
  "platform_settings",
  {
    id: id(),
    settingKey: text("setting_key").notNull(),
    settingValue: text("setting_value").notNull(),
    settingType: settingTypeEnum("setting_type").notNull().default("text"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("platform_settings_setting_key_key").on(t.settingKey)],
);

export type PlatformSetting = typeof platformSettings.$inferSelect;
