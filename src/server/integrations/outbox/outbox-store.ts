import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { normaliseGhanaPhone } from "../../../shared/phone";
import type { Executor } from "../../db/client";
import type { MessageChannel } from "../../db/schema/enums";
import { outboxMessages } from "../../db/schema/outbox";

/**
 * The outbox the development mail and SMS adapters write to instead of a real provider. It owns the
 * outbox_messages table: the adapters save through it and the development outbox page reads it.
 */
export interface OutboxMessageInput {
  channel: MessageChannel;
  recipient: string;
  subject?: string;
  textBody: string;
  htmlBody?: string;
}

export async function saveOutboxMessage(db: Executor, message: OutboxMessageInput): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

export interface OutboxFilter {
  /** An email address (any case) or a phone number (E.164, 233..., or 024...). */
  recipient?: string;
  channel?: MessageChannel;
  limit: number;
}

export interface OutboxEntry {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  textBody: string;
  createdAt: Date;
}

/** The newest outbox messages first, optionally for one recipient and one channel. */
export async function findOutboxMessages(db: Executor, filter: OutboxFilter): Promise<OutboxEntry[]> {
  const conditions: SQL[] = [];
  if (filter.channel) conditions.push(eq(outboxMessages.channel, filter.channel));
  const spellings = recipientSpellings(filter.recipient);
  if (spellings.length > 0) {
    conditions.push(or(...spellings.map((value) => sql`lower(${outboxMessages.recipient}) = ${value}`))!);
  }
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(filter.limit);
}

/**
 * Every form the recipient may be stored under. A test that writes `?recipient=+233...` without
 * encoding the "+" sends a space, so bare digits also match the E.164 form.
 */
function recipientSpellings(recipient: string | undefined): string[] {
  const value = recipient?.trim().toLowerCase();
  if (!value) return [];
  const spellings = new Set([value]);
  if (/^\+?\d{8,15}$/.test(value)) {
    spellings.add(value.startsWith("+") ? value : `+${value}`);
    const ghana = normaliseGhanaPhone(value);
    if (ghana) spellings.add(ghana);
  }
  return [...spellings];
}
