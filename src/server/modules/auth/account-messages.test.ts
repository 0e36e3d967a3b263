import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema/outbox";
import { latestLinkTokenFor, latestSmsCodeFor } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";

/**
 * docs/product-rules.md#accounts-messages-a-stranger-can-cause: anyone may ask for a member's sign-in
 * link or password reset, from any number of addresses; the account is sent at most 3 an hour and 10 a
 * day, every request is answered as if sent, and the newest link or code sent keeps getting the owner in.
 */
const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const password = "plantain-chips-42";
let people = 0;
let addresses = 0;
const freshAddress = () => {
  addresses++;
  return `10.60.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

function post(url: string, payload: Record<string, unknown>, address = freshAddress()) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: address,
    headers: { "x-requested-with": "anigye" },
  });
}

async function newMember(phoneNumber?: string) {
  people++;
  const email = `asked${people}@example.com`;
  const response = await post("/api/auth/register", {
    displayName: `Kojo Asked ${people}`,
    username: `asked${people}`,
    email,
    password,
    ...(phoneNumber ? { phoneNumber } : {}),
  });
  expect(response.statusCode).toBe(200);
  return { email, cookies: { anigye_sid: response.cookies.find((c) => c.name === "anigye_sid")!.value } };
}

/** How many messages with this subject (or SMS texts containing it) the recipient was sent. */
async function sentCount(recipient: string, wording: string, channel: "email" | "sms" = "email") {
  await ctx.drainMessages({ allDue: true });
  const rows = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)));
  return rows.filter((row) =>
    channel === "email" ? row.subject === wording : row.textBody.includes(wording),
  ).length;
}

const askForSignInLink = (email: string, address?: string) =>
  post("/api/auth/send-email-link", { email, purpose: "login" }, address);
const signInWith = (token: string) => post("/api/auth/login/link", { token });
const signInLinkSubject = "Your Anigye sign-in link";
const signInLinkAnswer = {
  success: true,
  message: "If an account matches, we've sent a sign-in link. It works once, for 15 minutes.",
};

describe("sign-in links a stranger asks for", () => {
  it("answers every request as if sent, sends 3 an hour, and keeps the first link working", async () => {
    const { email } = await newMember();
    const first = await askForSignInLink(email);
    const firstToken = await latestLinkTokenFor(ctx.database.db, email, "signin");
    const answers = [first];
    for (let i = 0; i < 9; i++) answers.push(await askForSignInLink(email));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(signInLinkAnswer);
    }
    expect(await sentCount(email, signInLinkSubject)).toBe(3);
    // No request killed the link already in the inbox.
    expect((await signInWith(firstToken)).statusCode).toBe(200);
  });

  it("keeps the newest link working for the owner long after its 15 minutes, while strangers keep asking", async () => {
    const { email } = await newMember();
    for (let i = 0; i < 3; i++) await askForSignInLink(email);
    const newest = await latestLinkTokenFor(ctx.database.db, email, "signin");
    clock.advance(40 * 60_000);
    // The owner (or a stranger) asks again: nothing new is sent, the newest link works for 15 more minutes.
    expect((await askForSignInLink(email)).json()).toEqual(signInLinkAnswer);
    expect(await sentCount(email, signInLinkSubject)).toBe(3);
    clock.advance(14 * 60_000);
    expect((await signInWith(newest)).statusCode).toBe(200);
  });

  it("sends at most 10 a day however the requests are spread over the hours", async () => {
    const { email } = await newMember();
    for (let hour = 0; hour < 23; hour++) {
      for (let i = 0; i < 4; i++) await askForSignInLink(email);
      clock.advance(60 * 60_000);
    }
    expect(await sentCount(email, signInLinkSubject)).toBe(10);
    clock.advance(60 * 60_000);
    await askForSignInLink(email);
    expect(await sentCount(email, signInLinkSubject)).toBe(11);
  });

  it("limits a stranger's own address, never the owner asking from another", async () => {
    const { email } = await newMember();
    const stranger = freshAddress();
    const fromStranger = [];
    for (let i = 0; i < 12; i++) fromStranger.push((await askForSignInLink(email, stranger)).statusCode);
    expect(fromStranger.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(fromStranger.slice(10).every((status) => status === 429)).toBe(true);
    const owner = await askForSignInLink(email);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual(signInLinkAnswer);
    const newest = await latestLinkTokenFor(ctx.database.db, email, "signin");
    expect((await signInWith(newest)).statusCode).toBe(200);
  });

  it("sends a new link past the cap only once the owner has used the newest one", async () => {
    const { email } = await newMember();
    for (let i = 0; i < 4; i++) await askForSignInLink(email);
    expect(await sentCount(email, signInLinkSubject)).toBe(3);
    expect((await signInWith(await latestLinkTokenFor(ctx.database.db, email, "signin"))).statusCode).toBe(
      200,
    );
    await askForSignInLink(email);
    await askForSignInLink(email);
    expect(await sentCount(email, signInLinkSubject)).toBe(4);
    expect((await signInWith(await latestLinkTokenFor(ctx.database.db, email, "signin"))).statusCode).toBe(
      200,
    );
  });

  it("never brings back a link a new password ended; a link asked for after it is sent past the cap", async () => {
    const { email, cookies } = await newMember();
    for (let i = 0; i < 3; i++) await askForSignInLink(email);
    const ended = await latestLinkTokenFor(ctx.database.db, email, "signin");
    const changed = await sendAs(ctx.app, cookies, "POST", "/api/profile/password", {
      currentPassword: password,
      newPassword: "waakye-on-sunday",
    });
    expect(changed.statusCode).toBe(200);
    await askForSignInLink(email);
    expect(await sentCount(email, signInLinkSubject)).toBe(4);
    expect((await signInWith(ended)).statusCode).toBe(400);
    await askForSignInLink(email);
    expect(await sentCount(email, signInLinkSubject)).toBe(4);
    expect((await signInWith(await latestLinkTokenFor(ctx.database.db, email, "signin"))).statusCode).toBe(
      200,
    );
  });
});

describe("password resets a stranger asks for", () => {
  const resetSubject = "Reset your Anigye password";
  const resetAnswer = {
    success: true,
    message: "If an account matches, we've sent instructions to reset your password.",
  };

  it("answers every email reset as if sent, sends 3 an hour, and the newest link works after its hour", async () => {
    const { email } = await newMember();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await post("/api/auth/forgot-password", { identifier: email }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(resetAnswer);
    }
    expect(await sentCount(email, resetSubject)).toBe(3);
    const newest = await latestLinkTokenFor(ctx.database.db, email, "reset");
    clock.advance(50 * 60_000);
    await post("/api/auth/forgot-password", { identifier: email });
    expect(await sentCount(email, resetSubject)).toBe(3);
    // 80 minutes after it was sent: its hour is over, the request past the cap kept it working.
    clock.advance(30 * 60_000);
    const reset = await post("/api/auth/reset-password", { token: newest, newPassword: "kelewele-at-night" });
    expect(reset.statusCode).toBe(200);
  });

  it("texts 3 reset codes an hour to a verified phone, answers every request alike, and the newest code works", async () => {
    const phone = `+2332445${String(people).padStart(5, "0")}`;
    const { email, cookies } = await newMember(phone);
    const registrationCode = await latestSmsCodeFor(ctx.database.db, phone);
    const verified = await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: phone,
      otp: registrationCode,
      purpose: "registration",
    });
    expect(verified.statusCode).toBe(200);
    expect(email).toBeTruthy();

    const answers = [];
    for (let i = 0; i < 8; i++) {
      clock.advance(61_000);
      answers.push(await post("/api/auth/forgot-password", { identifier: phone }));
    }
    for (const answer of answers) expect(answer.json()).toEqual(resetAnswer);
    expect(await sentCount(phone, "Your Anigye code is", "sms")).toBe(1 + 3);
    const newest = await latestSmsCodeFor(ctx.database.db, phone);
    clock.advance(30 * 60_000);
    const byApp = await post("/api/auth/send-phone-otp", { phoneNumber: phone, purpose: "password_reset" });
    expect(byApp.statusCode).toBe(200);
    expect(await sentCount(phone, "Your Anigye code is", "sms")).toBe(4);
    const reset = await post("/api/auth/reset-password", {
      phoneNumber: phone,
      otp: newest,
      newPassword: "kelewele-at-night",
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe("verification emails a stranger asks for", () => {
  it("answers alike and sends the account at most 3 in the hour", async () => {
    const { email } = await newMember();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await post("/api/auth/send-email-link", { email, purpose: "registration" }));
    }
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // The registration's own email, and 3 asked for.
    expect(await sentCount(email, "Verify your email for Anigye")).toBe(4);
  });
});
