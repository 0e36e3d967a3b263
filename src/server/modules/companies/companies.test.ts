import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import { createUser } from "../../db/seed/factories";
import { signedInCompany } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import { latestOutboxMessage } from "../../test/outbox";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";

const clock = testClock();
let ctx: TestContext;
let admin: Record<string, string>;
let consumer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  await createUser(ctx.database.db, {
    email: "boss@example.com",
    username: "boss",
    role: "admin",
    password: "admin-password-1",
  });
  await createUser(ctx.database.db, {
    email: "kwame@example.com",
    username: "kwame",
    password: "member-password-1",
  });
  admin = sessionCookieFrom(
    await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: "boss@example.com",
      password: "admin-password-1",
    }),
  );
  consumer = sessionCookieFrom(
    await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: "kwame@example.com",
      password: "member-password-1",
    }),
  );
});
afterAll(() => ctx.close());

let counter = 0;
const newCompany = () => {
  counter++;
  return {
    name: `Auntie Muni's Waakye ${counter}`,
    category: "Food & Dining",
    subcategory: "Chop Bars",
    city: "Tamale",
    address: "Gumbihini Road, Tamale",
    latitude: 9.4008,
    longitude: -0.8393,
    contactEmail: `muni${counter}@example.com`,
  };
};

async function setupTokenFor(email: string): Promise<string> {
  const mail = await latestOutboxMessage(ctx.database.db, email, "email");
  const token = mail?.textBody.match(/\/company\?setup=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error("no setup link");
  return decodeURIComponent(token);
}

describe("registering a business", () => {
  it("is for admins only", async () => {
    expect((await sendAs(ctx.app, {}, "POST", "/api/admin/companies", newCompany())).statusCode).toBe(401);
    expect((await sendAs(ctx.app, consumer, "POST", "/api/admin/companies", newCompany())).statusCode).toBe(
      403,
    );
    expect((await sendAs(ctx.app, consumer, "GET", "/api/admin/companies")).statusCode).toBe(403);
  });

  it("creates the company on the starter plan and emails a setup link", async () => {
    const input = newCompany();
    const response = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: input.name,
      username: null,
      city: "Tamale",
      plan: {
        plan: "starter",
        maxAds: 1,
        allowsVideo: false,
        maxAdDurationSeconds: 10,
        isCurrent: false,
        adsUsed: 0,
      },
    });
    const mail = await latestOutboxMessage(ctx.database.db, input.contactEmail, "email");
    expect(mail?.textBody).toContain("http://localhost:5000/company?setup=");
  });

  it.each([
    [{ subcategory: "Laptops" }, "subcategory", "Choose a subcategory of Food & Dining"],
    [{ category: "Mining" }, "category", "Choose a category from the catalogue"],
    [{ latitude: undefined, longitude: undefined }, "googleMapsUrl", "Give a map link or the coordinates"],
    [{ contactEmail: undefined }, "contactEmail", "Give a contact email or phone for the setup link"],
  ])("refuses %o", async (change, field, message) => {
    const response = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      ...newCompany(),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe("setting up the company account", () => {
  it("uses the setup link once to choose username and password, then signs the owner in", async () => {
    const input = newCompany();
    await sendAs(ctx.app, admin, "POST", "/api/admin/companies", input);
    const token = await setupTokenFor(input.contactEmail);

    const setup = await sendAs(ctx.app, {}, "POST", "/api/companies/setup", {
      token,
      username: `muni-${counter}`,
      newPassword: "tuo-zaafi-daily",
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().company.username).toBe(`muni-${counter}`);
    const me = await sendAs(ctx.app, sessionCookieFrom(setup), "GET", "/api/companies/me");
    expect(me.json().company.name).toBe(input.name);
    // Without a business session the probe answers plainly instead of failing.
    const nobody = await sendAs(ctx.app, {}, "GET", "/api/companies/me");
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual({ company: null });

    const reused = await sendAs(ctx.app, {}, "POST", "/api/companies/setup", {
      token,
      username: `muni-again-${counter}`,
      newPassword: "tuo-zaafi-daily",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      "This setup link is invalid, expired or already used. Ask for a new one.",
    );
  });

  it("refuses a link older than 72 hours", async () => {
    const input = newCompany();
    await sendAs(ctx.app, admin, "POST", "/api/admin/companies", input);
    const token = await setupTokenFor(input.contactEmail);
    clock.advance(73 * 3600_000);
    try {
      const late = await sendAs(ctx.app, {}, "POST", "/api/companies/setup", {
        token,
        username: `late-${counter}`,
        newPassword: "tuo-zaafi-daily",
      });
      expect(late.statusCode).toBe(400);
    } finally {
      clock.advance(-73 * 3600_000);
    }
  });

  it.each([
    [{ token: "" }, "token", "Setup token is required"],
    [{ newPassword: "12345" }, "newPassword", "Password must be at least 6 characters"],
  ])("gives the spec's messages: %o", async (change, field, message) => {
    const response = await sendAs(ctx.app, {}, "POST", "/api/companies/setup", {
      token: "something",
      username: "someone",
      newPassword: "good-password-1",
      ...change,
    });
    expect(response.json().fields[field]).toBe(message);
  });

  it("needs something to find the company by when resending", async () => {
    const response = await sendAs(ctx.app, {}, "POST", "/api/companies/setup/resend", {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Either companyId, contactEmail, or contactPhone is required");
  });
});

describe("company sign-in", () => {
  it("signing out ends the business's session on this phone, and leaves a member signed in beside it alone", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db);
    const member = await signedInMember(ctx.database.db, "beside-the-owner");
    const both = { ...cookies, ...member.cookies };
    const me = async () => (await sendAs(ctx.app, both, "GET", "/api/companies/me")).json().company;
    expect((await me())?.id).toBe(company.id);

    const signedOut = await sendAs(ctx.app, both, "POST", "/api/companies/logout");

    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.cookies.find((cookie) => cookie.name === "anigye_biz")?.value).toBe("");
    expect(signedOut.cookies.find((cookie) => cookie.name === "anigye_sid")).toBeUndefined();
    // The old cookie no longer opens the dashboard, even if a phone kept it.
    expect(await me()).toBeNull();
    expect((await sendAs(ctx.app, cookies, "GET", `/api/companies/${company.id}/payments`)).statusCode).toBe(
      401,
    );
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/auth/me")).statusCode).toBe(200);
  });

  it("gives the spec's messages for missing fields", async () => {
    const response = await sendAs(ctx.app, {}, "POST", "/api/companies/login", {
      username: "",
      password: "",
    });
    expect(response.json().fields).toEqual({
      username: "Username is required",
      password: "Password is required",
    });
  });

  it("pauses a source after 5 wrong passwords for 15 minutes, never the owner elsewhere, and records the last login", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db);
    const attempt = (password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/companies/login",
        payload: { username: company.username, password },
        remoteAddress,
        headers: { "x-requested-with": "anigye" },
      });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < (round === 0 ? 3 : 2); i++) {
        expect((await attempt("wrong-password", "10.20.30.99")).statusCode).toBe(401);
      }
      clock.advance(31_000);
    }
    const paused = await attempt("shop-password-1", "10.20.30.99");
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(
      /^Too many attempts\. Please try again in 1[45] minutes, or ask for a sign-in link\.$/,
    );

    const owner = await attempt("shop-password-1", "10.20.30.40");
    expect(owner.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.lastLoginIp).toBe("10.20.30.40");
    expect(row!.failedLoginAttempts).toBe(0);

    clock.advance(15 * 60_000);
    expect((await attempt("shop-password-1", "10.20.30.99")).statusCode).toBe(200);
  });

  it("sends a sign-in link to the business's email, which signs the owner in once", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db, {
      contactEmail: "linkshop@example.com",
    });
    const asked = await sendAs(ctx.app, {}, "POST", "/api/companies/send-login-link", {
      username: company.username,
    });
    expect(asked.json().message).toBe(
      "If the username matches a business, we've sent a sign-in link to its email or phone.",
    );
    const mail = (await latestOutboxMessage(ctx.database.db, "linkshop@example.com", "email"))!;
    const token = decodeURIComponent(mail.textBody.match(/[?&]signin=([A-Za-z0-9_%-]+)/)![1]!);
    expect(mail.textBody).toContain("http://localhost:5000/company?signin=");
    const signedIn = await sendAs(ctx.app, {}, "POST", "/api/companies/login/link", { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ requiresOtp: false, company: { id: company.id } });
    const me = await sendAs(ctx.app, sessionCookieFrom(signedIn), "GET", "/api/companies/me");
    expect(me.json().company.id).toBe(company.id);
    expect((await sendAs(ctx.app, {}, "POST", "/api/companies/login/link", { token })).statusCode).toBe(400);
  });

  it("texts the sign-in link to a business without an email, and refuses a suspended business", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db, {
      contactEmail: null,
      contactPhone: "+233244000777",
    });
    await sendAs(ctx.app, {}, "POST", "/api/companies/send-login-link", { username: company.username });
    const sms = (await latestOutboxMessage(ctx.database.db, "+233244000777", "sms"))!;
    const token = decodeURIComponent(sms.textBody.match(/[?&]signin=([A-Za-z0-9_%-]+)/)![1]!);
    await ctx.database.db.update(companies).set({ status: "suspended" }).where(eq(companies.id, company.id));
    const refused = await sendAs(ctx.app, {}, "POST", "/api/companies/login/link", { token });
    expect(refused.statusCode).toBe(403);
  });

  it("answers a sign-in link request for an unknown username the same way", async () => {
    const asked = await sendAs(ctx.app, {}, "POST", "/api/companies/send-login-link", {
      username: "no-such-shop",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      "If the username matches a business, we've sent a sign-in link to its email or phone.",
    );
  });

  it("asks for an emailed code as a second step when the owner turned it on", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, {
      contactEmail: "twostep@example.com",
    });
    await sendAs(ctx.app, cookies, "PATCH", `/api/companies/${company.id}/profile`, { otpEnabled: true });
    const login = await sendAs(ctx.app, {}, "POST", "/api/companies/login", {
      username: company.username,
      password: "shop-password-1",
    });
    expect(login.json()).toMatchObject({ requiresOtp: true, company: null });
    expect(sessionCookieFrom(login).anigye_sid).toBeUndefined();
    const pending = login.cookies.find((c) => c.name === "anigye_company_code")!;
    const code = (await latestOutboxMessage(ctx.database.db, "twostep@example.com", "email"))!.textBody.match(
      /\b(\d{6})\b/,
    )![1]!;

    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/api/companies/login/code",
      payload: { code: code === "000000" ? "111111" : "000000" },
      cookies: { anigye_company_code: pending.value },
      headers: { "x-requested-with": "anigye" },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await ctx.app.inject({
      method: "POST",
      url: "/api/companies/login/code",
      payload: { code },
      cookies: { anigye_company_code: pending.value },
      headers: { "x-requested-with": "anigye" },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().company.id).toBe(company.id);
  });
});

describe("the dashboard belongs to its company", () => {
  it("never lets company A read or change company B, nor a consumer either", async () => {
    const a = await signedInCompany(ctx.app, ctx.database.db);
    const b = await signedInCompany(ctx.app, ctx.database.db);
    const targets = [
      ["GET", `/api/companies/${b.company.id}`],
      ["PATCH", `/api/companies/${b.company.id}/profile`],
      ["GET", `/api/companies/${b.company.id}/ads`],
      ["GET", `/api/companies/${b.company.id}/staff`],
      ["POST", `/api/companies/${b.company.id}/staff`],
    ] as const;
    for (const [method, url] of targets) {
      const body =
        method === "POST"
          ? { name: "Intruder", pin: "1234" }
          : method === "PATCH"
            ? { address: "Hacked" }
            : undefined;
      expect((await sendAs(ctx.app, a.cookies, method, url, body)).statusCode).toBe(403);
      expect((await sendAs(ctx.app, consumer, method, url, body)).statusCode).toBe(403);
      expect((await sendAs(ctx.app, {}, method, url, body)).statusCode).toBe(401);
    }
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, b.company.id));
    expect(row!.address).not.toBe("Hacked");
    // The owner and a platform admin may.
    expect((await sendAs(ctx.app, b.cookies, "GET", `/api/companies/${b.company.id}`)).statusCode).toBe(200);
    expect((await sendAs(ctx.app, admin, "GET", `/api/companies/${b.company.id}`)).statusCode).toBe(200);
  });

  it("manages counter staff with hashed PINs", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db);
    const added = await sendAs(ctx.app, cookies, "POST", `/api/companies/${company.id}/staff`, {
      name: "Esi",
      pin: "4821",
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).not.toHaveProperty("pinHash");
    const duplicate = await sendAs(ctx.app, cookies, "POST", `/api/companies/${company.id}/staff`, {
      name: "ESI",
      pin: "1111",
    });
    expect(duplicate.statusCode).toBe(409);
    const badPin = await sendAs(ctx.app, cookies, "POST", `/api/companies/${company.id}/staff`, {
      name: "Yaw",
      pin: "12",
    });
    expect(badPin.json().fields.pin).toBe("PIN must be 4 to 6 digits");
    const removed = await sendAs(
      ctx.app,
      cookies,
      "DELETE",
      `/api/companies/${company.id}/staff/${added.json().id}`,
    );
    expect(removed.json().isActive).toBe(false);
  });

  it("lets an admin set the plan and paid-until date, which changes the limits", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const paidUntil = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    const response = await sendAs(ctx.app, admin, "PUT", `/api/admin/companies/${company.id}/plan`, {
      plan: "pro",
      paidUntil,
      reason: "Paid in cash at the office",
    });
    expect(response.json().plan).toMatchObject({
      plan: "pro",
      maxAds: 5,
      allowsVideo: true,
      maxAdDurationSeconds: 60,
      isCurrent: true,
    });
  });
});
