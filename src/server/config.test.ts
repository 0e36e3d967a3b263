import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults for a laptop", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, env: "development", seedDemo: true, secureCookies: false });
    expect(config.appUrl).toBe("http://localhost:5000");
    expect(config.databaseUrl).toBeUndefined();
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

  it("refuses to run in production without a session secret and public URL", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET[\s\S]*APP_URL|APP_URL[\s\S]*SESSION_SECRET/,
    );
  });

  it("never seeds demo data in production and uses secure cookies behind https", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      APP_URL: "https://anigye.com.gh",
      DATABASE_URL: "postgres://db.internal/anigye",
    });
    expect(config.seedDemo).toBe(false);
    expect(config.secureCookies).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        SESSION_SECRET: "s".repeat(40),
        APP_URL: "https://a.gh",
        SEED_DEMO: "true",
      }),
    ).toThrow(/SEED_DEMO/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });
});
