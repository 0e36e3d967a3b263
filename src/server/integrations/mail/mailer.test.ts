import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { createTestContext, type TestContext } from "../../test/test-app";
import { createMailer, type MailLogger } from "./mailer";
import { escapeHtml, renderEmail } from "./render-email";

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

let ctx: TestContext;
let smtp: SMTPServer;
let smtpPort: number;
let received: ReceivedMail[] = [];
let refuseRecipient: string | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === refuseRecipient) {
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await ctx.close();
});

beforeEach(async () => {
  received = [];
  refuseRecipient = undefined;
  await ctx.database.db.delete(outboxMessages);
});

function recordingLogger() {
  const entries: { level: "info" | "error"; obj: Record<string, unknown>; msg: string }[] = [];
  const log: MailLogger = {
    info: (obj, msg) => entries.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => entries.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
  };
  return { log, entries };
}

const hostileHeading = 'Welcome, <script>alert("x")</script> & friends';
const verifyUrl = "https://anigye.example/verify?token=abc123&next=/home";

describe("SMTP transport", () => {
  it("delivers text and HTML parts to the recipient, from MAIL_FROM, with the HTML escaped", async () => {
    const { log, entries } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailFrom: "Anigye <no-reply@anigye.example>",
      db: ctx.database.db,
      log,
    });
    expect(mailer.transport).toBe("smtp");

    const body = renderEmail({
      heading: hostileHeading,
      paragraphs: ["Tap the button to verify your email.", "Fish & chips <b>not bold</b>"],
      action: { label: "Verify email", url: verifyUrl },
    });
    await mailer.send({ to: "akosua@example.com", subject: "Verify <your> email & start", ...body });

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe("no-reply@anigye.example");
    expect(mail.to).toEqual(["akosua@example.com"]);

    const message = parseMime(mail.raw);
    expect(message.header("to")).toBe("akosua@example.com");
    expect(message.header("from")).toBe("Anigye <no-reply@anigye.example>");
    expect(message.header("subject")).toBe("Verify <your> email & start");
    expect(message.header("content-type")).toMatch(/^multipart\/alternative;/);

    const text = message.part("text/plain");
    const html = message.part("text/html");
    expect(text).toContain(hostileHeading);
    expect(text).toContain(`Verify email: ${verifyUrl}`);
    expect(html).toContain("Welcome, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends");
    expect(html).toContain("Fish &amp; chips &lt;b&gt;not bold&lt;/b&gt;");
    expect(html).toContain('href="https://anigye.example/verify?token=abc123&amp;next=/home"');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).not.toMatch(/<img|<link|src=/i);

    expect(entries).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "email sent",
        obj: expect.objectContaining({ to: "akosua@example.com" }),
      }),
    ]);
    // The body may carry a sign-in link: the real transport never logs it.
    expect(JSON.stringify(entries)).not.toContain("token=abc123");
    expect(await ctx.database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("rejects when the server refuses the recipient and logs the failure without the body", async () => {
    refuseRecipient = "nobody@example.com";
    const { log, entries } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailFrom: "no-reply@anigye.example",
      db: ctx.database.db,
      log,
    });
    await expect(
      mailer.send({
        to: "nobody@example.com",
        subject: "Hi",
        text: "secret link",
        html: "<p>secret link</p>",
      }),
    ).rejects.toThrow(/Mailbox unavailable|550/);
    expect(received).toHaveLength(0);
    expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([["error", "email sending failed"]]);
    expect(JSON.stringify(entries.map((entry) => ({ ...entry.obj, err: undefined })))).not.toContain(
      "secret link",
    );
  });

  it("refuses a URL that is not smtp:// or smtps://", () => {
    const { log } = recordingLogger();
    expect(() =>
      createMailer({ smtpUrl: "http://127.0.0.1:25", mailFrom: "a@b.example", db: ctx.database.db, log }),
    ).toThrow("SMTP_URL must start with smtp:// or smtps://");
  });
});

describe("outbox transport", () => {
  it("stores the email in outbox_messages and logs it for developers when no SMTP URL is set", async () => {
    const { log, entries } = recordingLogger();
    const mailer = createMailer({ mailFrom: "no-reply@anigye.example", db: ctx.database.db, log });
    expect(mailer.transport).toBe("outbox");

    const body = renderEmail({
      heading: "Reset your password",
      paragraphs: ["Someone asked to reset your password."],
      action: { label: "Choose a new password", url: verifyUrl },
    });
    await mailer.send({ to: "kofi@example.com", subject: "Reset your password", ...body });

    const rows = await ctx.database.db.select().from(outboxMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "email",
      recipient: "kofi@example.com",
      subject: "Reset your password",
      textBody: body.text,
      htmlBody: body.html,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(entries).toEqual([
      {
        level: "info",
        msg: "email (outbox)",
        obj: { to: "kofi@example.com", subject: "Reset your password", text: body.text },
      },
    ]);
    expect(received).toHaveLength(0);
  });
});

describe("renderEmail", () => {
  it("escapes every interpolated value, including the footer", () => {
    const { html, text } = renderEmail({
      heading: "<h1>",
      paragraphs: ["a & b", "'quoted' \"double\""],
      footer: "<footer>",
    });
    expect(html).toContain("&lt;h1&gt;");
    expect(html).toContain("a &amp; b");
    expect(html).toContain("&#39;quoted&#39; &quot;double&quot;");
    expect(html).toContain("&lt;footer&gt;");
    expect(html).toContain(">Anigye<");
    expect(text).toBe("<h1>\n\na & b\n\n'quoted' \"double\"\n\n--\n<footer>\nAnigye\n");
  });

  it("refuses an action link that is not http(s)", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "/relative/path"]) {
      expect(() => renderEmail({ heading: "Hi", paragraphs: [], action: { label: "Go", url } })).toThrow(
        "An email action needs an absolute http(s) URL",
      );
    }
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

/** Just enough MIME to read back what nodemailer wrote: unfolded headers and decoded leaf parts. */
function parseMime(raw: string) {
  const splitAt = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, splitAt);
  const body = raw.slice(splitAt + 4);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  const parts = new Map<string, string>();
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1, -1)) {
      const part = section.replace(/^\r\n/, "");
      const partSplit = part.indexOf("\r\n\r\n");
      const partHeaders = parseHeaders(part.slice(0, partSplit));
      const content = part.slice(partSplit + 4).replace(/\r\n$/, "");
      const type = (partHeaders.get("content-type") ?? "").split(";")[0]!.trim();
      parts.set(type, decode(content, partHeaders.get("content-transfer-encoding")));
    }
  }
  return {
    header: (name: string) => headers.get(name),
    part: (type: string) => {
      const content = parts.get(type);
      if (content === undefined) throw new Error(`No ${type} part in:\n${raw}`);
      return content;
    },
  };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(content: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "base64":
      return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes = content
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    default:
      return content;
  }
}
