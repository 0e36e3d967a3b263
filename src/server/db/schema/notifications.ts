import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** e.g. 'reward_earned', 'share_verified', 'tier_up', 'draw_won' */
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** Makes one event notify once, e.g. `draw_won:12`. */
    dedupeKey: text("dedupe_key"),
    isRead: boolean("is_read").notNull().default(false),
    readAt: tstz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_is_read_idx").on(t.userId, t.isRead),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("notifications_user_dedupe_key").on(t.userId, t.dedupeKey),
  ],
);

/** Web-push / mobile push tokens. */
export const deviceTokens = pgTable(
  "device_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    /** 'web' | 'android' | 'ios' */
    platform: text("platform").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("device_tokens_token_key").on(t.token),
    index("device_tokens_user_id_idx").on(t.userId).where(sql`${t.isActive}`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type DeviceToken = typeof deviceTokens.$inferSelect;
