import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLinkTokenFor } from "../../test/outbox";
import {
  createTestContext,
  sendJson,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";

/**
 * docs/product-rules.md#accounts-wrong-passwords-across-addresses: past 100 wrong passwords in 24 hours
 * from every address together, a member's password is checked only on a device that signed in to the
 * account before; every other device is offered the sign-in link, its password unchecked.
 */
const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const knownCookie = "anigye_known";
const password = "plantain-chips-42";
let people = 0;

/** A registered member and the known-device cookie of the phone they registered on. */
async function newMember() {
  people++;
  const email = `guarded${people}@example.com`;
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { displayName: `Ama Guarded ${people}`, username: `guarded${people}`, email, password },
    remoteAddress: `10.90.${people}.1`,
    headers: { "x-requested-with": "anigye" },
  });
  expect(response.statusCode).toBe(200);
  return { email, device: deviceCookieOf(response)! };
}

function deviceCookieOf(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.find((cookie) => cookie.name === knownCookie)?.value;
}

let addresses = 0;
/** A fresh address each call: a guesser spreading over many addresses. */
const freshAddress = () => {
  addresses++;
  return `10.${100 + Math.floor(addresses / 65_000)}.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};

function loginFrom(address: string, email: string, guess: string, device?: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: guess },
    remoteAddress: address,
    cookies: device ? { [knownCookie]: device } : {},
    headers: { "x-requested-with": "anigye" },
  });
}

/** 100 wrong passwords from 100 addresses: the account's tries of the day are used up. */
async function useUpTheAccountsTries(email: string) {
  for (let i = 0; i < 100; i++) {
    expect((await loginFrom(freshAddress(), email, `guess-${i}-wrong`)).statusCode).toBe(401);
  }
}

const linkOffer = {
  code: "USE_SIGN_IN_LINK",
  message:
    "Too many wrong passwords were tried for this account, so we can't check a password on this device for now. Sign in with a link sent to your email instead.",
};

// Each test signs in 100 to 150 times (argon2 each time): minutes on a busy 2-core machine.
describe("a member's wrong passwords from every address together", { timeout: 240_000 }, () => {
  it("checks no more than 100: then the right password from a new device is refused with the link offer, like a wrong one", async () => {
    const { email } = await newMember();
    const answers: number[] = [];
    for (let i = 0; i < 150; i++) {
      answers.push((await loginFrom(freshAddress(), email, `guess-${i}-wrong`)).statusCode);
    }
    expect(answers.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(answers.slice(100).every((status) => status === 429)).toBe(true);

    const right = await loginFrom(freshAddress(), email, password);
    const wrong = await loginFrom(freshAddress(), email, "another-wrong-guess");
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(linkOffer);
    // Nothing tells a right password from a wrong one: same status, body and wait, and no session.
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.json()).toEqual(right.json());
    expect(wrong.headers["retry-after"]).toBe(right.headers["retry-after"]);
    expect(sessionCookieFrom(right)).toEqual({});
  });

  it("still checks the owner's password on a device that signed in to the account before, from any address", async () => {
    const { email, device } = await newMember();
    await useUpTheAccountsTries(email);
    expect((await loginFrom(freshAddress(), email, password)).json()).toEqual(linkOffer);

    const typo = await loginFrom(freshAddress(), email, "plantain-chips-24", device);
    expect(typo.statusCode).toBe(401);
    const owner = await loginFrom(freshAddress(), email, password, device);
    expect(owner.statusCode).toBe(200);
    expect(sessionCookieFrom(owner).anigye_sid).toBeTruthy();

    // The cookie is signed: one made up, or another account's, is a new device.
    const madeUp = await loginFrom(freshAddress(), email, password, `${device.split(".")[0]}.1.2.3`);
    expect(madeUp.json()).toEqual(linkOffer);
    const { device: othersDevice } = await newMember();
    expect((await loginFrom(freshAddress(), email, password, othersDevice)).json()).toEqual(linkOffer);
  });

  it("lets the owner in with the emailed sign-in link, which makes the device known", async () => {
    const { email } = await newMember();
    await useUpTheAccountsTries(email);

    const asked = await sendJson(ctx.app, "POST", "/api/auth/send-email-link", { email, purpose: "login" });
    expect(asked.statusCode).toBe(200);
    const token = await latestLinkTokenFor(ctx.database.db, email, "signin");
    const phone = freshAddress();
    const signedIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login/link",
      payload: { token },
      remoteAddress: phone,
      headers: { "x-requested-with": "anigye" },
    });
    expect(signedIn.statusCode).toBe(200);
    const device = deviceCookieOf(signedIn)!;
    expect(device).toBeTruthy();
    expect((await loginFrom(phone, email, password, device)).statusCode).toBe(200);
    expect((await loginFrom(phone, email, password)).json()).toEqual(linkOffer);
  });

  it("opens the password to new devices again once the 24 hours are over", async () => {
    const { email } = await newMember();
    await useUpTheAccountsTries(email);
    clock.advance(23 * 60 * 60_000);
    expect((await loginFrom(freshAddress(), email, password)).json()).toEqual(linkOffer);
    clock.advance(60 * 60_000 + 1000);
    expect((await loginFrom(freshAddress(), email, password)).statusCode).toBe(200);
  });

  it("gives the try back when the password was right, so the owner's own sign-ins never use the account's tries up", async () => {
    const { email } = await newMember();
    for (let i = 0; i < 99; i++) await loginFrom(freshAddress(), email, `guess-${i}-wrong`);
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(freshAddress(), email, password)).statusCode).toBe(200);
    expect((await loginFrom(freshAddress(), email, "last-wrong-guess")).statusCode).toBe(401);
    expect((await loginFrom(freshAddress(), email, password)).json()).toEqual(linkOffer);
  });

  it("checks exactly 100 when 150 guesses from 150 addresses arrive at once", async () => {
    const { email, device } = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => loginFrom(freshAddress(), email, `burst-${i}-wrong`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(100);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(50);
    expect(refused.every((answer) => answer.json().code === "USE_SIGN_IN_LINK")).toBe(true);
    expect((await loginFrom(freshAddress(), email, password, device)).statusCode).toBe(200);
  });
});
