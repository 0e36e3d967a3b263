import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz } from "./columns";

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

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export const memberSmsKinds = [
  "draw_won",
  "loyalty_reward_ready",
  "reward_expiring",
  "weekly_summary",
] as const;
export type MemberSmsKind = (typeof memberSmsKinds)[number];

/**
 * Every SMS meant for a member (docs/product-rules.md#notifications-texts-to-members), queued by the event
 * and sent by the scheduled job: only with consent and a verified phone, never between 21:00 and 07:00 Accra
 * time, at most one a day per member (the unique index on the day it went out). The rows are the log: sent
 * (handed to the message queue, which retries a failed send), skipped (and why), or failed (before the
 * queue existed).
 */
export const memberSms = pgTable(
  "member_sms",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: memberSmsKinds }).notNull(),
    /** One message per event, e.g. `draw_won:monthly:12`. */
    dedupeKey: text("dedupe_key").notNull(),
    /** What the text says, filled in the member's language when it is sent. */
    values: jsonb("values").$type<Record<string, string | number>>().notNull().default({}),
    /** The screen the text's link opens, e.g. `/rewards`. */
    path: text("path").notNull(),
    status: text("status", { enum: ["queued", "sent", "skipped", "failed"] })
      .notNull()
      .default("queued"),
    /** Why it was skipped or failed: no_consent, no_verified_phone, account_closed, out_of_date, or the error. */
    reason: text("reason"),
    /** After this it is no longer worth sending (the reward expired). */
    expiresAt: tstz("expires_at"),
    /** The Accra day it went out: one per member per day. */
    sentOn: date("sent_on", { mode: "string" }),
    sentAt: tstz("sent_at"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_sms_dedupe_key").on(t.dedupeKey),
    uniqueIndex("member_sms_one_a_day").on(t.userId, t.sentOn),
    index("member_sms_queued_idx").on(t.createdAt).where(sql`${t.status} = 'queued'`),
    index("member_sms_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);
