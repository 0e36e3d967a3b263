import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createSmsSender, SmsDeliveryError, type SmsLogger } from "./sms-sender";

interface CapturedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface CannedAnswer {
  status: number;
  body: string;
  delayMs?: number;
}

let ctx: TestContext;
let provider: http.Server;
let baseUrl: string;
let requests: CapturedRequest[] = [];
let answer: CannedAnswer;

beforeAll(async () => {
  ctx = await createTestContext();
  provider = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      requests.push({
        method: request.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const { status, body, delayMs = 0 } = answer;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json" }).end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(async () => {
  provider.closeAllConnections();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  await ctx.close();
});

beforeEach(async () => {
  requests = [];
  answer = { status: 200, body: "{}" };
  await ctx.database.db.delete(outboxMessages);
});

function recordingLogger() {
  const entries: { level: "info" | "error"; obj: Record<string, unknown>; msg: string }[] = [];
  const log: SmsLogger = {
    info: (obj, msg) => entries.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => entries.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
  };
  return { log, entries };
}

async function failureOf(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

const to = "+233241234567";
const code = "Your Anigye code is 482913";

describe("Arkesel", () => {
  const apiKey = "arkesel-key-SECRET-1234";
  const sender = () =>
    createSmsSender(
      { provider: "arkesel", apiKey, senderId: "Anigye", baseUrl },
      { db: ctx.database.db, ...recordingLogger() },
    );

  it("POSTs JSON to /api/v2/sms/send with the api-key header and 233-form numbers", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ status: "success", data: [{ recipient: "233241234567", id: "9b75" }] }),
    };
    const { log, entries } = recordingLogger();
    const sms = createSmsSender(
      { provider: "arkesel", apiKey, senderId: "Anigye", baseUrl },
      { db: ctx.database.db, log },
    );
    expect(sms.provider).toBe("arkesel");
    await sms.send(to, code);

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/v2/sms/send");
    expect([...request.query]).toEqual([]);
    expect(request.headers["api-key"]).toBe(apiKey);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      sender: "Anigye",
      message: code,
      recipients: ["233241234567"],
    });
    expect(entries).toEqual([{ level: "info", msg: "sms sent", obj: { provider: "arkesel", to } }]);
    // Real messages stay out of the outbox.
    expect(await ctx.database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("throws the provider's message on an HTTP error, without the key", async () => {
    answer = { status: 401, body: JSON.stringify({ status: "error", message: `Invalid API key ${apiKey}` }) };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("Arkesel SMS failed (HTTP 401): Invalid API key [redacted]");
    expect(error.status).toBe(401);
    expect(error.provider).toBe("arkesel");
  });

  it("throws when a 200 answer does not say success", async () => {
    answer = { status: 200, body: JSON.stringify({ status: "error", message: "Insufficient balance" }) };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("Arkesel SMS failed (HTTP 200): Insufficient balance");
  });

  it("logs a failure without the message text", async () => {
    answer = { status: 422, body: JSON.stringify({ status: "error", message: "Invalid Sender ID" }) };
    const { log, entries } = recordingLogger();
    const sms = createSmsSender(
      { provider: "arkesel", apiKey, senderId: "Anigye", baseUrl },
      { db: ctx.database.db, log },
    );
    await expect(sms.send(to, code)).rejects.toThrow("Invalid Sender ID");
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([["error", "sms sending failed"]]);
    expect(
      JSON.stringify(entries.map((entry) => ({ ...entry.obj, err: String(entry.obj.err) }))),
    ).not.toContain("482913");
  });
});

describe("Hubtel", () => {
  const clientId = "hubtel-client";
  const clientSecret = "hubtel-SECRET-5678";
  const sender = () =>
    createSmsSender(
      { provider: "hubtel", clientId, clientSecret, senderId: "Anigye", baseUrl },
      { db: ctx.database.db, ...recordingLogger() },
    );

  it("POSTs { From, To, Content } to /v1/messages/send with Basic auth, the secret never in the URL", async () => {
    answer = {
      status: 201,
      body: JSON.stringify({
        rate: 0.03,
        messageId: "9c5f",
        status: 0,
        statusDescription: "request submitted",
      }),
    };
    const sms = sender();
    expect(sms.provider).toBe("hubtel");
    await sms.send(to, code);

    const request = requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/messages/send");
    expect([...request.query]).toEqual([]);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
    );
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ From: "Anigye", To: "233241234567", Content: code });
  });

  it("accepts the newer { responseCode, data: { status } } answer", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        message: "Success",
        responseCode: "0000",
        data: { messageId: "1", status: "0" },
      }),
    };
    await expect(sender().send(to, code)).resolves.toBeUndefined();
  });

  it("throws the status description when Hubtel reports a non-zero status", async () => {
    answer = { status: 200, body: JSON.stringify({ status: 4, statusDescription: "Insufficient credit" }) };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("Hubtel SMS failed (HTTP 200): Insufficient credit");
  });

  it("throws on an HTTP error without the secret or the Basic credentials", async () => {
    const credentials = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    answer = {
      status: 401,
      body: JSON.stringify({ message: `Bad credentials ${clientSecret} ${credentials}` }),
    };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("Hubtel SMS failed (HTTP 401): Bad credentials [redacted] [redacted]");
    expect(error.status).toBe(401);
  });
});

describe("mNotify", () => {
  const apiKey = "mnotify+key/SECRET=9";
  const sender = () =>
    createSmsSender(
      { provider: "mnotify", apiKey, senderId: "Anigye", baseUrl },
      { db: ctx.database.db, ...recordingLogger() },
    );

  it("POSTs JSON to /api/sms/quick?key= with a local-form Ghana number", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ status: "success", code: "2000", message: "messages sent successfully" }),
    };
    const sms = sender();
    expect(sms.provider).toBe("mnotify");
    await sms.send(to, code);

    const request = requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/sms/quick");
    expect(request.query.get("key")).toBe(apiKey);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({
      recipient: ["0241234567"],
      sender: "Anigye",
      message: code,
      is_schedule: false,
      schedule_date: "",
    });
  });

  it("sends a non-Ghana number in international digits", async () => {
    answer = { status: 200, body: JSON.stringify({ status: "success", code: "2000" }) };
    await sender().send("+2348031234567", "Hi");
    expect(JSON.parse(requests[0]!.body).recipient).toEqual(["2348031234567"]);
  });

  it("throws when the answer is not a success, without the key in either form", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        status: "error",
        code: "1004",
        message: `Invalid key ${encodeURIComponent(apiKey)}`,
      }),
    };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("mNotify SMS failed (HTTP 200): Invalid key [redacted]");
  });

  it("throws on a non-JSON HTTP error using the body text", async () => {
    answer = { status: 500, body: "Internal Server Error" };
    const error = await failureOf(sender().send(to, code));
    expect(error.message).toBe("mNotify SMS failed (HTTP 500): Internal Server Error");
  });
});

describe("every provider", () => {
  it("refuses a number that is not E.164 before calling the provider", async () => {
    const sms = createSmsSender(
      { provider: "arkesel", apiKey: "arkesel-key", senderId: "Anigye", baseUrl },
      { db: ctx.database.db, ...recordingLogger() },
    );
    await expect(sms.send("0241234567", "Hi")).rejects.toThrow("E.164");
    expect(requests).toHaveLength(0);
  });

  it("gives up after the timeout with a message that names no secret", async () => {
    const apiKey = "mnotify-timeout-SECRET";
    const sms = createSmsSender(
      { provider: "mnotify", apiKey, senderId: "Anigye", baseUrl },
      {
        db: ctx.database.db,
        ...recordingLogger(),
        // Shortens the 10 s limit for the test: the adapter's own signal is replaced by a 50 ms one.
        fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(50) }),
      },
    );
    answer = { status: 200, body: JSON.stringify({ status: "success" }), delayMs: 2_000 };
    const error = await failureOf(sms.send(to, code));
    expect(error.message).toBe("mNotify SMS request failed: no answer within 10 s");
    expect(error.message).not.toContain(apiKey);
  });

  it("reports an unreachable provider", async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const sms = createSmsSender(
      {
        provider: "arkesel",
        apiKey: "arkesel-key",
        senderId: "Anigye",
        baseUrl: `http://127.0.0.1:${closedPort}`,
      },
      { db: ctx.database.db, ...recordingLogger() },
    );
    await expect(sms.send(to, code)).rejects.toThrow(
      /^Arkesel SMS request failed: fetch failed \(.*ECONNREFUSED/,
    );
  });
});

describe("outbox", () => {
  it("stores the SMS in outbox_messages and logs it for developers", async () => {
    const { log, entries } = recordingLogger();
    const sms = createSmsSender({ provider: "outbox" }, { db: ctx.database.db, log });
    expect(sms.provider).toBe("outbox");
    await sms.send(to, code);

    const rows = await ctx.database.db.select().from(outboxMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "sms",
      recipient: to,
      subject: null,
      textBody: code,
      htmlBody: null,
    });
    expect(entries).toEqual([{ level: "info", msg: "sms (outbox)", obj: { to, text: code } }]);
    expect(requests).toHaveLength(0);
  });
});
