import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestContext, type TestContext, testClock } from "../../test/test-app";
import { queueEmail, queueSms, startMessageQueue } from "./message-queue";

const clock = testClock(new Date("2026-11-20T10:00:00Z"));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

let phones = 0;
const newPhone = () => `+23324333${String(++phones).padStart(4, "0")}`;

/** What the outbox holds for a number, read without draining the queue first. */
async function textsTo(phone: string) {
  const rows = await ctx.database.db
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")));
  return rows.map((row) => row.text);
}

async function metric(name: string, labels: string): Promise<number> {
  const response = await ctx.app.inject({ method: "GET", url: "/metrics" });
  const line = response.body.split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}
const counted = (channel: string, outcome: string) =>
  metric("anigye_messages_total", `channel="${channel}",outcome="${outcome}"`);

describe("the message queue", () => {
  it("sends nothing queued in a transaction that rolled back, and once what a committed one queued", async () => {
    const phone = newPhone();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queueSms(tx, { to: phone, text: "rolled back", waitedFor: false });
        throw new Error("the decision was undone");
      }),
    ).rejects.toThrow("undone");
    await ctx.database.db.transaction((tx) =>
      queueSms(tx, { to: phone, text: "committed", waitedFor: false }),
    );
    expect(await textsTo(phone)).toEqual([]);

    await ctx.drainMessages();
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toEqual(["committed"]);
  });

  it("queues a message with the same key once", async () => {
    const phone = newPhone();
    for (let i = 0; i < 3; i++)
      await queueSms(ctx.database.db, { to: phone, text: "your code", key: `key:${phone}`, waitedFor: true });
    await ctx.drainMessages();
    expect(await textsTo(phone)).toEqual(["your code"]);
  });

  it("retries a provider that fails twice, and the text arrives once", async () => {
    const phone = newPhone();
    const [retryingBefore, sentBefore] = [await counted("sms", "retrying"), await counted("sms", "sent")];
    const send = vi.spyOn(ctx.app.deps.sms, "send");
    send.mockRejectedValueOnce(new Error("Arkesel SMS failed (HTTP 503)"));
    send.mockRejectedValueOnce(new Error("Arkesel SMS request failed: no answer within 10 s"));
    await ctx.database.db.transaction((tx) =>
      queueSms(tx, { to: phone, text: "Your code is 428913", waitedFor: true }),
    );

    await ctx.drainMessages();
    expect(await textsTo(phone)).toEqual([]);
    // Its retry waits a few seconds (with backoff): nothing more goes out until it is due.
    expect(await ctx.drainMessages()).toBe(0);
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toEqual([]);
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toEqual(["Your code is 428913"]);
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toHaveLength(1);

    expect(send).toHaveBeenCalledTimes(3);
    expect(await counted("sms", "retrying")).toBe(retryingBefore + 2);
    expect(await counted("sms", "sent")).toBe(sentBefore + 1);
  });

  it("gives up after the last retry and counts the message failed", async () => {
    const failedBefore = await counted("email", "failed");
    const send = vi.spyOn(ctx.app.deps.mailer, "send").mockRejectedValue(new Error("SMTP down"));
    await queueEmail(ctx.database.db, {
      to: "nobody@example.com",
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
      waitedFor: false,
    });
    await ctx.drainMessages();
    for (let attempt = 0; attempt < 12; attempt++) await ctx.drainMessages({ allDue: true });

    // The first try and 8 retries, then no more.
    expect(send).toHaveBeenCalledTimes(9);
    expect(await counted("email", "failed")).toBe(failedBefore + 1);
    expect(await metric("anigye_messages_queued", 'channel="email"')).toBe(0);
  });

  it("queues no email to the reserved .invalid domain (a member who joined by phone has no email yet)", async () => {
    const send = vi.spyOn(ctx.app.deps.mailer, "send");
    await queueEmail(ctx.database.db, {
      to: "ang-abcd2345@phone.anigye.invalid",
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
      waitedFor: true,
    });
    await ctx.drainMessages({ allDue: true });
    expect(send).not.toHaveBeenCalled();
  });

  it("shows in /metrics what waits to be sent", async () => {
    const phone = newPhone();
    await queueSms(ctx.database.db, { to: phone, text: "one", waitedFor: false });
    await queueSms(ctx.database.db, { to: phone, text: "two", waitedFor: false });
    expect(await metric("anigye_messages_queued", 'channel="sms"')).toBe(2);
    await ctx.drainMessages();
    expect(await metric("anigye_messages_queued", 'channel="sms"')).toBe(0);
    expect(await textsTo(phone)).toEqual(["one", "two"]);
  });

  it("keeps an alert's retry out of quiet hours: it waits for 07:00 Accra time", async () => {
    const phone = newPhone();
    const hours = { fromHour: 7, toHour: 21 };
    clock.set(new Date("2026-11-20T20:59:00Z"));
    vi.spyOn(ctx.app.deps.sms, "send").mockRejectedValueOnce(new Error("mNotify SMS failed (HTTP 500)"));
    await queueSms(ctx.database.db, {
      to: phone,
      text: "You won the draw",
      sendingHours: hours,
      waitedFor: false,
    });
    await ctx.drainMessages();

    clock.set(new Date("2026-11-20T21:00:00Z"));
    await ctx.drainMessages({ allDue: true });
    clock.set(new Date("2026-11-21T06:59:00Z"));
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toEqual([]);

    clock.set(new Date("2026-11-21T07:00:00Z"));
    await ctx.drainMessages({ allDue: true });
    expect(await textsTo(phone)).toEqual(["You won the draw"]);
    clock.set(new Date("2026-11-20T10:00:00Z"));
  });
});

describe("the server's own worker", () => {
  let server: TestContext;
  beforeAll(async () => {
    server = await createTestContext({ env: { MESSAGE_WORKERS: "1" } });
  });
  afterAll(() => server.close());

  it("sends a counter code by itself once it commits, with nobody draining the queue", async () => {
    const phone = newPhone();
    await server.database.db.transaction((tx) =>
      queueSms(tx, { to: phone, text: "Your code is 111222", waitedFor: true }),
    );
    // How soon is measured in bench/ (a timed assertion here would fail on a busy machine); the test's
    // limit only stops the wait if no worker ever sends it.
    for (;;) {
      const [row] = await server.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, phone));
      if (row) return expect(row.textBody).toBe("Your code is 111222");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe("a code behind a backlog of alerts", () => {
  let busy: TestContext;
  beforeAll(async () => {
    busy = await createTestContext();
  });
  afterAll(() => busy.close());

  it("is the next text the workers send, ahead of 2,000 alerts and invites queued before it", {
    timeout: 180_000,
  }, async () => {
    for (let i = 0; i < 2000; i++) {
      await queueSms(busy.database.db, { to: newPhone(), text: `Alert ${i}`, waitedFor: false });
    }
    const codeTo = newPhone();
    await busy.database.db.transaction((tx) =>
      queueSms(tx, { to: codeTo, text: "Your code is 135790", waitedFor: true }),
    );
    // The real workers, started on the backlog: what the provider receives, in order.
    const received: string[] = [];
    const workers = await startMessageQueue(
      {
        ...busy.app.deps,
        sms: { provider: "outbox", send: async (_to, text) => void received.push(text) },
        counted() {},
      },
      { workers: 1 },
    );
    try {
      while (received.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await workers.stop();
    }
    expect(received[0]).toBe("Your code is 135790");
    expect(received.slice(1, 3)).toEqual([expect.stringMatching(/^Alert/), expect.stringMatching(/^Alert/)]);
  });
});
