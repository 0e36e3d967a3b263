import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { createUser } from "../../db/seed/factories";
import { createTestContext, sendAs, sessionCookieFrom, type TestContext } from "../../test/test-app";
import { sumXpLedger } from "../ledger/ledger.service";

let issuer: OAuth2Server;
let ctx: TestContext;
let nextIdentity: Record<string, unknown> = {};

beforeAll(async () => {
  issuer = new OAuth2Server();
  await issuer.issuer.keys.generate("RS256");
  await issuer.start(0, "localhost");
  issuer.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, nextIdentity);
  });
  ctx = await createTestContext({
    env: {
      GOOGLE_ISSUER: issuer.issuer.url!,
      GOOGLE_CLIENT_ID: "anigye-web",
      GOOGLE_CLIENT_SECRET: "test-secret",
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await issuer.stop();
});

/** Walks the browser's path: our /auth/google → the provider's /authorize → our callback. */
async function signInThroughProvider(options: { tamperState?: boolean; dropCookie?: boolean } = {}) {
  const start = await ctx.app.inject({ method: "GET", url: "/auth/google" });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  expect(authorizeUrl.origin).toBe(issuer.issuer.url);
  expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizeUrl.searchParams.get("nonce")).toBeTruthy();
  const flowCookie = start.cookies.find((c) => c.name === "anigye_oidc")!;
  expect(flowCookie.httpOnly).toBe(true);

  const authorized = await fetch(authorizeUrl, { redirect: "manual" });
  const callback = new URL(String(authorized.headers.get("location")));
  expect(callback.pathname).toBe("/auth/google/callback");
  if (options.tamperState) callback.searchParams.set("state", "forged-state");

  return ctx.app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    cookies: options.dropCookie ? {} : { anigye_oidc: flowCookie.value },
  });
}

describe("Google sign-in", () => {
  it("creates an activated account with the sign-in bonus and returns to the spec's URL", async () => {
    nextIdentity = {
      sub: "google-new-1",
      email: "Yaw.Boateng@gmail.com",
      email_verified: true,
      name: "Yaw Boateng",
    };
    const response = await signInThroughProvider();
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/^\/\?auth=google&session=[0-9a-f]{16}$/);

    const cookies = sessionCookieFrom(response);
    const me = await sendAs(ctx.app, cookies, "GET", "/api/auth/me");
    expect(me.json().user).toMatchObject({
      email: "yaw.boateng@gmail.com",
      displayName: "Yaw Boateng",
      activated: true,
      xpPoints: 100,
    });
    // The value in the URL is not a credential: it signs nobody in.
    const session = new URL(String(response.headers.location), "http://x").searchParams.get("session")!;
    expect((await sendAs(ctx.app, { anigye_sid: session }, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it("links a verified Google email to the existing account without a second bonus", async () => {
    const existing = await createUser(ctx.database.db, {
      email: "esi@example.com",
      username: "esi",
      password: "palm-nut-soup-1",
    });
    const { creditXp } = await import("../ledger/ledger.service");
    await creditXp(ctx.database.db, {
      userId: existing.id,
      amount: 100,
      reason: "signin_bonus",
      idempotencyKey: `signin_bonus:${existing.id}`,
    });
    nextIdentity = { sub: "google-esi", email: "ESI@example.com", email_verified: true, name: "Esi" };
    const response = await signInThroughProvider();
    const me = await sendAs(ctx.app, sessionCookieFrom(response), "GET", "/api/auth/me");
    expect(me.json().user.id).toBe(existing.id);
    const [linked] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(linked!.googleId).toBe("google-esi");
    expect(linked!.xpPoints).toBe(100);
    expect(await sumXpLedger(ctx.database.db, existing.id)).toBe(100);

    // Signing in again with the same Google account finds it by its Google id.
    const again = await signInThroughProvider();
    expect((await sendAs(ctx.app, sessionCookieFrom(again), "GET", "/api/auth/me")).json().user.id).toBe(
      existing.id,
    );
  });

  it("takes an unproven claim on the email away from whoever made it", async () => {
    const squatter = await sendAs(ctx.app, {}, "POST", "/api/auth/register", {
      displayName: "Mallory",
      username: "mallory",
      email: "abena.victim@gmail.com",
      password: "squatting-pass-1",
    });
    const squatterCookies = sessionCookieFrom(squatter);
    nextIdentity = {
      sub: "google-victim",
      email: "abena.victim@gmail.com",
      email_verified: true,
      name: "Abena",
    };
    const response = await signInThroughProvider();
    const me = await sendAs(ctx.app, sessionCookieFrom(response), "GET", "/api/auth/me");
    expect(me.json().user.email).toBe("abena.victim@gmail.com");
    // The person who only typed the address is signed out and their password no longer opens the account.
    expect((await sendAs(ctx.app, squatterCookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    const oldPassword = await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: "abena.victim@gmail.com",
      password: "squatting-pass-1",
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  it("refuses a Google account without a verified email", async () => {
    nextIdentity = { sub: "google-unverified", email: "nobody@gmail.com", email_verified: false };
    const response = await signInThroughProvider();
    expect(response.headers.location).toBe(
      `/login?error=${encodeURIComponent("Your Google account has no verified email address.")}`,
    );
    expect(sessionCookieFrom(response).anigye_sid).toBeUndefined();
  });

  it("refuses a forged state and a callback without the flow cookie", async () => {
    nextIdentity = { sub: "google-forged", email: "forged@gmail.com", email_verified: true };
    const forged = await signInThroughProvider({ tamperState: true });
    expect(String(forged.headers.location)).toMatch(/^\/login\?error=/);
    expect(sessionCookieFrom(forged).anigye_sid).toBeUndefined();
    const noCookie = await signInThroughProvider({ dropCookie: true });
    expect(noCookie.headers.location).toBe(
      `/login?error=${encodeURIComponent("Google sign-in expired. Please try again.")}`,
    );
  });
});

describe("Google sign-in when it is not configured", () => {
  it("sends the browser back to the login page with a message", async () => {
    const plain = await createTestContext();
    try {
      const response = await plain.app.inject({ method: "GET", url: "/auth/google" });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        `/login?error=${encodeURIComponent("Google sign-in is not available right now.")}`,
      );
      const providers = await plain.app.inject({ method: "GET", url: "/api/auth/providers" });
      expect(providers.json()).toEqual({ google: false, requirePhoneVerification: false });
    } finally {
      await plain.close();
    }
  });
});
