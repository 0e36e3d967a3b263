import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { latestLinkTokenFor, latestOutboxMessage } from "../../test/outbox";
import {
  createTestContext,
  sendAs,
  sendJson,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { sumXpLedger } from "../ledger/ledger.service";

const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

let counter = 0;
function newPerson() {
  counter++;
  return {
    displayName: `Kojo Mensah ${counter}`,
    username: `kojo${counter}`,
    email: `Kojo${counter}@Example.com`,
    password: "plantain-chips-42",
  };
}

let registrations = 0;
async function register(body: Record<string, unknown>) {
  // Each registration from its own address: the per-IP signup limit is tested on its own.
  registrations++;
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: body,
    remoteAddress: `10.1.${Math.floor(registrations / 250)}.${registrations % 250}`,
    headers: { "x-requested-with": "anigye" },
  });
  return { response, cookies: sessionCookieFrom(response) };
}

/** A reset link and a sign-in link, both asked for and not yet used. */
async function outstandingLinks(email: string) {
  await sendJson(ctx.app, "POST", "/api/auth/forgot-password", { identifier: email });
  const resetToken = await latestLinkTokenFor(ctx.database.db, email.toLowerCase(), "reset");
  await sendJson(ctx.app, "POST", "/api/auth/send-email-link", { email, purpose: "login" });
  const signInToken = await latestLinkTokenFor(ctx.database.db, email.toLowerCase(), "signin");
  return { resetToken, signInToken };
}

const userByEmail = async (email: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];

describe("registration", () => {
  it("creates an unverified account, signs it in and emails a verification link", async () => {
    const person = newPerson();
    const { response, cookies } = await register(person);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      requiresVerification: true,
      message: "Account Created! Check your email to activate your account.",
      user: { username: person.username, email: person.email.toLowerCase(), role: "user", activated: false },
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(cookies.anigye_sid).toBeDefined();

    const me = await sendAs(ctx.app, cookies, "GET", "/api/auth/me");
    expect(me.json().user.email).toBe(person.email.toLowerCase());

    const mail = await latestOutboxMessage(ctx.database.db, person.email.toLowerCase(), "email");
    expect(mail?.subject).toBe("Verify your email for Anigye");
    expect(mail?.textBody).toContain("http://localhost:5000/register?verify=");
  });

  it.each([
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [
      { username: "has space" },
      "username",
      "Username may use letters, numbers, dots, dashes and underscores only",
    ],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ password: "12345" }, "password", "Password must be at least 6 characters"],
    [{ displayName: "K" }, "displayName", "Full name must be at least 2 characters"],
    [{ phoneNumber: "0123" }, "phoneNumber", "Phone number must be at least 8 digits"],
    [{ phoneNumber: "0801234567" }, "phoneNumber", "Enter a valid Ghana phone number, e.g. 024 123 4567"],
    [{ password: "123456" }, "password", "This password is too common. Choose one that is harder to guess"],
    [
      { password: "password123" },
      "password",
      "This password is too common. Choose one that is harder to guess",
    ],
  ])("refuses %o with a message on %s and creates nothing", async (change, field, message) => {
    const person = { ...newPerson(), ...change };
    const { response } = await register(person);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await userByEmail(String(person.email))).toBeUndefined();
  });

  it("refuses a password equal to the username", async () => {
    const person = newPerson();
    const { response } = await register({ ...person, password: `${person.username}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toBe("Password must not be your username or email");
  });

  it("names the taken field when the username or email already exists, ignoring case", async () => {
    const first = newPerson();
    await register(first);
    const sameUsername = await register({ ...newPerson(), username: first.username.toUpperCase() });
    expect(sameUsername.response.statusCode).toBe(409);
    expect(sameUsername.response.json().fields).toEqual({ username: "This username is already taken" });
    const sameEmail = await register({ ...newPerson(), email: first.email.toUpperCase() });
    expect(sameEmail.response.statusCode).toBe(409);
    expect(sameEmail.response.json().fields).toEqual({ email: "An account with this email already exists" });
  });

  it("creates exactly one account when the same email registers 10 times at once", async () => {
    const person = newPerson();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register({ ...person, username: `${person.username}x${i}` })),
    );
    const statuses = attempts.map((a) => a.response.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, person.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it("limits registrations per IP address", async () => {
    const from = (i: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { ...newPerson(), username: `iplimit${i}` },
        remoteAddress: "10.99.99.99",
        headers: { "x-requested-with": "anigye" },
      });
    for (let i = 0; i < 30; i++) expect((await from(i)).statusCode).toBe(200);
    const limited = await from(30);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
  });
});

describe("email verification", () => {
  it("activates the account once and grants the 100 XP bonus once, as a ledger row", async () => {
    const person = newPerson();
    const { cookies } = await register(person);
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "verify");

    const verified = await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-email", { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: "Account Activated!",
      verification: { isEmailVerified: true, activated: true, xpAwarded: 100 },
      user: { xpPoints: 100, activated: true },
    });

    const again = await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This verification link has already been used.");

    const user = (await userByEmail(person.email))!;
    expect(user.xpPoints).toBe(100);
    expect(await sumXpLedger(ctx.database.db, user.id)).toBe(100);
  });

  it("grants the bonus once when the same link is opened 10 times at once", async () => {
    const person = newPerson();
    await register(person);
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "verify");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sendJson(ctx.app, "POST", "/api/auth/verify-email", { token })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const user = (await userByEmail(person.email))!;
    expect(user.xpPoints).toBe(100);
    expect(await sumXpLedger(ctx.database.db, user.id)).toBe(100);
  });

  it("does not reveal the account to another device that opens the link", async () => {
    const person = newPerson();
    await register(person);
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "verify");
    const response = await sendJson(ctx.app, "POST", "/api/auth/verify-email", { token });
    expect(response.json()).toMatchObject({ verification: { activated: true }, user: null });
  });

  it("refuses an expired link and a made-up one", async () => {
    const person = newPerson();
    await register(person);
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "verify");
    clock.advance(25 * 60 * 60 * 1000);
    try {
      const expired = await sendJson(ctx.app, "POST", "/api/auth/verify-email", { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe("This verification link has expired. Request a new one.");
    } finally {
      clock.advance(-25 * 60 * 60 * 1000);
    }
    const forged = await sendJson(ctx.app, "POST", "/api/auth/verify-email", { token: "x".repeat(43) });
    expect(forged.json().message).toBe("This verification link is invalid.");
  });

  it("resends a link for an unverified account and answers the same for unknown emails", async () => {
    const person = newPerson();
    await register(person);
    const known = await sendJson(ctx.app, "POST", "/api/auth/send-email-link", {
      email: person.email,
      purpose: "registration",
    });
    const unknown = await sendJson(ctx.app, "POST", "/api/auth/send-email-link", {
      email: "nobody@example.com",
      purpose: "registration",
    });
    expect(known.json()).toEqual(unknown.json());
    const first = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "verify");
    expect(first).toBeTruthy();
  });
});

describe("signing in and out", () => {
  it("signs in with a new session id, reads the user and signs out", async () => {
    const person = newPerson();
    const { cookies: registered } = await register(person);
    const login = await sendAs(ctx.app, registered, "POST", "/api/auth/login", {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, message: "You have successfully logged in." });
    const cookies = sessionCookieFrom(login);
    expect(cookies.anigye_sid).not.toBe(registered.anigye_sid);
    // The old session died with the sign-in.
    expect((await sendAs(ctx.app, registered, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).statusCode).toBe(200);

    await sendAs(ctx.app, cookies, "POST", "/api/auth/logout");
    const after = await sendAs(ctx.app, cookies, "GET", "/api/auth/me");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: "UNAUTHENTICATED", message: "Please sign in to continue" });
  });

  it.each([
    [{ email: "", password: "whatever1" }, "email", "Email is required"],
    [{ email: "a@b.co", password: "12345" }, "password", "Password must be at least 6 characters"],
  ])("validates the login form %o", async (body, field, message) => {
    const response = await sendJson(ctx.app, "POST", "/api/auth/login", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const person = newPerson();
    await register(person);
    const wrong = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: person.email,
      password: "wrong-password",
    });
    const unknown = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: "ghost@example.com",
      password: "whatever1",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: "UNAUTHENTICATED", message: "Invalid email or password" });
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe("wrong passwords never lock the owner out", () => {
  const loginFrom = (address: string, email: string, password: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
      remoteAddress: address,
      headers: { "x-requested-with": "anigye" },
    });

  it("slows a source after 3 quick wrong passwords, then pauses it for that account after 5", async () => {
    const person = newPerson();
    await register(person);
    for (let i = 0; i < 3; i++)
      expect((await loginFrom("10.50.0.1", person.email, "wrong-pass")).statusCode).toBe(401);
    const slowed = await loginFrom("10.50.0.1", person.email, person.password);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers["retry-after"])).toBeLessThanOrEqual(30);
    expect(slowed.json().message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds?, or sign in with a link sent to your email\.$/,
    );
    clock.advance(31_000);
    for (let i = 0; i < 2; i++)
      expect((await loginFrom("10.50.0.1", person.email, "wrong-pass")).statusCode).toBe(401);
    clock.advance(31_000);
    const paused = await loginFrom("10.50.0.1", person.email, person.password);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/try again in 1[45] minutes, or sign in with a link/);
    clock.advance(15 * 60_000);
    expect((await loginFrom("10.50.0.1", person.email, person.password)).statusCode).toBe(200);
  });

  it("lets the owner in from their own phone while a stranger guesses from elsewhere", async () => {
    const person = newPerson();
    await register(person);
    for (let i = 0; i < 12; i++) await loginFrom("10.66.6.6", person.email, `guess-${i}-password`);
    expect((await loginFrom("10.66.6.6", person.email, person.password)).statusCode).toBe(429);
    expect((await loginFrom("10.20.0.7", person.email, person.password)).statusCode).toBe(200);
  });

  it("forgets a source's wrong tries once it gets the password right", async () => {
    const person = newPerson();
    await register(person);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) await loginFrom("10.50.0.2", person.email, "wrong-pass");
      expect((await loginFrom("10.50.0.2", person.email, person.password)).statusCode).toBe(200);
      clock.advance(31_000);
    }
  });

  it("gives each source one try when an account is attacked from everywhere; the right password still works", async () => {
    const person = newPerson();
    await register(person);
    for (let source = 0; source < 20; source++) {
      await loginFrom(`10.70.0.${source}`, person.email, "wrong-pass");
    }
    const second = await loginFrom("10.70.0.1", person.email, person.password);
    expect(second.statusCode).toBe(429);
    expect((await loginFrom("10.20.0.8", person.email, person.password)).statusCode).toBe(200);
  });

  it("always lets the owner in with an emailed sign-in link, once", async () => {
    const person = newPerson();
    await register(person);
    for (let i = 0; i < 6; i++) await loginFrom("10.50.0.3", person.email, "wrong-pass");
    expect((await loginFrom("10.50.0.3", person.email, person.password)).statusCode).toBe(429);

    const asked = await sendJson(ctx.app, "POST", "/api/auth/send-email-link", {
      email: person.email,
      purpose: "login",
    });
    expect(asked.json().message).toBe(
      "If an account matches, we've sent a sign-in link. It works once, for 15 minutes.",
    );
    const mail = await latestOutboxMessage(ctx.database.db, person.email.toLowerCase(), "email");
    expect(mail?.subject).toBe("Your Anigye sign-in link");
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "signin");
    const signedIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login/link",
      payload: { token },
      remoteAddress: "10.50.0.3",
      headers: { "x-requested-with": "anigye" },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, user: { email: person.email.toLowerCase() } });
    const me = await sendAs(ctx.app, sessionCookieFrom(signedIn), "GET", "/api/auth/me");
    expect(me.json().user.email).toBe(person.email.toLowerCase());

    // Only the owner has the link, so this phone's wrong tries are forgotten: the password works again.
    expect((await loginFrom("10.50.0.3", person.email, person.password)).statusCode).toBe(200);

    const again = await sendJson(ctx.app, "POST", "/api/auth/login/link", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      "This sign-in link has expired or was already used. Ask for a new one.",
    );
  });

  it("answers a sign-in link request for an unknown email the same way and sends nothing", async () => {
    const asked = await sendJson(ctx.app, "POST", "/api/auth/send-email-link", {
      email: "nobody-here@example.com",
      purpose: "login",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      "If an account matches, we've sent a sign-in link. It works once, for 15 minutes.",
    );
    expect(await latestOutboxMessage(ctx.database.db, "nobody-here@example.com", "email")).toBeUndefined();
  });

  it("refuses a sign-in link after 15 minutes", async () => {
    const person = newPerson();
    await register(person);
    await sendJson(ctx.app, "POST", "/api/auth/send-email-link", { email: person.email, purpose: "login" });
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "signin");
    clock.advance(16 * 60_000);
    expect((await sendJson(ctx.app, "POST", "/api/auth/login/link", { token })).statusCode).toBe(400);
  });
});

describe("forgot password by email", () => {
  it("resets with the emailed link, once, and signs out every session", async () => {
    const person = newPerson();
    const { cookies } = await register(person);
    const asked = await sendJson(ctx.app, "POST", "/api/auth/forgot-password", { identifier: person.email });
    expect(asked.json().message).toBe(
      "If an account matches, we've sent instructions to reset your password.",
    );
    const token = await latestLinkTokenFor(ctx.database.db, person.email.toLowerCase(), "reset");

    const weak = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token,
      newPassword: "qwerty",
    });
    expect(weak.statusCode).toBe(400);
    const reset = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token,
      newPassword: "kelewele-at-night",
    });
    expect(reset.statusCode).toBe(200);
    const reused = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token,
      newPassword: "another-good-one",
    });
    expect(reused.json().message).toBe("This reset link has already been used.");

    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    const oldLogin = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: person.email,
      password: person.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: person.email,
      password: "kelewele-at-night",
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it("ends the account's other reset links and its sign-in links once a reset link is used", async () => {
    const person = newPerson();
    await register(person);
    const email = person.email.toLowerCase();
    const { resetToken, signInToken } = await outstandingLinks(person.email);
    await sendJson(ctx.app, "POST", "/api/auth/forgot-password", { identifier: person.email });
    const secondResetToken = await latestLinkTokenFor(ctx.database.db, email, "reset");

    const reset = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token: resetToken,
      newPassword: "kelewele-at-night",
    });
    expect(reset.statusCode).toBe(200);

    const secondReset = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token: secondResetToken,
      newPassword: "a-strangers-choice-9",
    });
    expect(secondReset.statusCode).toBe(400);
    expect(secondReset.json().message).toBe("This reset link has expired. Request a new one.");
    const signIn = await sendJson(ctx.app, "POST", "/api/auth/login/link", { token: signInToken });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toBe(
      "This sign-in link has expired or was already used. Ask for a new one.",
    );
    const login = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: person.email,
      password: "kelewele-at-night",
    });
    expect(login.statusCode).toBe(200);

    // A link asked for after the reset works.
    await sendJson(ctx.app, "POST", "/api/auth/send-email-link", { email: person.email, purpose: "login" });
    const freshToken = await latestLinkTokenFor(ctx.database.db, email, "signin");
    expect((await sendJson(ctx.app, "POST", "/api/auth/login/link", { token: freshToken })).statusCode).toBe(
      200,
    );
  });

  it("ends every reset and sign-in link sent before a password change", async () => {
    const person = newPerson();
    const { cookies } = await register(person);
    const { resetToken, signInToken } = await outstandingLinks(person.email);

    const changed = await sendAs(ctx.app, cookies, "POST", "/api/profile/password", {
      currentPassword: person.password,
      newPassword: "waakye-on-sunday",
    });
    expect(changed.statusCode).toBe(200);

    const reset = await sendJson(ctx.app, "POST", "/api/auth/reset-password", {
      token: resetToken,
      newPassword: "a-strangers-choice-9",
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe("This reset link has expired. Request a new one.");
    expect((await sendJson(ctx.app, "POST", "/api/auth/login/link", { token: signInToken })).statusCode).toBe(
      400,
    );
    const login = await sendJson(ctx.app, "POST", "/api/auth/login", {
      email: person.email,
      password: "waakye-on-sunday",
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers unknown identifiers the same way and sends nothing", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/auth/forgot-password", {
      identifier: "nobody@example.com",
    });
    expect(response.statusCode).toBe(200);
    expect(await latestOutboxMessage(ctx.database.db, "nobody@example.com", "email")).toBeUndefined();
  });
});
