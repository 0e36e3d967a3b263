import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { otpVerifications, users } from "../../db/schema/auth";
import { latestLinkTokenFor, latestSmsCodeFor } from "../../test/outbox";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { sumXpLedger } from "../ledger/ledger.service";

const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { REQUIRE_PHONE_VERIFICATION: "true" },
    overrides: { now: clock.now },
  });
});
afterAll(() => ctx.close());

let counter = 0;
async function registerWithPhone() {
  counter++;
  const phone = `+23324400${String(counter).padStart(4, "0")}`;
  const body = {
    displayName: `Abena Owusu ${counter}`,
    username: `abena${counter}`,
    email: `abena${counter}@example.com`,
    phoneNumber: `024400${String(counter).padStart(4, "0")}`,
    password: "groundnut-soup-77",
  };
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: body,
    remoteAddress: `10.2.0.${counter}`,
    headers: { "x-requested-with": "anigye" },
  });
  expect(response.statusCode).toBe(200);
  return { ...body, phone, cookies: sessionCookieFrom(response), response };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("phone verification when it is required", () => {
  it("requires a phone number at registration", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        displayName: "No Phone",
        username: "nophone",
        email: "nophone@example.com",
        password: "fufu-and-light-soup",
      },
      headers: { "x-requested-with": "anigye" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ phoneNumber: "Phone number is required" });
  });

  it("activates only when both the email and the phone are verified", async () => {
    const person = await registerWithPhone();
    expect(person.response.json().message).toBe(
      "Account Created! Verify your email and phone to activate your account.",
    );

    const token = await latestLinkTokenFor(ctx.database.db, person.email, "verify");
    const email = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-email", { token });
    expect(email.json()).toMatchObject({
      message: "Email verified.",
      verification: { isEmailVerified: true, isPhoneVerified: false, requiresPhone: true, activated: false },
    });

    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    const phone = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phoneNumber,
      otp: code,
      purpose: "registration",
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toMatchObject({
      message: "Phone Verified! Account Activated!",
      verification: { isPhoneVerified: true, activated: true, xpAwarded: 100 },
      user: { xpPoints: 100, isPhoneVerified: true, phoneNumber: person.phone },
    });
    const state = await sendAs(ctx.app, person.cookies, "GET", "/api/auth/verification");
    expect(state.json().verification.activated).toBe(true);

    const reused = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phoneNumber,
      otp: code,
      purpose: "registration",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe("This code has expired or was already used. Request a new code.");
  });

  it("counts wrong codes, allows five attempts, and a new code does not reset the count", async () => {
    const person = await registerWithPhone();
    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    const guess = (otp: string) =>
      sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
        phoneNumber: person.phoneNumber,
        otp,
        purpose: "registration",
      });

    const first = await guess(wrongCode(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe("Incorrect code. 4 attempts left.");
    await guess(wrongCode(code));
    await guess(wrongCode(code));

    clock.advance(61_000);
    const resend = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/send-phone-otp", {
      phoneNumber: person.phoneNumber,
      purpose: "registration",
    });
    expect(resend.statusCode).toBe(200);
    const newCode = await latestSmsCodeFor(ctx.database.db, person.phone);
    expect((await guess(code)).json().message).toBe("Incorrect code. 1 attempt left.");
    expect((await guess(wrongCode(newCode))).json().message).toBe(
      "Incorrect code. Please request a new code in 10 minutes.",
    );
    const locked = await guess(newCode);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Too many wrong codes. Please request a new code in 10 minutes.");
  });

  it("says the attempts left and the wait in Twi when asked, plurals by Twi's rules", async () => {
    const person = await registerWithPhone();
    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    const twi = { "accept-language": "tw" };
    const guess = (otp: string, headers: Record<string, string> = twi) =>
      sendAs(
        ctx.app,
        person.cookies,
        "POST",
        "/api/auth/verify-otp",
        { phoneNumber: person.phoneNumber, otp, purpose: "registration" },
        headers,
      );
    const incorrect = "Incorrect code. {left, plural, one {# attempt} other {# attempts}} left.";

    const first = await guess(wrongCode(code));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      message: twiOf(incorrect, { left: 4 }),
      fields: { otp: twiOf("Incorrect code") },
    });
    expect((await guess(wrongCode(code), {})).json().message).toBe("Incorrect code. 3 attempts left.");
    expect((await guess(wrongCode(code))).json().message).toBe(twiOf(incorrect, { left: 2 }));
    const one = await guess(wrongCode(code));
    expect(one.json().message).toBe(twiOf(incorrect, { left: 1 }));
    expect((await guess(wrongCode(code))).json().message).toBe(
      twiOf("Incorrect code. Please request a new code in 10 minutes."),
    );

    const again = await sendAs(
      ctx.app,
      person.cookies,
      "POST",
      "/api/auth/send-phone-otp",
      { phoneNumber: person.phoneNumber, purpose: "registration" },
      twi,
    );
    expect(again.statusCode).toBe(429);
    const seconds = Number(again.headers["retry-after"]);
    expect(again.json().message).toBe(
      seconds < 60
        ? twiOf(
            "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
            {
              seconds,
            },
          )
        : twiOf(
            "Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
            {
              minutes: Math.ceil(seconds / 60),
            },
          ),
    );
  });

  it("never allows more than five guesses, even 20 at once", async () => {
    const person = await registerWithPhone();
    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
          phoneNumber: person.phoneNumber,
          otp: wrongCode(code),
          purpose: "registration",
        }),
      ),
    );
    const rows = await ctx.database.db
      .select()
      .from(otpVerifications)
      .where(eq(otpVerifications.phoneNumber, person.phone));
    expect(Math.max(...rows.map((r) => r.attempts))).toBe(5);
  });

  it("expires a code after 10 minutes", async () => {
    const person = await registerWithPhone();
    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    clock.advance(10 * 60 * 1000 + 1000);
    const late = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phoneNumber,
      otp: code,
      purpose: "registration",
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe("This code has expired or was already used. Request a new code.");
  });

  it("asks the user to wait a minute between codes and refuses someone else's number", async () => {
    const person = await registerWithPhone();
    const again = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/send-phone-otp", {
      phoneNumber: person.phoneNumber,
      purpose: "registration",
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^Too many attempts\. Please try again in (\d+ seconds|1 minute)\.$/,
    );
    const other = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/send-phone-otp", {
      phoneNumber: "0209999999",
      purpose: "registration",
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe("This phone number is not on your account");
  });

  it("validates the code format and refuses a signed-out caller", async () => {
    const person = await registerWithPhone();
    const badFormat = await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phoneNumber,
      otp: "12ab56",
      purpose: "registration",
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fields.otp).toBe("OTP must be 6 digits");
    const signedOut = await sendAs(ctx.app, {}, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phoneNumber,
      otp: "123456",
      purpose: "registration",
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("resets a password with an SMS code sent to a verified phone", async () => {
    const person = await registerWithPhone();
    const token = await latestLinkTokenFor(ctx.database.db, person.email, "verify");
    await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-email", { token });
    const code = await latestSmsCodeFor(ctx.database.db, person.phone);
    await sendAs(ctx.app, person.cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: person.phone,
      otp: code,
      purpose: "registration",
    });

    clock.advance(61_000);
    await sendAs(ctx.app, {}, "POST", "/api/auth/forgot-password", { identifier: person.phoneNumber });
    const resetCode = await latestSmsCodeFor(ctx.database.db, person.phone);
    const reset = await sendAs(ctx.app, {}, "POST", "/api/auth/reset-password", {
      phoneNumber: person.phoneNumber,
      otp: resetCode,
      newPassword: "waakye-with-gari-9",
    });
    expect(reset.statusCode).toBe(200);
    expect((await sendAs(ctx.app, person.cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    const login = await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: person.email,
      password: "waakye-with-gari-9",
    });
    expect(login.statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, person.email));
    expect(await sumXpLedger(ctx.database.db, user!.id)).toBe(user!.xpPoints);
  });
});
