import type { APIRequestContext } from "@playwright/test";

interface OutboxMessage {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  textBody: string;
  createdAt: string;
}

/**
 * Reads the development outbox the way a developer would at /dev/outbox, waiting for a message to arrive:
 * messages are queued with the action and sent by the server's queue worker within a second or two.
 * `since` (a time taken before the action) skips older messages to the same recipient; `containing`
 * waits for the message that says it (another text to the number may be sent at about the same time).
 */
export async function waitForOutboxMessage(
  request: APIRequestContext,
  recipient: string,
  channel: "email" | "sms",
  { since, containing, timeoutMs = 30_000 }: { since?: number; containing?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get(
      `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&channel=${channel}`,
    );
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    // A little slack for the server's clock against this one (the same machine in every run here).
    const newest = messages.find(
      (message) =>
        (since === undefined || Date.parse(message.createdAt) >= since - 1000) &&
        (containing === undefined || message.textBody.includes(containing)),
    );
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${channel} for ${recipient} arrived in the outbox`);
}

export function linkIn(message: OutboxMessage): string {
  const match = message.textBody.match(/https?:\/\/\S+/);
  if (!match) throw new Error("The message holds no link");
  return match[0];
}
