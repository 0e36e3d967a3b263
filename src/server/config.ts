import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The only reader of process.env. Every variable is validated at start; a bad configuration
 * fails with one message listing every problem, so an operator fixes them all at once.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: optionalString.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(500, "must be at most 500")
      .default(10),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce
      .number({ error: "must be a whole number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(0, "must be 0 (off) or more")
      .max(60_000, "must be at most 60000")
      .default(1000),
    MESSAGE_WORKERS: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 (this instance sends nothing) or more")
      .max(50, "must be at most 50")
      // Each worker sends one text at a time and waits on the provider, not the CPU: 4 send about 12 a
      // second from one instance (bench/README.md, "Codes behind a backlog").
      .default(4),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    MEMBER_HOME_RENDERING: z
      .enum(["server", "browser"], { error: 'must be "server" or "browser"' })
      .optional(),
    DATA_DIR: z.string().default("./data"),
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    DEV_OUTBOX: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
    CONFIG_ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (value) => encryptionKeyFrom(value) !== undefined,
          "must be 32 bytes, written as 64 hex characters or in base64 (e.g. `openssl rand -base64 32`)",
        )
        .optional(),
    ),
    CONFIG_ENCRYPTION_KEY_PREVIOUS: optionalString.pipe(
      z
        .string()
        .refine(
          (value) => encryptionKeyFrom(value) !== undefined,
          "must be 32 bytes, written as 64 hex characters or in base64 (e.g. `openssl rand -base64 32`)",
        )
        .optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default("Anigye <no-reply@anigye.local>"),
    SEED_DEMO: z.enum(["true", "false"]).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: z
      .string()
      .regex(/^(false|\d{1,2})$/, "must be false or the number of proxies in front of the app, e.g. 1")
      .default("false"),
    SMS_PROVIDER: z.enum(["outbox", "arkesel", "hubtel", "mnotify"]).default("outbox"),
    SMS_SENDER_ID: z.string().trim().min(1).max(11, "must be at most 11 characters").default("Anigye"),
    ARKESEL_API_KEY: optionalString,
    HUBTEL_CLIENT_ID: optionalString,
    HUBTEL_CLIENT_SECRET: optionalString,
    MNOTIFY_API_KEY: optionalString,
    REQUIRE_PHONE_VERIFICATION: z.enum(["true", "false"]).optional(),
    // In the callback URL registered at the USSD provider, so long enough not to be guessed.
    USSD_CALLBACK_TOKEN: optionalString.pipe(
      z
        .string()
        .min(24, "must be at least 24 characters")
        .regex(/^[\w.~-]+$/, "must be letters, digits, '-', '_', '.' or '~' (it goes in a URL)")
        .optional(),
    ),
    GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    PAYSTACK_SECRET_KEY: optionalString,
    PAYSTACK_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.paystack.co"),
    MOMO_MERCHANT_NUMBER: optionalString.pipe(
      z
        .string()
        .regex(/^[+\d][\d ]{8,18}$/, "must be a phone number, e.g. 024 123 4567")
        .optional(),
    ),
    MOMO_MERCHANT_NAME: optionalString.pipe(z.string().max(60, "must be at most 60 characters").optional()),
    STORAGE_DRIVER: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
    S3_ENDPOINT: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
    ),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
    MEDIA_PUBLIC_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s):// URL, e.g. https://media.example.com" })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const providerKeys = {
      outbox: [],
      arkesel: ["ARKESEL_API_KEY"],
      hubtel: ["HUBTEL_CLIENT_ID", "HUBTEL_CLIENT_SECRET"],
      mnotify: ["MNOTIFY_API_KEY"],
    } as const;
    for (const key of providerKeys[env.SMS_PROVIDER]) {
      if (!env[key])
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}`,
        });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together",
      });
    }
    if (Boolean(env.MOMO_MERCHANT_NUMBER) !== Boolean(env.MOMO_MERCHANT_NAME)) {
      ctx.addIssue({
        code: "custom",
        path: ["MOMO_MERCHANT_NAME"],
        message: "set MOMO_MERCHANT_NUMBER and MOMO_MERCHANT_NAME together",
      });
    }
    if (env.STORAGE_DRIVER === "s3") {
      for (const key of ["S3_BUCKET", "S3_REGION"] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required when STORAGE_DRIVER=s3" });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together",
      });
    }
    if (env.NODE_ENV !== "production") return;
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    if (!env.APP_URL) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "is required in production" });
    }
    if (!env.METRICS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_TOKEN"],
        message: "is required in production (without it /metrics would be open to anyone)",
      });
    }
    if (env.DEV_OUTBOX === "true") {
      ctx.addIssue({
        code: "custom",
        path: ["DEV_OUTBOX"],
        message: "the development outbox is never served in production",
      });
    }
    if (env.SEED_DEMO === "true") {
      ctx.addIssue({
        code: "custom",
        path: ["SEED_DEMO"],
        message: "demo data is never seeded in production",
      });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (no mail transport)",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "set ADMIN_EMAIL and ADMIN_PASSWORD together",
      });
    }
  });

export type AppConfig = ReturnType<typeof loadConfig>;

/** Every environment variable the server reads (the README's configuration table lists each). */
export const configVariables = Object.keys(envSchema.shape);

export class ConfigError extends Error {}

export interface LoadOptions {
  /**
   * Without SESSION_SECRET, keep the secret generated for this install in DATA_DIR and share it with every
   * process of the install (the server's start, the embedded database's preparation, `npm run seed`), so
   * a laptop's sessions, links and sealed draw seeds survive a restart and are read with one key;
   * otherwise (tests) each load generates its own.
   */
  keepGeneratedSecret?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Never a constant anyone could read in the source: it signs reward QRs, links and cookies.
  const generatedSecretFile =
    !e.SESSION_SECRET && options.keepGeneratedSecret ? path.join(dataDir, "session-secret") : undefined;
  const sessionSecret =
    e.SESSION_SECRET ?? (generatedSecretFile ? keptSecret(generatedSecretFile) : newSessionSecret());
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const sessionDerivedKey = Buffer.from(
    hkdfSync("sha256", sessionSecret, "", "anigye config encryption v1", 32),
  );
  // Demo accounts have a published password: seed them on a laptop, never on a public address.
  const seedDemo =
    e.NODE_ENV !== "production" && e.SEED_DEMO !== "false" && (isLocal(appUrl) || e.SEED_DEMO === "true");
  // The outbox shows sign-in links and codes: off in production; by default on only for a laptop (a local
  // APP_URL, no proxy in front), and even then answered only to this machine (see dev-outbox.routes.ts).
  const devOutbox =
    e.NODE_ENV !== "production" &&
    (e.DEV_OUTBOX ?? String(isLocal(appUrl) && e.TRUST_PROXY === "false")) === "true";
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    // Above this event-loop delay new requests get 503 at once (0 turns that check off).
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    // Emails and texts this instance sends at once, per channel (0: another instance sends them).
    messageWorkers: e.MESSAGE_WORKERS,
    // When set (always in production), /metrics answers only a request with "Authorization: Bearer <token>".
    metricsToken: e.METRICS_TOKEN,
    // A member's home rendered per request holds the app's code in the server (about 75 MB): on by
    // default with PostgreSQL, off for the embedded install, which keeps under 400 MB on a laptop.
    renderMemberHomeOnServer:
      (e.MEMBER_HOME_RENDERING ?? (e.DATABASE_URL ? "server" : "browser")) === "server",
    dataDir,
    appUrl: appUrl.origin,
    secureCookies: appUrl.protocol === "https:",
    sessionSecret,
    // Where the install's generated secret is kept when SESSION_SECRET is unset (main.ts warns).
    generatedSecretFile,
    // Encrypts secrets stored in the database (Google sign-in set from the admin screen, the seeds of
    // draws not yet drawn). Without its own key it is derived from the session secret.
    configEncryptionKey: encryptionKeyFrom(e.CONFIG_ENCRYPTION_KEY ?? "") ?? sessionDerivedKey,
    // Keys that sealed secrets before a change of key: draw seeds sealed with one are sealed again with
    // the current key at start (the seed of an open draw can't be typed in again, unlike a setting).
    previousConfigEncryptionKeys: [
      encryptionKeyFrom(e.CONFIG_ENCRYPTION_KEY_PREVIOUS ?? ""),
      e.CONFIG_ENCRYPTION_KEY ? sessionDerivedKey : undefined,
    ].filter((key): key is Buffer => key !== undefined),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo,
    logLevel: e.LOG_LEVEL,
    devOutbox,
    // A hop count, never "trust everything": X-Forwarded-For's left entries are the client's to forge.
    trustProxy: e.TRUST_PROXY === "false" ? 0 : Number(e.TRUST_PROXY),
    sms: smsConfig(e),
    // The USSD providers' callbacks carry it as ?token=; unset, the USSD routes answer 404.
    ussdCallbackToken: e.USSD_CALLBACK_TOKEN,
    // The USSD simulator for anyone (`/ussd`), in development and the demo: never in production, where
    // only admins have it (docs/product-rules.md#ussd-simulator).
    ussdSimulatorForAll: seedDemo || devOutbox,
    // Phone verification is required when SMS is really configured
    // (docs/product-rules.md#accounts-phone-required-with-real-sms).
    requirePhoneVerification:
      (e.REQUIRE_PHONE_VERIFICATION ?? String(e.SMS_PROVIDER !== "outbox")) === "true",
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    payments: paymentsConfig(e),
    storage: storageConfig(e),
  };
}

function storageConfig(e: Env) {
  // Without a trailing slash, so a URL is always `${publicUrl}/${key}`.
  const publicUrl = e.MEDIA_PUBLIC_URL?.replace(/\/+$/, "");
  if (e.STORAGE_DRIVER === "local") {
    return { driver: "local" as const, directory: path.join(path.resolve(e.DATA_DIR), "media"), publicUrl };
  }
  return {
    driver: "s3" as const,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    // Without keys the SDK's own chain applies (an instance or task role).
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl,
  };
}

export type StorageConfig = ReturnType<typeof storageConfig>;

// A laptop gets a demo merchant account so the manual MoMo path can be tried; production names its own.
const demoMerchant = { merchantNumber: "024 000 0000", merchantName: "Anigye Demo Ltd" };

function paymentsConfig(e: Env) {
  // The environment's account wins over the one an admin saves in the settings; the demo account is
  // used only when neither is set (see settings' manualMomoAccount).
  const merchant =
    e.MOMO_MERCHANT_NUMBER && e.MOMO_MERCHANT_NAME
      ? { merchantNumber: e.MOMO_MERCHANT_NUMBER, merchantName: e.MOMO_MERCHANT_NAME }
      : undefined;
  return {
    manualMomo: merchant,
    demoMomo: e.NODE_ENV === "production" ? undefined : demoMerchant,
    paystack: e.PAYSTACK_SECRET_KEY
      ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, "") }
      : undefined,
  };
}

type Env = z.infer<typeof envSchema>;

function smsConfig(e: Env) {
  switch (e.SMS_PROVIDER) {
    case "arkesel":
      return { provider: "arkesel" as const, apiKey: e.ARKESEL_API_KEY!, senderId: e.SMS_SENDER_ID };
    case "hubtel":
      return {
        provider: "hubtel" as const,
        clientId: e.HUBTEL_CLIENT_ID!,
        clientSecret: e.HUBTEL_CLIENT_SECRET!,
        senderId: e.SMS_SENDER_ID,
      };
    case "mnotify":
      return { provider: "mnotify" as const, apiKey: e.MNOTIFY_API_KEY!, senderId: e.SMS_SENDER_ID };
    default:
      return { provider: "outbox" as const };
  }
}

function newSessionSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The install's generated secret, made on its first start (readable by the server's user only). Created
 * exclusively, so two processes starting on a fresh DATA_DIR (the server and `npm run seed`) end up with
 * the one secret the first wrote.
 */
function keptSecret(file: string): string {
  const kept = readKeptSecret(file);
  if (kept) return kept;
  const secret = newSessionSecret();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const written = readKeptSecret(file);
  if (!written) throw new ConfigError(`${file} holds no usable secret: delete it, or set SESSION_SECRET`);
  return written;
}

function readKeptSecret(file: string): string | undefined {
  try {
    const kept = fs.readFileSync(file, "utf8").trim();
    return kept.length >= 32 ? kept : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return undefined;
  }
}

/** A 32-byte key from 64 hex characters or base64 (standard or URL-safe); undefined for anything else. */
function encryptionKeyFrom(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return Buffer.from(value, "base64");
  return undefined;
}

function isLocal(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
