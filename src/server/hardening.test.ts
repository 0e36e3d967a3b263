import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema/auth";
import { companies } from "./db/schema/companies";
import { createUser } from "./db/seed/factories";
import { signedInCompany, upload } from "./test/company-session";
import { signedInMember } from "./test/members";
import { latestOutboxMessage, latestSmsCodeFor } from "./test/outbox";
import { createTestContext, sendAs, sendJson, sessionCookieFrom, type TestContext } from "./test/test-app";

/** Regression tests for the failure modes a security review found: each must stay fixed. */
let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.database.db, {
    email: "root@example.com",
    username: "root",
    role: "admin",
    password: "admin-password-1",
  });
  admin = sessionCookieFrom(
    await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: "root@example.com",
      password: "admin-password-1",
    }),
  );
});
afterAll(() => ctx.close());

describe("requests that once slipped past a check", () => {
  it("guards a state change even when its path is percent-encoded", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/%61pi/coming-soon/users",
      payload: { name: "Eve", email: "eve@example.com", phone: "0241234567" },
    });
    expect(response.statusCode).toBe(403);
  });

  it("answers NUL characters and out-of-range numbers with 400, never 500", async () => {
    const nul = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
      name: "Ab\u0000c",
      email: "nul@example.com",
      phone: "0241234567",
    });
    expect(nul.statusCode).toBe(400);
    const login = await sendJson(ctx.app, "POST", "/api/companies/login", {
      username: "ab\u0000c",
      password: "x",
    });
    expect(login.statusCode).toBeLessThan(500);
    const resend = await sendJson(ctx.app, "POST", "/api/companies/setup/resend", { companyId: 1e12 });
    expect(resend.statusCode).toBe(400);
    const huge = await sendAs(ctx.app, admin, "GET", "/api/companies/99999999999");
    expect(huge.statusCode).toBe(400);
  });

  it("answers a malformed upload with 400", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/companies/${company.id}/media`,
      cookies,
      headers: { "x-requested-with": "anigye", "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nunterminated',
    });
    expect(response.statusCode, response.body).toBe(400);
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const logo = await upload(ctx.app, cookies, `/api/companies/${company.id}/logo`, {
      file: { data: bomb, name: "bomb.png", type: "image/png" },
    });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().message).toBe("This image is too large in pixels. Use one under 50 megapixels.");
  });
});

describe("companies", () => {
  it("lets no parallel burst of guesses through the lockout", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db);
    const attempt = (password: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/companies/login",
        payload: { username: company.username, password },
        remoteAddress: "10.9.9.9",
        headers: { "x-requested-with": "anigye" },
      });
    const results = await Promise.all([
      ...Array.from({ length: 24 }, () => attempt("wrong-password")),
      attempt("shop-password-1"),
    ]);
    // At most five passwords get checked; the right one arriving among the rest may not win.
    const signedIn = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 429).length;
    expect(refused).toBeGreaterThanOrEqual(19);
    if (signedIn === 1) expect(results.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(4);
  });

  it("shuts a suspended company out of its dashboard", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db);
    await ctx.database.db.update(companies).set({ status: "suspended" }).where(eq(companies.id, company.id));
    const response = await sendAs(ctx.app, cookies, "GET", `/api/companies/${company.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("This business account is suspended. Contact Anigye support.");
  });

  it("uses a two-step sign-in code once", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, {
      contactEmail: "once@example.com",
    });
    await sendAs(ctx.app, cookies, "PATCH", `/api/companies/${company.id}/profile`, { otpEnabled: true });
    const login = await sendJson(ctx.app, "POST", "/api/companies/login", {
      username: company.username,
      password: "shop-password-1",
    });
    const pending = login.cookies.find((c) => c.name === "anigye_company_code")!;
    const code = (await latestOutboxMessage(ctx.database.db, "once@example.com", "email"))!.textBody.match(
      /\b(\d{6})\b/,
    )![1];
    const send = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/companies/login/code",
        payload: { code },
        cookies: { anigye_company_code: pending.value },
        headers: { "x-requested-with": "anigye" },
      });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it("clears a profile field the owner empties", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { phone: "+233244000001" });
    const cleared = await sendAs(ctx.app, cookies, "PATCH", `/api/companies/${company.id}/profile`, {
      phone: "",
      businessHours: "",
    });
    expect(cleared.json()).toMatchObject({ phone: null, businessHours: null });
    const kept = await sendAs(ctx.app, cookies, "PATCH", `/api/companies/${company.id}/profile`, {
      address: "Ring Road",
    });
    expect(kept.json()).toMatchObject({ phone: null, address: "Ring Road" });
  });

  it("tells an admin when a business has already finished setup", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db);
    const response = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/setup-link`);
    expect(response.statusCode).toBe(409);
  });
});

describe("members", () => {
  it("counts only failed sign-ins against an account", async () => {
    const user = await createUser(ctx.database.db, {
      email: "steady@example.com",
      username: "steady",
      password: "steady-pass-1",
    });
    for (let i = 0; i < 12; i++) {
      const ok = await sendJson(ctx.app, "POST", "/api/auth/login", {
        email: user.email,
        password: "steady-pass-1",
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it("answers repeated phone resets the same whether or not the number has an account", async () => {
    await createUser(ctx.database.db, {
      email: "phone@example.com",
      username: "phoneowner",
      phoneNumber: "+233277000111",
      isPhoneVerified: true,
    });
    const ask = (identifier: string) =>
      sendJson(ctx.app, "POST", "/api/auth/forgot-password", { identifier });
    const known = [await ask("0277000111"), await ask("0277000111")];
    const unknown = [await ask("0277000999"), await ask("0277000999")];
    expect(known.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(unknown.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it("keeps each account's phone code its own when two accounts type the same number", async () => {
    const register = async (name: string) =>
      sessionCookieFrom(
        await ctx.app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: {
            displayName: name,
            username: name,
            email: `${name}@example.com`,
            phoneNumber: "0266000333",
            password: "shared-number-9",
          },
          remoteAddress: `10.77.0.${name.length}`,
          headers: { "x-requested-with": "anigye" },
        }),
      );
    const victim = await register("victimname");
    const victimCode = await latestSmsCodeFor(ctx.database.db, "+233266000333");
    const attacker = await register("attacker");
    for (let i = 0; i < 6; i++) {
      await sendAs(ctx.app, attacker, "POST", "/api/auth/verify-otp", {
        phoneNumber: "0266000333",
        otp: "000000",
        purpose: "registration",
      });
    }
    const verified = await sendAs(ctx.app, victim, "POST", "/api/auth/verify-otp", {
      phoneNumber: "0266000333",
      otp: victimCode,
      purpose: "registration",
    });
    expect(verified.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, "victimname"));
    expect(row!.isPhoneVerified).toBe(true);
  });

  it("refuses impressions for ids that cannot exist", async () => {
    await createUser(ctx.database.db, {
      email: "viewer@example.com",
      username: "viewer",
      password: "viewer-pass-1",
    });
    const viewer = sessionCookieFrom(
      await sendJson(ctx.app, "POST", "/api/auth/login", {
        email: "viewer@example.com",
        password: "viewer-pass-1",
      }),
    );
    const response = await sendAs(ctx.app, viewer, "POST", "/api/ads/impressions", {
      adIds: [3_000_000_000],
    });
    expect(response.statusCode).toBe(400);
    const unknown = await sendAs(ctx.app, viewer, "POST", "/api/ads/impressions", { adIds: [999_999] });
    expect(unknown.statusCode).toBe(200);
    expect(ctx.app.impressions.pendingCount()).toBe(0);
  });
});

describe("a client written from the spec (cookies, JSON and X-Device-Fingerprint, no X-Requested-With)", () => {
  const specClient = (
    method: "POST" | "PUT",
    url: string,
    payload: object,
    extra: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      payload,
      headers: {
        "content-type": "application/json",
        "x-device-fingerprint": "c2NyZWVuOjEwODB4MjQwMA",
        ...extra,
      },
    });

  it("signs in and makes state changes like the web app", async () => {
    await createUser(ctx.database.db, {
      email: "curl@example.com",
      username: "curl",
      password: "curl-pass-12",
    });
    const login = await specClient("POST", "/api/auth/login", {
      email: "curl@example.com",
      password: "curl-pass-12",
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, user: { email: "curl@example.com" } });
    const signup = await specClient("POST", "/api/coming-soon/users", {
      name: "Kojo",
      email: "kojo.curl@example.com",
      phone: "0241234567",
    });
    expect(signup.statusCode).toBe(200);
  });

  it("is still refused when the browser says the call is cross-site or from a foreign origin", async () => {
    const body = { email: "curl@example.com", password: "curl-pass-12" };
    expect(
      (await specClient("POST", "/api/auth/login", body, { "sec-fetch-site": "cross-site" })).statusCode,
    ).toBe(403);
    expect(
      (await specClient("POST", "/api/auth/login", body, { origin: "https://evil.example" })).statusCode,
    ).toBe(403);
  });
});

describe("inputs that once answered 500", () => {
  it("answers a 20 KB sign-in email with a clear 400", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: `${"a".repeat(20_000)}@example.com`,
      password: "whatever-1",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe("Email must be at most 254 characters");
  });

  it("reads path ids as plain positive decimal numbers only", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db);
    for (const odd of ["%201", "1e3", "0x10", "+1", "01", "1.0", "-1", "0", " 1"]) {
      const response = await sendAs(
        ctx.app,
        cookies,
        "GET",
        `/api/companies/${encodeURI(odd).replace("%25", "%")}`,
      );
      expect(response.statusCode, odd).toBe(400);
    }
    const plain = await sendAs(ctx.app, cookies, "GET", `/api/companies/${company.id}`);
    expect(plain.statusCode).toBe(200);
  });
});

describe("names that show publicly", () => {
  it("are refused when made only of invisible characters, whoever sends them, with a message naming the field", async () => {
    const blank = "\u202e\u200b\u2060";
    const { company, cookies: owner } = await signedInCompany(ctx.app, ctx.database.db);
    const member = await signedInMember(ctx.database.db, "invisible");
    const refusals: [Record<string, string>, string, string, object, string, string][] = [
      [admin, "POST", "/api/admin/companies", { name: blank }, "name", "Business name"],
      [admin, "PATCH", `/api/admin/companies/${company.id}`, { name: blank }, "name", "Business name"],
      [
        owner,
        "POST",
        `/api/companies/${company.id}/staff`,
        { name: blank, pin: "4821" },
        "name",
        "Staff name",
      ],
      [owner, "POST", `/api/companies/${company.id}/ads`, { title: blank }, "title", "Title"],
      [member.cookies, "PATCH", "/api/profile", { displayName: blank }, "displayName", "Full name"],
      [
        member.cookies,
        "POST",
        `/api/companies/${company.id}/reviews`,
        { rating: 5, title: blank, text: blank },
        "text",
        "Review",
      ],
    ];
    for (const [cookies, method, url, body, field, label] of refusals) {
      const refused = await sendAs(ctx.app, cookies, method as "POST", url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(400);
      expect(refused.json().fields[field], `${method} ${url}`).toBe(
        `${label} can't be only spaces or invisible characters`,
      );
    }
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.name).toBe(company.name);
    // A member reads it in their language.
    const inTwi = await sendAs(
      ctx.app,
      member.cookies,
      "PATCH",
      "/api/profile",
      { displayName: blank },
      { "accept-language": "tw" },
    );
    expect(inTwi.json().fields.displayName).toBe(
      "Nkyerɛwde a wohu nni wo din nyinaa mu: kyerɛw nkyerɛwde anaa nɔma.",
    );
  });
});
