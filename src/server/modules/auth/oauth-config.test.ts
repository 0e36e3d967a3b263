import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { platformSettings } from "../../db/schema/settings";
import { sealText } from "../../lib/secret-box";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, sessionCookieFrom, type TestContext } from "../../test/test-app";
import { assertIssuerAllowed, effectiveGoogleSettings } from "../settings";

const url = "/api/admin/oauth-config";
const secret = "GOCSPX-very-secret-value-42";
const clientId = "1234-abcd.apps.googleusercontent.com";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let discovery: http.Server;
let discoveryUrl: string;

/** A tiny issuer: a good discovery document at /, one naming another issuer at /wrong, nothing at /slow. */
function startDiscoveryServer() {
  const server = http.createServer((request, response) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const document = (issuer: string) =>
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/o/authorize`,
        token_endpoint: `${issuer}/o/token`,
        jwks_uri: `${issuer}/jwks`,
      });
    if (request.url === "/.well-known/openid-configuration") {
      response.writeHead(200, { "content-type": "application/json" }).end(document(base));
    } else if (request.url === "/wrong/.well-known/openid-configuration") {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(document("https://elsewhere.example"));
    } else if (request.url === "/slow/.well-known/openid-configuration") {
      // Never answers: the test must give up after 5 seconds.
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not here");
    }
  });
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function storedRow() {
  const [row] = await ctx.database.db
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.settingKey, "oauth_google"));
  return row;
}

async function lastAudit() {
  const [entry] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "oauth_config.update"))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInMember(ctx.database.db, "oauth-admin", { role: "admin", displayName: "Adjoa" });
  discovery = await startDiscoveryServer();
  discoveryUrl = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  discovery.closeAllConnections();
  await new Promise((resolve) => discovery.close(resolve));
});

describe("Google sign-in settings from the admin screen", () => {
  it("starts empty, and a first save needs the secret", async () => {
    const empty = await sendAs(ctx.app, admin.cookies, "GET", url);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().google).toMatchObject({
      source: "none",
      clientId: null,
      hasSecret: false,
      updatedAt: null,
      issuer: "https://accounts.google.com",
      redirectUri: "http://localhost:5000/auth/google/callback",
    });

    const noSecret = await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId,
      issuer: "https://accounts.google.com",
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toEqual({ clientSecret: "Enter the client secret: none is saved yet" });
    expect(await storedRow()).toBeUndefined();
  });

  it("stores them encrypted, never answers the secret, and audits the change without it", async () => {
    const saved = await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId,
      clientSecret: secret,
      issuer: "https://accounts.google.com",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().google).toMatchObject({
      source: "database",
      clientId,
      hasSecret: true,
      problem: null,
    });
    expect(saved.body).not.toContain(secret);

    const row = (await storedRow())!;
    expect(row.settingValue).toMatch(/^v1\./);
    expect(row.settingValue).not.toContain(secret);
    expect(row.settingValue).not.toContain(clientId);
    expect(row.settingValue).not.toContain("accounts.google.com");

    const read = await sendAs(ctx.app, admin.cookies, "GET", url);
    expect(read.json().google).toMatchObject({ source: "database", clientId, hasSecret: true });
    expect(read.json().google.updatedAt).toBe(row.updatedAt.toISOString());
    expect(read.body).not.toContain(secret);

    const audit = (await lastAudit())!;
    expect(audit.actorName).toBe("Adjoa");
    expect(audit.before).toBeNull();
    expect(audit.after).toEqual({ clientId, issuer: "https://accounts.google.com", secret: "changed" });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("keeps the saved secret when the form leaves it empty", async () => {
    const response = await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId: "5678-efgh.apps.googleusercontent.com",
      clientSecret: "",
      issuer: "https://accounts.google.com",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await effectiveGoogleSettings(ctx.database.db, ctx.app.config)).toEqual({
      clientId: "5678-efgh.apps.googleusercontent.com",
      clientSecret: secret,
      issuer: "https://accounts.google.com",
    });
    expect((await lastAudit())!.after).toMatchObject({ secret: "unchanged" });
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const before = (await storedRow())!;
    const attempts = [
      [{ clientId: "", clientSecret: "x", issuer: "https://accounts.google.com" }, "clientId"],
      [{ clientId: "has spaces", issuer: "https://accounts.google.com" }, "clientId"],
      [{ clientId, issuer: "not a web address" }, "issuer"],
      [{ clientId, issuer: "ftp://accounts.google.com" }, "issuer"],
      [{ clientId, issuer: "https://accounts.google.com/?x=1" }, "issuer"],
      [{ clientId, clientSecret: "two words", issuer: "https://accounts.google.com" }, "clientSecret"],
      [{ issuer: "https://accounts.google.com" }, "clientId"],
    ] as const;
    for (const [body, field] of attempts) {
      const response = await sendAs(ctx.app, admin.cookies, "PUT", url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(body)).toContain(field);
    }
    expect(await storedRow()).toEqual(before);
  });

  it("allows plain http only for a local issuer in production", () => {
    expect(() => assertIssuerAllowed("http://idp.example.com", true)).toThrow(/https/);
    expect(() => assertIssuerAllowed("http://localhost:8080", true)).not.toThrow();
    expect(() => assertIssuerAllowed("http://idp.example.com", false)).not.toThrow();
    expect(() => assertIssuerAllowed("https://idp.example.com", true)).not.toThrow();
  });

  it("refuses everyone but admins", async () => {
    const member = await signedInMember(ctx.database.db, "oauth-member");
    const staff = await signedInMember(ctx.database.db, "oauth-staff", { role: "staff" });
    const body = { clientId: "stolen", clientSecret: "stolen", issuer: "https://evil.example" };
    for (const [cookies, status] of [
      [{}, 401],
      [member.cookies, 403],
      [staff.cookies, 403],
    ] as const) {
      expect((await sendAs(ctx.app, cookies, "GET", url)).statusCode).toBe(status);
      expect((await sendAs(ctx.app, cookies, "PUT", url, body)).statusCode).toBe(status);
      expect(
        (await sendAs(ctx.app, cookies, "POST", `${url}/test`, { issuer: discoveryUrl })).statusCode,
      ).toBe(status);
    }
    expect((await effectiveGoogleSettings(ctx.database.db, ctx.app.config))?.clientId).not.toBe("stolen");
  });
});

describe("the issuer test", () => {
  const test = (issuer: string) => sendAs(ctx.app, admin.cookies, "POST", `${url}/test`, { issuer });

  it("reads the discovery document and answers its endpoints", async () => {
    const response = await test(discoveryUrl);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      issuer: discoveryUrl,
      authorizationEndpoint: `${discoveryUrl}/o/authorize`,
      tokenEndpoint: `${discoveryUrl}/o/token`,
    });
  });

  it("answers a clear message, never a 5xx, when the issuer fails", async () => {
    const missing = await test(`${discoveryUrl}/missing`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ ok: false, message: expect.stringContaining("HTTP 404") });

    const wrong = (await test(`${discoveryUrl}/wrong`)).json();
    expect(wrong).toMatchObject({ ok: false, message: expect.stringContaining("https://elsewhere.example") });

    // A port nobody listens on: the server that had it is closed.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = (await test(`http://127.0.0.1:${closedPort}`)).json();
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("refused") });

    const invalid = await test("not a web address");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.issuer).toMatch(/web address/);
  });

  it("gives up on a silent issuer after 5 seconds", async () => {
    // An issuer that never answers: the check must give up by itself (the test's own limit is the bound).
    const slow = await test(`${discoveryUrl}/slow`);
    expect(slow.statusCode).toBe(200);
    expect(slow.json()).toMatchObject({ ok: false, message: expect.stringContaining("5 seconds") });
  }, 15_000);
});

describe("Google sign-in with the saved settings", () => {
  let issuer: OAuth2Server;
  beforeAll(async () => {
    issuer = new OAuth2Server();
    await issuer.issuer.keys.generate("RS256");
    await issuer.start(0, "localhost");
    issuer.service.on("beforeTokenSigning", (token) => {
      Object.assign(token.payload, {
        sub: "google-from-db",
        email: "kofi.db@gmail.com",
        email_verified: true,
        name: "Kofi",
      });
    });
  });
  afterAll(async () => {
    await issuer.stop();
  });

  it("uses what the admin saved at once, without a restart", async () => {
    const saved = await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId: "anigye-from-db",
      clientSecret: "db-secret",
      issuer: issuer.issuer.url!,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const providers = await ctx.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(providers.json().google).toBe(true);

    const start = await ctx.app.inject({ method: "GET", url: "/auth/google" });
    expect(start.statusCode).toBe(302);
    const authorizeUrl = new URL(String(start.headers.location));
    expect(authorizeUrl.origin).toBe(issuer.issuer.url);
    expect(authorizeUrl.searchParams.get("client_id")).toBe("anigye-from-db");

    const authorized = await fetch(authorizeUrl, { redirect: "manual" });
    const callback = new URL(String(authorized.headers.get("location")));
    const flowCookie = start.cookies.find((c) => c.name === "anigye_oidc")!;
    const finished = await ctx.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      cookies: { anigye_oidc: flowCookie.value },
    });
    expect(String(finished.headers.location)).toMatch(/^\/\?auth=google&session=/);
    const me = await sendAs(ctx.app, sessionCookieFrom(finished), "GET", "/api/auth/me");
    expect(me.json().user.email).toBe("kofi.db@gmail.com");

    // A changed client id applies to the very next sign-in.
    await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId: "anigye-renamed",
      issuer: issuer.issuer.url!,
    });
    const again = await ctx.app.inject({ method: "GET", url: "/auth/google" });
    expect(new URL(String(again.headers.location)).searchParams.get("client_id")).toBe("anigye-renamed");
  });

  it("turns Google off and says why when the saved settings cannot be decrypted", async () => {
    const otherKey = sealText(
      randomBytes(32),
      JSON.stringify({ clientId, clientSecret: secret }),
      "oauth_google",
    );
    await ctx.database.db
      .update(platformSettings)
      .set({ settingValue: otherKey })
      .where(eq(platformSettings.settingKey, "oauth_google"));
    const read = (await sendAs(ctx.app, admin.cookies, "GET", url)).json().google;
    expect(read).toMatchObject({ source: "database", hasSecret: false, clientId: null });
    expect(read.problem).toMatch(/cannot be decrypted/);
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/providers" })).json().google).toBe(false);
    const start = await ctx.app.inject({ method: "GET", url: "/auth/google" });
    expect(String(start.headers.location)).toMatch(/^\/login\?error=/);

    // Saving again needs the secret, since the old one cannot be read back.
    const withoutSecret = await sendAs(ctx.app, admin.cookies, "PUT", url, {
      clientId,
      issuer: "https://accounts.google.com",
    });
    expect(withoutSecret.statusCode).toBe(400);
  });
});

describe("when the environment sets Google sign-in", () => {
  it("shows the environment's settings without the secret and refuses changes with 409", async () => {
    const envCtx = await createTestContext({
      env: {
        GOOGLE_CLIENT_ID: "env-client",
        GOOGLE_CLIENT_SECRET: "env-secret-value",
        GOOGLE_ISSUER: "https://accounts.google.com",
      },
    });
    try {
      const envAdmin = await signedInMember(envCtx.database.db, "env-admin", { role: "admin" });
      const read = await sendAs(envCtx.app, envAdmin.cookies, "GET", url);
      expect(read.json().google).toMatchObject({
        source: "environment",
        clientId: "env-client",
        issuer: "https://accounts.google.com",
        hasSecret: true,
      });
      expect(read.body).not.toContain("env-secret-value");

      const put = await sendAs(envCtx.app, envAdmin.cookies, "PUT", url, {
        clientId,
        clientSecret: secret,
        issuer: "https://accounts.google.com",
      });
      expect(put.statusCode).toBe(409);
      expect(put.json().message).toMatch(/environment/);
      const [row] = await envCtx.database.db
        .select()
        .from(platformSettings)
        .where(eq(platformSettings.settingKey, "oauth_google"));
      expect(row).toBeUndefined();
    } finally {
      await envCtx.close();
    }
  });
});
