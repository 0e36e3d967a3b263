import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../db/schema/companies";
import { outboxMessages } from "../../db/schema/outbox";
import { createCompany } from "../../db/seed/factories";
import { latestOutboxMessage } from "../../test/outbox";
import { createTestContext, sessionCookieFrom, type TestContext, testClock } from "../../test/test-app";

/**
 * A business's sign-in against strangers: its wrong passwords from every address together
 * (docs/product-rules.md#accounts-wrong-passwords-across-addresses) and the sign-in links and two-step
 * codes anyone can make it send (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 */
const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const password = "shop-password-1";
const knownCookie = "anigye_known_business";
let shops = 0;
let addresses = 0;
const freshAddress = () => {
  addresses++;
  return `10.${110 + Math.floor(addresses / 62_500)}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};

async function newShop(fields: { contactEmail?: string | null; contactPhone?: string | null } = {}) {
  shops++;
  const username = `guarded-shop-${shops}`;
  const company = await createCompany(ctx.database.db, {
    username,
    password,
    contactEmail: `guarded-shop-${shops}@example.com`,
    ...fields,
  });
  return { company, username, email: company.contactEmail };
}

function post(url: string, payload: Record<string, unknown>, cookies: Record<string, string> = {}) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload,
    cookies,
    remoteAddress: freshAddress(),
    headers: { "x-requested-with": "anigye" },
  });
}

const login = (username: string, guess: string, device?: string) =>
  post("/api/companies/login", { username, password: guess }, device ? { [knownCookie]: device } : {});
const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name)?.value;

async function sentTo(recipient: string, channel: "email" | "sms" = "email") {
  await ctx.drainMessages({ allDue: true });
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(outboxMessages.id);
}

const linkOffer = {
  code: "USE_SIGN_IN_LINK",
  message:
    "Too many wrong passwords were tried for this account, so we can't check a password on this device for now. Ask for a sign-in link instead.",
};

describe("a business's wrong passwords from every address together", { timeout: 240_000 }, () => {
  it("checks no more than 100; then only the owner's known device may use the password, and the link still works", async () => {
    const { username, email } = await newShop();
    const owner = await login(username, password);
    expect(owner.statusCode).toBe(200);
    const device = cookieOf(owner, knownCookie)!;
    expect(device).toBeTruthy();

    const answers: number[] = [];
    for (let i = 0; i < 150; i++) answers.push((await login(username, `guess-${i}-wrong`)).statusCode);
    expect(answers.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(answers.slice(100).every((status) => status === 429)).toBe(true);

    const right = await login(username, password);
    const wrong = await login(username, "yet-another-guess");
    expect(right.json()).toEqual(linkOffer);
    expect(wrong.json()).toEqual(right.json());
    expect(sessionCookieFrom(right)).toEqual({});

    const fromKnownDevice = await login(username, password, device);
    expect(fromKnownDevice.statusCode).toBe(200);
    expect(sessionCookieFrom(fromKnownDevice).anigye_biz).toBeTruthy();

    expect((await post("/api/companies/send-login-link", { username })).statusCode).toBe(200);
    const mail = (await latestOutboxMessage(ctx.database.db, email!, "email"))!;
    const token = decodeURIComponent(mail.textBody.match(/[?&]signin=([A-Za-z0-9_%-]+)/)![1]!);
    const byLink = await post("/api/companies/login/link", { token });
    expect(byLink.statusCode).toBe(200);
    // The phone that opened the link is known from now on.
    expect((await login(username, password, cookieOf(byLink, knownCookie))).statusCode).toBe(200);
  });

  it("answers a made-up username past the limit exactly as a real one", async () => {
    const { username } = await newShop();
    for (let i = 0; i < 100; i++) await login(username, `guess-${i}-wrong`);
    for (let i = 0; i < 100; i++) await login("no-such-shop-here", `guess-${i}-wrong`);
    expect((await login("no-such-shop-here", password)).json()).toEqual(
      (await login(username, password)).json(),
    );
  });
});

describe("sign-in links and codes anyone can make a business send", () => {
  const linkAnswer = {
    success: true,
    message: "If the username matches a business, we've sent a sign-in link to its email or phone.",
  };

  it("answers every link request as if sent, emails 3 an hour, and the newest link keeps working", async () => {
    const { username, email } = await newShop();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await post("/api/companies/send-login-link", { username }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(linkAnswer);
    }
    expect(await sentTo(email!)).toHaveLength(3);
    const newest = (await latestOutboxMessage(ctx.database.db, email!, "email"))!;
    const token = decodeURIComponent(newest.textBody.match(/[?&]signin=([A-Za-z0-9_%-]+)/)![1]!);
    clock.advance(40 * 60_000);
    await post("/api/companies/send-login-link", { username });
    expect(await sentTo(email!)).toHaveLength(3);
    clock.advance(10 * 60_000);
    expect((await post("/api/companies/login/link", { token })).statusCode).toBe(200);
  });

  it("texts a business without an email 3 links an hour at most", async () => {
    const phone = `+2332446${String(shops + 1).padStart(5, "0")}`;
    const { username } = await newShop({ contactEmail: null, contactPhone: phone });
    for (let i = 0; i < 6; i++) {
      expect((await post("/api/companies/send-login-link", { username })).json()).toEqual(linkAnswer);
    }
    expect(await sentTo(phone, "sms")).toHaveLength(3);
  });

  it("sends the two-step code 3 times an hour; past that the sign-in points at the newest code, which works", async () => {
    const { company, username, email } = await newShop();
    await ctx.database.db.update(companies).set({ otpEnabled: true }).where(eq(companies.id, company.id));

    const signIns = [];
    for (let i = 0; i < 5; i++) signIns.push(await login(username, password));
    for (const signIn of signIns) {
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json()).toMatchObject({ requiresOtp: true, company: null });
      expect(signIn.json().message).toBe(signIns[0]!.json().message);
    }
    const codes = await sentTo(email!);
    expect(codes).toHaveLength(3);
    const newestCode = codes.at(-1)!.textBody.match(/\b(\d{6})\b/)![1]!;

    clock.advance(12 * 60_000);
    const last = await login(username, password);
    expect(await sentTo(email!)).toHaveLength(3);
    const pending = cookieOf(last, "anigye_company_code")!;
    const verified = await post(
      "/api/companies/login/code",
      { code: newestCode },
      { anigye_company_code: pending },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().company.id).toBe(company.id);
  });
});
