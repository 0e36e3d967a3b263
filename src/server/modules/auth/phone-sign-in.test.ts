import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { latestSmsCodeFor } from "../../test/outbox";
import { createTestContext, sessionCookieFrom, type TestContext, testClock } from "../../test/test-app";

/*
 * Signing in with a phone number and a texted code (docs/product-rules.md#ussd-phone-sign-in): only a
 * number a member verified gets a code, the answer is the same for any number, and guessing is throttled
 * per number and address so a stranger never locks the member out.
 */

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let numbers = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

function newNumber() {
  const local = `2720${String(++numbers).padStart(5, "0")}`;
  return { typed: `0${local}`, e164: `+233${local}` };
}

function post(url: string, payload: unknown, address = "10.60.0.1", cookies: Record<string, string> = {}) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: address,
    cookies,
    headers: { "x-requested-with": "anigye" },
  });
}

const askCode = (phoneNumber: string, address?: string) =>
  post("/api/auth/phone/code", { phoneNumber }, address);
const signIn = (phoneNumber: string, code: string, address?: string, cookies?: Record<string, string>) =>
  post("/api/auth/phone/sign-in", { phoneNumber, code }, address, cookies);

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function smsTo(phone: string) {
  await ctx.drainMessages();
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")));
}

async function phoneMember(fields: Parameters<typeof createUser>[1] = {}) {
  const number = newNumber();
  const user = await createUser(ctx.database.db, {
    displayName: "Kwame Boateng",
    phoneNumber: number.e164,
    isPhoneVerified: true,
    activatedAt: new Date(),
    ...fields,
  });
  return { user, number };
}

describe("signing in with a phone number", () => {
  it("texts a code to a verified number and signs its member in with it, once", async () => {
    const { user, number } = await phoneMember();
    const asked = await askCode(number.typed);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      "If an account has this number, we've sent it a sign-in code. It works for 10 minutes.",
    );
    const code = await latestSmsCodeFor(ctx.database.db, number.e164);
    const signedIn = await signIn(number.typed, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, user: { id: user.id } });
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/me",
      cookies: sessionCookieFrom(signedIn),
    });
    expect(me.json().user.id).toBe(user.id);
    // The code works once.
    expect((await signIn(number.typed, code)).statusCode).toBe(400);
  });

  it("answers the same for a number nobody verified and texts it nothing", async () => {
    const unverified = newNumber();
    await createUser(ctx.database.db, { phoneNumber: unverified.e164, isPhoneVerified: false });
    const nobody = newNumber();
    for (const number of [unverified, nobody]) {
      const asked = await askCode(number.typed);
      expect(asked.statusCode).toBe(200);
      expect(asked.json().message).toContain("If an account has this number");
      expect(await smsTo(number.e164)).toEqual([]);
      const refused = await signIn(number.typed, "123456");
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("This code has expired or was already used. Request a new code.");
    }
  });

  it("refuses a wrong code, and a suspended member learns why only with the right one", async () => {
    const { number } = await phoneMember({ isActive: false, suspensionReason: "Fake check-ins" });
    // A suspended member is sent nothing.
    await askCode(number.typed);
    expect(await smsTo(number.e164)).toEqual([]);

    const active = await phoneMember();
    await askCode(active.number.typed);
    const code = await latestSmsCodeFor(ctx.database.db, active.number.e164);
    const refused = await signIn(active.number.typed, wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "BAD_REQUEST", message: "Incorrect code" });
    expect((await signIn(active.number.typed, code)).statusCode).toBe(200);
  });

  it("refuses bad shapes with the one error shape", async () => {
    const response = await signIn("12345", "12");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION" });
    expect(Object.keys(response.json().fields)).toEqual(expect.arrayContaining(["phoneNumber", "code"]));
  });
});

describe("phone sign-in limits", () => {
  it("pauses a guessing address for that number, while the member signs in from their own", async () => {
    const { user, number } = await phoneMember();
    await askCode(number.typed, "10.61.0.1");
    const code = await latestSmsCodeFor(ctx.database.db, number.e164);
    const stranger = "10.61.0.66";
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      answers.push((await signIn(number.typed, wrong(code), stranger)).statusCode);
      clock.advance(31_000);
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    // Even the right code is not checked from the paused address...
    expect((await signIn(number.typed, code, stranger)).statusCode).toBe(429);
    // ...and the stranger's wrong tries spent nothing of the member's: the same code still works for them.
    const member = await signIn(number.typed, code, "10.61.0.2");
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().user.id).toBe(user.id);
  });

  it("texts one number at most once a minute, quietly, whoever asks", async () => {
    const { number } = await phoneMember();
    expect((await askCode(number.typed, "10.62.0.1")).statusCode).toBe(200);
    expect((await askCode(number.typed, "10.62.0.2")).statusCode).toBe(200);
    expect(await smsTo(number.e164)).toHaveLength(1);
    clock.advance(61_000);
    await askCode(number.typed, "10.62.0.3");
    expect(await smsTo(number.e164)).toHaveLength(2);
  });

  it("limits one address to 20 code requests an hour", async () => {
    const address = "10.63.0.1";
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await askCode(newNumber().typed, address)).statusCode);
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe("a member who joined by phone", () => {
  it("shows no email, then adds an email and a password from the profile and signs in with them", async () => {
    const { user, number } = await phoneMember({
      email: `ang-phone${numbers}@phone.anigye.invalid`,
    });
    await askCode(number.typed, "10.64.0.1");
    const signedIn = await signIn(
      number.typed,
      await latestSmsCodeFor(ctx.database.db, number.e164),
      "10.64.0.1",
    );
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: "" });
    const cookies = sessionCookieFrom(signedIn);
    const profile = await ctx.app.inject({ method: "GET", url: "/api/profile", cookies });
    expect(profile.json()).toMatchObject({ email: "", hasPassword: false });

    const email = await post(
      "/api/profile/email",
      { email: "kwame.boateng@example.com" },
      "10.64.0.1",
      cookies,
    );
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toMatchObject({ email: "kwame.boateng@example.com", isEmailVerified: false });
    const password = await post(
      "/api/profile/password",
      { newPassword: "waakye-and-shito-7" },
      "10.64.0.1",
      cookies,
    );
    expect(password.statusCode, password.body).toBe(200);
    const login = await post(
      "/api/auth/login",
      { email: "kwame.boateng@example.com", password: "waakye-and-shito-7" },
      "10.64.0.1",
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.id).toBe(user.id);
  });
});
