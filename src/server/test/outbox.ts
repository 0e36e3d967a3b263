import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { outboxMessages } from "../db/schema/outbox";

const queueDrains = new WeakMap<Executor, () => Promise<unknown>>();

/** The test's database and its message queue: what was queued is sent before the outbox is read. */
export function deliverQueuedMessagesBeforeReading(db: Executor, drain: () => Promise<unknown>) {
  queueDrains.set(db, drain);
}

/** The newest message the development outbox holds for a recipient (once the queue has sent everything due). */
export async function latestOutboxMessage(db: Executor, recipient: string, channel: "email" | "sms") {
  await queueDrains.get(db)?.();
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return message;
}

export async function latestLinkTokenFor(
  db: Executor,
  email: string,
  param: "verify" | "reset" | "signin",
): Promise<string> {
  const message = await latestOutboxMessage(db, email, "email");
  const match = message?.textBody.match(new RegExp(`[?&]${param}=([A-Za-z0-9_%-]+)`));
  if (!match?.[1]) throw new Error(`No ${param} link in the outbox for ${email}`);
  return decodeURIComponent(match[1]);
}

/**
 * The code in the newest text to the number that carries one. Codes are sent before alerts and invites
 * queued with them (docs/product-rules.md#notifications-codes-first), so the newest text may be an invite.
 */
export async function latestSmsCodeFor(db: Executor, phone: string): Promise<string> {
  await queueDrains.get(db)?.();
  const texts = await db
    .select({ textBody: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")))
    .orderBy(desc(outboxMessages.id));
  const code = texts.map((text) => text.textBody.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
  if (!code) throw new Error(`No SMS code in the outbox for ${phone}`);
  return code;
}

/** Every text the outbox holds for a number, oldest first (once the queue has sent everything due). */
export async function textsTo(db: Executor, phone: string) {
  await queueDrains.get(db)?.();
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")))
    .orderBy(outboxMessages.id);
}
