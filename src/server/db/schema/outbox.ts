import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { messageChannelEnum } from "./enums";

/** Development / test outbox: every email and SMS the outbox adapters "send". */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    channel: messageChannelEnum("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt)],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
