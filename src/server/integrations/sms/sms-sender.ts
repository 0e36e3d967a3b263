import type { Executor } from "../../db/client";
import { saveOutboxMessage } from "../outbox/outbox-store";

export interface SmsSender {
  readonly provider: "arkesel" | "hubtel" | "mnotify" | "outbox";
  /** `to` is E.164, e.g. +233241234567. Resolves once the provider has accepted the message. */
  send(to: string, text: string): Promise<void>;
}

export type SmsProviderConfig =
  | { provider: "outbox" }
  | { provider: "arkesel"; apiKey: string; senderId: string; baseUrl?: string }
  | { provider: "hubtel"; clientId: string; clientSecret: string; senderId: string; baseUrl?: string }
  | { provider: "mnotify"; apiKey: string; senderId: string; baseUrl?: string };

/** The part of a pino/Fastify logger the adapters use. */
export interface SmsLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SmsSenderDeps {
  db: Executor;
  log: SmsLogger;
  /** Defaults to the global fetch; tests may pass their own. */
  fetch?: typeof fetch;
}

/** A provider refused the message, answered with an error, or could not be reached in time. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly provider: SmsSender["provider"],
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "SmsDeliveryError";
  }
}

export const defaultSmsBaseUrls = {
  arkesel: "https://sms.arkesel.com",
  hubtel: "https://sms.hubtel.com",
  mnotify: "https://api.mnotify.com",
} as const;

const requestTimeoutMs = 10_000;
const e164 = /^\+[1-9]\d{7,14}$/;

export function createSmsSender(config: SmsProviderConfig, deps: SmsSenderDeps): SmsSender {
  const doFetch = deps.fetch ?? globalThis.fetch;
  switch (config.provider) {
    case "outbox":
      return createOutboxSender(deps);
    case "arkesel":
      return createProviderSender("arkesel", deps.log, (to, text) =>
        sendViaArkesel(config, doFetch, to, text),
      );
    case "hubtel":
      return createProviderSender("hubtel", deps.log, (to, text) => sendViaHubtel(config, doFetch, to, text));
    case "mnotify":
      return createProviderSender("mnotify", deps.log, (to, text) =>
        sendViaMnotify(config, doFetch, to, text),
      );
  }
}

function createOutboxSender({ db, log }: SmsSenderDeps): SmsSender {
  return {
    provider: "outbox",
    async send(to, text) {
      assertE164(to);
      await saveOutboxMessage(db, { channel: "sms", recipient: to, textBody: text });
      // Development only: the text is logged so codes are visible in the server log.
      log.info({ to, text }, "sms (outbox)");
    },
  };
}

type ProviderName = Exclude<SmsSender["provider"], "outbox">;

function createProviderSender(
  provider: ProviderName,
  log: SmsLogger,
  deliver: (to: string, text: string) => Promise<void>,
): SmsSender {
  return {
    provider,
    async send(to, text) {
      assertE164(to);
      try {
        await deliver(to, text);
      } catch (error) {
        // The text may be a one-time code, so it never reaches the log.
        log.error({ provider, to, err: error }, "sms sending failed");
        throw error;
      }
      log.info({ provider, to }, "sms sent");
    },
  };
}

function assertE164(to: string) {
  if (!e164.test(to)) throw new Error("SMS recipient must be an E.164 number such as +233241234567");
}

/**
 * Arkesel SMS API v2: POST /api/v2/sms/send with the key in the `api-key` header and the numbers in
 * international form without "+". Success is `{ "status": "success", "data": [...] }`.
 */
async function sendViaArkesel(
  config: Extract<SmsProviderConfig, { provider: "arkesel" }>,
  doFetch: typeof fetch,
  to: string,
  text: string,
) {
  const url = new URL("/api/v2/sms/send", config.baseUrl ?? defaultSmsBaseUrls.arkesel);
  const answer = await callProvider("arkesel", [config.apiKey], doFetch, url, {
    method: "POST",
    headers: { "api-key": config.apiKey, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ sender: config.senderId, message: text, recipients: [to.slice(1)] }),
  });
  if (answer.body?.status !== "success") {
    throw answer.failure(messageOf(answer.body) ?? "the message was not accepted");
  }
}

/**
 * Hubtel SMS API, "simple send" by POST: /v1/messages/send with HTTP Basic auth (client id and
 * secret), JSON `{ From, To, Content }`. Success is HTTP 2xx with `status: 0`.
 * (The GET form puts the secret in the query string, where proxies and access logs keep it.)
 */
async function sendViaHubtel(
  config: Extract<SmsProviderConfig, { provider: "hubtel" }>,
  doFetch: typeof fetch,
  to: string,
  text: string,
) {
  const url = new URL("/v1/messages/send", config.baseUrl ?? defaultSmsBaseUrls.hubtel);
  const credentials = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
  const answer = await callProvider("hubtel", [config.clientSecret, credentials], doFetch, url, {
    method: "POST",
    headers: {
      authorization: `Basic ${credentials}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify({ From: config.senderId, To: to.slice(1), Content: text }),
  });
  // Hubtel answers `{ status: 0, statusDescription }`, or `{ responseCode, message, data: { status } }`.
  const status = answer.body?.status ?? asRecord(answer.body?.data)?.status;
  if (status !== undefined && status !== 0 && status !== "0") {
    throw answer.failure(
      stringOf(answer.body?.statusDescription) ?? messageOf(answer.body) ?? `status ${String(status)}`,
    );
  }
}

/**
 * mNotify BMS API: POST /api/sms/quick?key=<key> with JSON `{ recipient: [...], sender, message,
 * is_schedule, schedule_date }`; Ghana numbers in local form (0241234567). Success is
 * `{ "status": "success", "code": "2000", ... }`.
 */
async function sendViaMnotify(
  config: Extract<SmsProviderConfig, { provider: "mnotify" }>,
  doFetch: typeof fetch,
  to: string,
  text: string,
) {
  const url = new URL("/api/sms/quick", config.baseUrl ?? defaultSmsBaseUrls.mnotify);
  url.searchParams.set("key", config.apiKey);
  const answer = await callProvider("mnotify", [config.apiKey], doFetch, url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      recipient: [mnotifyNumber(to)],
      sender: config.senderId,
      message: text,
      is_schedule: false,
      schedule_date: "",
    }),
  });
  if (answer.body?.status !== "success") {
    throw answer.failure(messageOf(answer.body) ?? "the message was not accepted");
  }
}

/** mNotify's examples use the local form for Ghana (0244123456); other countries keep 233-style digits. */
function mnotifyNumber(to: string): string {
  return to.startsWith("+233") ? `0${to.slice(4)}` : to.slice(1);
}

interface ProviderAnswer {
  body: Record<string, unknown> | undefined;
  failure(reason: string): SmsDeliveryError;
}

/**
 * One request with a 10 s limit. A non-2xx answer throws with the provider's message; every error
 * message is scrubbed of the secrets, which some providers echo back.
 */
async function callProvider(
  provider: ProviderName,
  secrets: string[],
  doFetch: typeof fetch,
  url: URL,
  init: RequestInit,
): Promise<ProviderAnswer> {
  const name = providerLabels[provider];
  const scrub = (text: string) => redact(text, secrets);
  let response: Response;
  let raw: string;
  try {
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
    raw = await response.text();
  } catch (error) {
    throw new SmsDeliveryError(provider, `${name} SMS request failed: ${scrub(networkReason(error))}`);
  }
  const body = parseJsonObject(raw);
  const failure = (reason: string) =>
    new SmsDeliveryError(
      provider,
      `${name} SMS failed (HTTP ${response.status}): ${scrub(truncate(reason))}`,
      response.status,
    );
  if (!response.ok) {
    throw failure(
      messageOf(body) ?? stringOf(body?.statusDescription) ?? (raw.trim() || response.statusText),
    );
  }
  return { body, failure };
}

/** Why no answer came: the timeout, or fetch's error with its cause (e.g. "connect ECONNREFUSED"). */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return `no answer within ${requestTimeoutMs / 1000} s`;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
}

const providerLabels: Record<ProviderName, string> = {
  arkesel: "Arkesel",
  hubtel: "Hubtel",
  mnotify: "mNotify",
};

function parseJsonObject(raw: string): Record<string, unknown> | undefined {
  try {
    return asRecord(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function messageOf(body: Record<string, unknown> | undefined): string | undefined {
  return stringOf(body?.message) ?? stringOf(body?.error);
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function redact(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (!secret) continue;
    // A secret may come back as sent (header, body) or URL-encoded (query string).
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      result = result.split(form).join("[redacted]");
    }
  }
  return result;
}
