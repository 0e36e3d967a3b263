import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, sendAs, sessionCookieFrom, type TestContext } from "../../test/test-app";

interface ReceivedMail {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let ctx: TestContext;
const inbox: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestContext({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Anigye <no-reply@anigye.test>" },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Quoted-printable bodies wrap long lines with "=" and encode "=" as "=3D". */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("registration mail over SMTP", () => {
  it("delivers the verification link to a real SMTP server, and following it activates the account", async () => {
    const register = await sendAs(ctx.app, {}, "POST", "/api/auth/register", {
      displayName: "Adwoa Smtp",
      username: "adwoa-smtp",
      email: "adwoa@example.com",
      password: "red-red-and-plantain",
    });
    expect(register.statusCode).toBe(200);
    // Queued with the registration; the queue's worker hands it to the SMTP server.
    await ctx.drainMessages();

    const mail = inbox.find((m) => m.to.includes("adwoa@example.com"));
    expect(mail).toBeDefined();
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain("Subject: Verify your email for Anigye");
    expect(body).toMatch(/Content-Type: text\/plain/i);
    expect(body).toMatch(/Content-Type: text\/html/i);
    const link = body.match(/http:\/\/localhost:5000\/register\?verify=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();

    const verified = await sendAs(ctx.app, sessionCookieFrom(register), "POST", "/api/auth/verify-email", {
      token: link![1],
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: "Account Activated!",
      user: { activated: true, xpPoints: 100 },
    });
  });
});
