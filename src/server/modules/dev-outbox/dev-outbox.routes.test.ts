import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { outboxMessages } from "../../db/schema/outbox";
import { registerErrorHandling } from "../../plugins/errors";
import { createTestContext, type TestContext } from "../../test/test-app";
import { linkify } from "./dev-outbox.page";
import { devOutboxRoutes } from "./dev-outbox.routes";

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  // The routes on their own: app.ts registers them only outside production.
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", ctx.database.db);
  registerErrorHandling(app);
  await app.register(devOutboxRoutes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

beforeEach(async () => {
  await ctx.database.db.delete(outboxMessages);
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function seedOutbox() {
  await ctx.database.db.insert(outboxMessages).values([
    {
      channel: "email",
      recipient: "akosua@example.com",
      subject: "Verify your email",
      textBody: "Verify: https://anigye.example/verify?token=old",
      htmlBody: "<p>old</p>",
      createdAt: minutesAgo(30),
    },
    {
      channel: "sms",
      recipient: "+233241234567",
      textBody: "Your Anigye code is 111111",
      createdAt: minutesAgo(20),
    },
    {
      channel: "email",
      recipient: "Akosua@Example.com",
      subject: "Reset your password",
      textBody: "Reset: https://anigye.example/reset?token=new&x=1.",
      htmlBody: "<p>new</p>",
      createdAt: minutesAgo(10),
    },
    {
      channel: "email",
      recipient: "kofi@example.com",
      subject: "Welcome",
      textBody: "Hello Kofi",
      createdAt: minutesAgo(5),
    },
  ]);
}

describe("GET /api/dev/outbox", () => {
  it("lists every message newest first without the HTML body", async () => {
    await seedOutbox();
    const response = await app.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { messages } = response.json();
    expect(messages.map((m: { subject: string | null }) => m.subject)).toEqual([
      "Welcome",
      "Reset your password",
      null,
      "Verify your email",
    ]);
    expect(Object.keys(messages[0]).sort()).toEqual(
      ["channel", "createdAt", "id", "recipient", "subject", "textBody"].sort(),
    );
    expect(new Date(messages[0].createdAt).toISOString()).toBe(messages[0].createdAt);
  });

  it("filters by recipient (email in any case) and channel", async () => {
    await seedOutbox();
    const response = await app.inject({
      method: "GET",
      url: "/api/dev/outbox?recipient=AKOSUA%40example.com&channel=email",
    });
    const { messages } = response.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      channel: "email",
      recipient: "Akosua@Example.com",
      subject: "Reset your password",
      textBody: "Reset: https://anigye.example/reset?token=new&x=1.",
    });
    expect(messages[1].subject).toBe("Verify your email");
  });

  it.each([
    ["%2B233241234567", "E.164, encoded"],
    ["+233241234567", "E.164 with the + unencoded (arrives as a space)"],
    ["233241234567", "international digits"],
    ["0241234567", "local Ghana form"],
  ])("finds an SMS by phone given as %s (%s)", async (recipient) => {
    await seedOutbox();
    const response = await app.inject({
      method: "GET",
      url: `/api/dev/outbox?recipient=${recipient}&channel=sms`,
    });
    const { messages } = response.json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "sms", recipient: "+233241234567", subject: null });
  });

  it("answers an empty list for an unknown recipient and honours the limit", async () => {
    await seedOutbox();
    const none = await app.inject({ method: "GET", url: "/api/dev/outbox?recipient=nobody@example.com" });
    expect(none.json()).toEqual({ messages: [] });
    const one = await app.inject({ method: "GET", url: "/api/dev/outbox?limit=1" });
    expect(one.json().messages).toHaveLength(1);
  });

  it("refuses an unknown channel with the error shape", async () => {
    const response = await app.inject({ method: "GET", url: "/api/dev/outbox?channel=fax" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION" });
  });
});

describe("GET /dev/outbox", () => {
  it("renders an escaped HTML page with clickable links and no script", async () => {
    await seedOutbox();
    await ctx.database.db.insert(outboxMessages).values({
      channel: "email",
      recipient: "<img src=x>@example.com",
      subject: '<script>alert("pwned")</script>',
      textBody: 'Open https://anigye.example/a?b=1&c=<2> now, or "https://x.example/y".\n<b>bold?</b>',
    });

    const response = await app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const page = response.body;

    expect(page).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");
    expect(page).toContain("&lt;img src=x&gt;@example.com");
    expect(page).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    // The app's CSP forbids inline scripts: the page has none, and no event handlers either.
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    expect(page).not.toContain("<img");

    expect(page).toContain(
      '<a href="https://anigye.example/a?b=1&amp;c=" rel="noreferrer">https://anigye.example/a?b=1&amp;c=</a>&lt;2&gt; now',
    );
    expect(page).toContain(
      '&quot;<a href="https://x.example/y" rel="noreferrer">https://x.example/y</a>&quot;.',
    );
    expect(page).toContain(
      '<a href="https://anigye.example/reset?token=new&amp;x=1" rel="noreferrer">https://anigye.example/reset?token=new&amp;x=1</a>.',
    );

    // Newest first: the hostile message, then Welcome, ..., Verify last.
    const order = [
      "pwned",
      "Welcome",
      "Reset your password",
      "Your Anigye code is 111111",
      "Verify your email",
    ];
    const positions = order.map((text) => page.indexOf(text));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page).toContain(">sms</span>");
    expect(page).toContain("<strong>+233241234567</strong>");
  });

  it("shows at most the newest 50 messages", async () => {
    await ctx.database.db.insert(outboxMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        channel: "sms" as const,
        recipient: "+233201234567",
        textBody: `message number ${i}`,
        createdAt: minutesAgo(100 - i),
      })),
    );
    const page = (await app.inject({ method: "GET", url: "/dev/outbox" })).body;
    expect(page.match(/<article /g)).toHaveLength(50);
    expect(page).toContain("message number 54");
    expect(page).not.toContain("message number 4<");
  });

  it("filters like the JSON endpoint and keeps the filter in the form, escaped", async () => {
    await seedOutbox();
    const page = (
      await app.inject({ method: "GET", url: "/dev/outbox?recipient=kofi%40example.com&channel=email" })
    ).body;
    expect(page).toContain("Hello Kofi");
    expect(page).not.toContain("Reset your password");
    expect(page).toContain('value="kofi@example.com"');
    expect(page).toContain('<option value="email" selected>');

    const hostile = (await app.inject({ method: "GET", url: '/dev/outbox?recipient="><script>x' })).body;
    expect(hostile).toContain('value="&quot;&gt;&lt;script&gt;x"');
    expect(hostile).not.toMatch(/<script/i);
  });

  it("says so when the outbox is empty", async () => {
    const page = (await app.inject({ method: "GET", url: "/dev/outbox" })).body;
    expect(page).toContain("No messages yet");
  });
});

describe("linkify", () => {
  it("links only http(s) URLs and escapes everything else", () => {
    expect(linkify("javascript:alert(1) ftp://x.example <a href=x>")).toBe(
      "javascript:alert(1) ftp://x.example &lt;a href=x&gt;",
    );
    expect(linkify("See (https://a.example/p).")).toBe(
      'See (<a href="https://a.example/p" rel="noreferrer">https://a.example/p</a>).',
    );
    expect(linkify("")).toBe("");
  });
});

describe("who may read the outbox", () => {
  it.each(["/api/dev/outbox", "/dev/outbox"])(
    "answers %s only to this machine, by the socket's address (forwarding headers are not believed)",
    async (url) => {
      await seedOutbox();
      const fromHere = await app.inject({ method: "GET", url, remoteAddress: "127.0.0.1" });
      expect(fromHere.statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url, remoteAddress: "::1" })).statusCode).toBe(200);

      const elsewhere = await app.inject({ method: "GET", url, remoteAddress: "203.0.113.9" });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).not.toContain("akosua");
      const claimsLocal = await app.inject({
        method: "GET",
        url,
        remoteAddress: "10.20.30.40",
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(claimsLocal.statusCode).toBe(404);
      // A proxy on this machine relays other machines' requests: what it forwards is refused too.
      const throughLocalProxy = await app.inject({
        method: "GET",
        url,
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": "198.51.100.7" },
      });
      expect(throughLocalProxy.statusCode).toBe(404);
    },
  );

  it("is not served at all when the configuration says so, or to a server with a public address", async () => {
    const outboxOf = async (env: Record<string, string>, remoteAddress = "127.0.0.1") => {
      const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", ...env });
      const server = await buildApp({ config, db: ctx.database.db });
      try {
        return (await server.inject({ method: "GET", url: "/api/dev/outbox", remoteAddress })).statusCode;
      } finally {
        await server.close();
      }
    };
    expect(await outboxOf({})).toBe(200);
    expect(await outboxOf({ DEV_OUTBOX: "false" })).toBe(404);
    expect(await outboxOf({ APP_URL: "https://anigye.example" })).toBe(404);
    expect(await outboxOf({ TRUST_PROXY: "1" })).toBe(404);
    const publicButAsked = { APP_URL: "https://anigye.example", DEV_OUTBOX: "true" };
    expect(await outboxOf(publicButAsked)).toBe(200);
    expect(await outboxOf(publicButAsked, "203.0.113.9")).toBe(404);
  });
});
