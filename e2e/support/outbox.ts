import type { APIRequestContext } from "@playwright/test";

interface OutboxMessage {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  textBody: string;
}

/** Reads the development outbox the way a developer would at /dev/outbox, waiting for a message to arrive. */
export async function waitForOutboxMessage(
  request: APIRequestContext,
  recipient: string,
  channel: "email" | "sms",
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get(
      `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&channel=${channel}`,
    );
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    if (messages[0]) return messages[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No ${channel} for ${recipient} arrived in the outbox`);
}

export function linkIn(message: OutboxMessage): string {
  const match = message.textBody.match(/https?:\/\/\S+/);
  if (!match) throw new Error("The message holds no link");
  return match[0];
}
