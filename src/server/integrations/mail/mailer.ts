import { createTransport } from "nodemailer";
import type { Executor } from "../../db/client";
import { saveOutboxMessage } from "../outbox/outbox-store";

export { escapeHtml, renderEmail } from "./render-email";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** "smtp" sends for real; "outbox" stores the message in outbox_messages for /dev/outbox. */
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** The part of a pino/Fastify logger the adapters use. */
export interface MailLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL with credentials, e.g. smtps://user:pass@smtp.example.com:465 */
  smtpUrl?: string;
  /** The From header, e.g. `Anigye <no-reply@anigye.com.gh>`. */
  mailFrom: string;
  db: Executor;
  log: MailLogger;
}

/** SMTP when a URL is configured; otherwise the outbox, so development needs no mail server. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom, options.log)
    : createOutboxMailer(options.db, options.log);
}

function createSmtpMailer(smtpUrl: string, mailFrom: string, log: MailLogger): Mailer {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }
  const transporter = createTransport(smtpUrl);
  return {
    transport: "smtp",
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "email sent");
      } catch (error) {
        // The body often holds a sign-in link or code, so only the envelope is logged.
        log.error({ to: message.to, subject: message.subject, err: error }, "email sending failed");
        throw error;
      }
    },
  };
}

function createOutboxMailer(db: Executor, log: MailLogger): Mailer {
  return {
    transport: "outbox",
    async send(message) {
      await saveOutboxMessage(db, {
        channel: "email",
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      // Development only: the whole text is logged so links and codes are visible in the server log.
      log.info({ to: message.to, subject: message.subject, text: message.text }, "email (outbox)");
    },
  };
}
