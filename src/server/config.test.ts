import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configVariables, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults for a laptop", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, env: "development", seedDemo: true, secureCookies: false });
    expect(config.appUrl).toBe("http://localhost:5000");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("renders members' homes on the server with PostgreSQL and in the browser for the embedded install, unless told", () => {
    const postgres = "postgres://postgres@127.0.0.1:5432/anigye";
    expect(loadConfig({}).renderMemberHomeOnServer).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres }).renderMemberHomeOnServer).toBe(true);
    expect(loadConfig({ MEMBER_HOME_RENDERING: "server" }).renderMemberHomeOnServer).toBe(true);
    expect(
      loadConfig({ DATABASE_URL: postgres, MEMBER_HOME_RENDERING: "browser" }).renderMemberHomeOnServer,
    ).toBe(false);
    expect(() => loadConfig({ MEMBER_HOME_RENDERING: "edge" })).toThrow(/MEMBER_HOME_RENDERING/);
  });

  it("lists every bad variable at once", () => {
    const attempt = () => loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("ADMIN_EMAIL");
    }
  });

  it("refuses to run in production without a session secret, public URL, metrics token or mail transport", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET[\s\S]*APP_URL[\s\S]*METRICS_TOKEN: is required in production[\s\S]*SMTP_URL/,
    );
  });

  it("leaves /metrics open only outside production", () => {
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      APP_URL: "https://anigye.com.gh",
      SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
    };
    expect(() => loadConfig(production)).toThrow(
      "Invalid configuration:\n  METRICS_TOKEN: is required in production (without it /metrics would be open to anyone)",
    );
    expect(() => loadConfig({ ...production, METRICS_TOKEN: " " })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...production, METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadConfig({ ...production, METRICS_TOKEN: "m".repeat(16) }).metricsToken).toBe("m".repeat(16));
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it("needs the chosen SMS provider's keys and both Google credentials", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "arkesel" })).toThrow(/ARKESEL_API_KEY/);
    expect(() => loadConfig({ SMS_PROVIDER: "hubtel", HUBTEL_CLIENT_ID: "x" })).toThrow(
      /HUBTEL_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const config = loadConfig({ SMS_PROVIDER: "arkesel", ARKESEL_API_KEY: "k" });
    expect(config.sms).toEqual({ provider: "arkesel", apiKey: "k", senderId: "Anigye" });
    expect(config.requirePhoneVerification).toBe(true);
    expect(loadConfig({}).requirePhoneVerification).toBe(false);
  });

  it("never seeds demo data in production and uses secure cookies behind https", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      APP_URL: "https://anigye.com.gh",
      DATABASE_URL: "postgres://db.internal/anigye",
      SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
      METRICS_TOKEN: "metrics-token-of-16",
    });
    expect(config.seedDemo).toBe(false);
    expect(config.secureCookies).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        SESSION_SECRET: "s".repeat(40),
        APP_URL: "https://a.gh",
        SMTP_URL: "smtp://smtp.example.com",
        METRICS_TOKEN: "metrics-token-of-16",
        SEED_DEMO: "true",
      }),
    ).toThrow(/SEED_DEMO/);
  });

  it("takes a 32-byte CONFIG_ENCRYPTION_KEY in hex or base64, else derives one from the session secret", () => {
    const hex = "ab".repeat(32);
    expect(loadConfig({ CONFIG_ENCRYPTION_KEY: hex }).configEncryptionKey.toString("hex")).toBe(hex);
    const base64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ CONFIG_ENCRYPTION_KEY: base64 }).configEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ CONFIG_ENCRYPTION_KEY: "too-short" })).toThrow(/CONFIG_ENCRYPTION_KEY/);
    const derived = loadConfig({ SESSION_SECRET: "s".repeat(32) }).configEncryptionKey;
    expect(derived).toHaveLength(32);
    expect(loadConfig({ SESSION_SECRET: "s".repeat(32) }).configEncryptionKey).toEqual(derived);
    // The key used before a change still opens what it sealed: the one given, and the derived one once
    // CONFIG_ENCRYPTION_KEY is set, so setting it the first time loses no open draw's seed.
    expect(loadConfig({ SESSION_SECRET: "s".repeat(32) }).previousConfigEncryptionKeys).toEqual([]);
    const changed = loadConfig({
      SESSION_SECRET: "s".repeat(32),
      CONFIG_ENCRYPTION_KEY: hex,
      CONFIG_ENCRYPTION_KEY_PREVIOUS: base64,
    });
    expect(changed.previousConfigEncryptionKeys).toEqual([Buffer.alloc(32, 7), derived]);
    expect(() => loadConfig({ CONFIG_ENCRYPTION_KEY_PREVIOUS: "short" })).toThrow(
      /CONFIG_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect(loadConfig({ SESSION_SECRET: "t".repeat(32) }).configEncryptionKey).not.toEqual(derived);
  });

  it("stores media on local disk by default, or in the S3 bucket STORAGE_DRIVER=s3 names", () => {
    expect(loadConfig({ DATA_DIR: "/srv/anigye" }).storage).toEqual({
      driver: "local",
      directory: "/srv/anigye/media",
      publicUrl: undefined,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3[\s\S]*S3_REGION: is required/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: "s3", S3_REGION: "us-east-1" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: "disk" })).toThrow(/STORAGE_DRIVER: must be local or s3/);
    const s3 = { STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_REGION: "auto" };
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: "cdn.example.com" })).toThrow(/MEDIA_PUBLIC_URL/);
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        MEDIA_PUBLIC_URL: "https://media.example.com/",
      }).storage,
    ).toEqual({
      driver: "s3",
      bucket: "media",
      region: "auto",
      endpoint: "https://account.r2.cloudflarestorage.com",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      publicUrl: "https://media.example.com",
    });
    expect(loadConfig(s3).storage).toMatchObject({ credentials: undefined, forcePathStyle: false });
  });

  it("never signs with a constant from the source when SESSION_SECRET is unset", () => {
    const published = "anigye-development-secret-not-for-production-use";
    const first = loadConfig({});
    const second = loadConfig({});
    expect(first.sessionSecret).not.toBe(published);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).not.toBe(first.sessionSecret);
    expect(second.configEncryptionKey).not.toEqual(first.configEncryptionKey);
    expect(loadConfig({ SESSION_SECRET: "s".repeat(32) }).sessionSecret).toBe("s".repeat(32));
  });

  it("keeps the server's generated secret in DATA_DIR, readable by its user only, across restarts", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-secret-"));
    try {
      const started = loadConfig({ DATA_DIR: dataDir }, { keepGeneratedSecret: true });
      const file = path.join(dataDir, "session-secret");
      expect(started.generatedSecretFile).toBe(file);
      expect(fs.readFileSync(file, "utf8").trim()).toBe(started.sessionSecret);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      const restarted = loadConfig({ DATA_DIR: dataDir }, { keepGeneratedSecret: true });
      expect(restarted.sessionSecret).toBe(started.sessionSecret);
      expect(restarted.configEncryptionKey).toEqual(started.configEncryptionKey);
      const configured = loadConfig(
        { DATA_DIR: dataDir, SESSION_SECRET: "t".repeat(32) },
        { keepGeneratedSecret: true },
      );
      expect(configured).toMatchObject({ sessionSecret: "t".repeat(32), generatedSecretFile: undefined });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("serves the development outbox only on a laptop, or when asked, and never in production", () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: "false" }).devOutbox).toBe(false);
    expect(loadConfig({ APP_URL: "https://anigye.example" }).devOutbox).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).devOutbox).toBe(false);
    expect(loadConfig({ APP_URL: "https://anigye.example", DEV_OUTBOX: "true" }).devOutbox).toBe(true);
    expect(() => loadConfig({ DEV_OUTBOX: "yes" })).toThrow(/DEV_OUTBOX: must be true or false/);
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "p".repeat(32),
      APP_URL: "https://anigye.example",
      SMTP_URL: "smtp://mail.example",
      METRICS_TOKEN: "metrics-token-of-16",
    };
    expect(loadConfig(production).devOutbox).toBe(false);
    expect(() => loadConfig({ ...production, DEV_OUTBOX: "true" })).toThrow(/DEV_OUTBOX/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });
});

describe("the README's configuration table", () => {
  it("lists every variable the server reads, and none it doesn't", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## How it scales"));
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !configVariables.includes(name!))).toEqual([]);
    expect(configVariables.length).toBeGreaterThanOrEqual(24);
  });
});
