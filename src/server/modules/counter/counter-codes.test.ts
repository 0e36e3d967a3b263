import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAccraDateTime } from "../../../shared/accra-time";
import {
  fraudDetection,
  loyaltyCheckIns,
  phoneCheckins,
  pointTransactions,
  qrScanLogs,
  redemptions,
  rewards,
} from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { watchingKit } from "../../test/watching";

// Codes at the counter: a reward's code shown again after use says when and by whom
// (docs/product-rules.md#rewards-already-redeemed), an idempotency key names one request only
// (docs/product-rules.md#conventions-idempotency-keys), and wrong typed codes are slowed
// (docs/product-rules.md#counter-wrong-typed-codes).
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let shops = 0;
let ads = 0;
let numbers = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "codes-counter-phone" };
const twi = { ...device, "accept-language": "tw" };

const shop = () => shopWithCounter(ctx, `codes-shop-${++shops}`);
const member = (name = "Ama Owusu") => signedInMember(ctx.database.db, "codes", { displayName: name });
const scan = (cookies: Record<string, string>, body: Record<string, unknown>, headers = device) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, headers);
const grant = (cookies: Record<string, string>, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/points", body, device);
const memberQr = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string; shortCode: string };
const rewardQr = async (cookies: Record<string, string>, rewardId: number) =>
  (await sendAs(ctx.app, cookies, "POST", `/api/rewards/${rewardId}/qr`)).json() as {
    qrData: string;
    typedCode: string;
  };

async function rewardAt(userId: number, companyId: number) {
  const ad = await kit.publishAd([`CODES-${++ads}`]);
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({ adId: ad.id, userId, companyId, rewardType: "discount", discountPercent: 10 })
    .returning();
  return row!;
}

/** A second staff member of the shop, signed in at the counter. */
async function colleague(counter: Awaited<ReturnType<typeof shop>>, name: string) {
  const added = await sendAs(ctx.app, counter.owner, "POST", `/api/companies/${counter.companyId}/staff`, {
    name,
    pin: "1357",
  });
  expect(added.statusCode, added.body).toBe(200);
  const login = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
    username: counter.username,
    staffName: name,
    pin: "1357",
  });
  expect(login.statusCode, login.body).toBe(200);
  return sessionCookieFrom(login);
}

describe("a reward's code shown again after it was used", () => {
  it("says when (Accra time) and by whom, typed or scanned, in English and Twi", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    const used = await scan(counter.staff, { qrData: shown.typedCode, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);
    const time = formatAccraDateTime(clock.now().toISOString());
    clock.advance(60_000);

    const typedAgain = await scan(counter.staff, { qrData: shown.typedCode, action: "redeem" });
    expect(typedAgain.statusCode).toBe(409);
    expect(typedAgain.json()).toMatchObject({
      code: "ALREADY_USED",
      message: `Already redeemed on ${time} by Esi.`,
    });
    expect(time).toMatch(/^23 Nov 2026, 9:00 am/);
    const scannedAgain = await scan(counter.staff, { qrData: shown.qrData, action: "redeem" });
    expect(scannedAgain.json()).toMatchObject({
      code: "ALREADY_USED",
      message: `Already redeemed on ${time} by Esi.`,
    });
    const inTwi = await scan(counter.staff, { qrData: shown.typedCode, action: "redeem" }, twi);
    expect(inTwi.json().message).toBe(twiOf("Already redeemed on {time} by {name}.", { time, name: "Esi" }));

    // Its QR's two minutes are long gone: still "already redeemed", not "expired".
    clock.advance(5 * 60_000);
    expect((await scan(counter.staff, { qrData: shown.qrData, action: "redeem" })).json().message).toBe(
      `Already redeemed on ${time} by Esi.`,
    );
    // Another shop learns nothing of it: its QR is for another shop, its typed code unknown there.
    const other = await shop();
    expect((await scan(other.staff, { qrData: shown.qrData, action: "redeem" })).json().code).toBe(
      "NOT_THIS_SHOP",
    );
    expect((await scan(other.staff, { qrData: shown.typedCode, action: "redeem" })).json().code).toBe(
      "UNKNOWN_CODE",
    );
    const used2 = await ctx.database.db.select().from(redemptions).where(eq(redemptions.rewardId, reward.id));
    expect(used2).toHaveLength(1);
  });

  it("says the customer marked it used online when they did", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    const own = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: reward.id,
      method: "self",
    });
    expect(own.statusCode, own.body).toBe(200);
    const time = formatAccraDateTime(clock.now().toISOString());
    for (const qrData of [shown.qrData, shown.typedCode]) {
      const again = await scan(counter.staff, { qrData, action: "redeem" });
      expect(again.json()).toMatchObject({
        code: "ALREADY_USED",
        message: `Already redeemed on ${time}: the customer marked it used online.`,
      });
    }
  });
});

describe("an idempotency key names one request", () => {
  it("a counter scan: the same body replays the first answer once; another body is refused and changes nothing", async () => {
    const counter = await shop();
    const ama = await member();
    const kofi = await member("Kofi Boateng");
    const body = { qrData: (await memberQr(ama.cookies)).qrData, action: "stamp", purchaseAmount: 30 };
    const idempotencyKey = "codes-scan-key-1";
    const first = await scan(counter.staff, { ...body, idempotencyKey });
    expect(first.statusCode, first.body).toBe(200);
    const again = await scan(counter.staff, { ...body, idempotencyKey });
    expect(again.json()).toMatchObject({ message: first.json().message, alreadyApplied: true });

    for (const changed of [
      { ...body, purchaseAmount: 45 },
      { ...body, action: "lookup" },
      { ...body, qrData: (await memberQr(kofi.cookies)).qrData },
    ]) {
      const reused = await scan(counter.staff, { ...changed, idempotencyKey });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        code: "IDEMPOTENCY_KEY_REUSED",
        message: "This idempotency key was already used with a different request.",
      });
    }
    const inTwi = await scan(counter.staff, { ...body, purchaseAmount: 45, idempotencyKey }, twi);
    expect(inTwi.json().message).toBe(
      twiOf("This idempotency key was already used with a different request."),
    );
    const stamps = await ctx.database.db
      .select()
      .from(loyaltyCheckIns)
      .where(eq(loyaltyCheckIns.companyId, counter.companyId));
    expect(stamps.map((row) => row.userId)).toEqual([ama.user.id]);
    const logged = await ctx.database.db
      .select()
      .from(qrScanLogs)
      .where(eq(qrScanLogs.companyId, counter.companyId));
    expect(logged).toHaveLength(1);
  });

  it("a refused scan: the same body gets the same refusal; another body is refused as reused", async () => {
    const counter = await shop();
    const body = { qrData: "NOPE-NOT-A-CODE", action: "lookup", idempotencyKey: "codes-scan-key-2" };
    expect((await scan(counter.staff, body)).json().code).toBe("UNKNOWN_CODE");
    expect((await scan(counter.staff, body)).json().code).toBe("UNKNOWN_CODE");
    expect((await scan(counter.staff, { ...body, action: "stamp" })).json().code).toBe(
      "IDEMPOTENCY_KEY_REUSED",
    );
  });

  it("a point grant: the same body gives the points once; another body is refused and gives nothing", async () => {
    const counter = await shop();
    const ama = await member();
    const body = {
      qrData: (await memberQr(ama.cookies)).qrData,
      points: 10,
      idempotencyKey: "codes-points-1",
    };
    const first = await grant(counter.staff, body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await grant(counter.staff, body)).json()).toMatchObject({ points: 10, alreadyApplied: true });
    const reused = await grant(counter.staff, { ...body, points: 90 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    const credited = await ctx.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.toUserId, ama.user.id));
    expect(credited.map((row) => row.points)).toEqual([10]);
  });

  it("a phone check-in: the same body gets the same check-in and no second SMS; another body is refused", async () => {
    const counter = await shop();
    const number = () => `+23324880${String(++numbers).padStart(4, "0")}`;
    const phoneNumber = number();
    const body = { phoneNumber, action: "points", points: 5, idempotencyKey: "codes-phone-key-1" };
    const send = (payload: Record<string, unknown>) =>
      sendAs(ctx.app, counter.staff, "POST", "/api/merchant/phone-checkins", payload, device);
    const first = await send(body);
    expect(first.statusCode, first.body).toBe(201);
    // The number as staff typed it the first time or another way: the same request.
    const again = await send({ ...body, phoneNumber: `0${phoneNumber.slice(4)}` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());

    const otherNumber = number();
    for (const changed of [
      { ...body, points: 50 },
      { ...body, action: "stamp", purchaseAmount: 30 },
      { ...body, phoneNumber: otherNumber },
    ]) {
      const reused = await send(changed);
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    }
    const made = await ctx.database.db
      .select()
      .from(phoneCheckins)
      .where(eq(phoneCheckins.companyId, counter.companyId));
    expect(made.map((row) => [row.phoneNumber, row.points])).toEqual([[phoneNumber, 5]]);
  });

  it("two copies with one key and different bodies at once: one is applied, the other refused", async () => {
    const counter = await shop();
    const ama = await member();
    const qrData = (await memberQr(ama.cookies)).qrData;
    const answers = await Promise.all(
      [10, 20, 30, 40].map((points) =>
        grant(counter.staff, { qrData, points, idempotencyKey: "codes-points-race" }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    const credited = await ctx.database.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.toUserId, ama.user.id));
    expect(credited).toHaveLength(1);
  });
});

describe("wrong typed codes at the counter", () => {
  const wrongCode = (n: number) => `ZZ${String.fromCharCode(65 + (n % 8))}${"XYZW"[n % 4]}QR`.slice(0, 6);

  it("slows a staff member after 10 wrong codes, with a wait that grows, then lets a right code in", async () => {
    const counter = await shop();
    const ama = await member();
    for (let i = 0; i < 10; i++) {
      const wrong = await scan(counter.staff, { qrData: wrongCode(i), action: "lookup" });
      expect(wrong.statusCode, `wrong code ${i + 1}`).toBe(404);
    }
    // The 11th typed code waits 5 s: even a right one.
    const slowed = await scan(counter.staff, { qrData: wrongCode(10), action: "lookup" });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers["retry-after"]).toBe("5");
    expect(slowed.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Too many wrong codes. Try again in 5 seconds. Scanning a QR still works.",
    });
    const right = () => memberQr(ama.cookies).then((qr) => qr.shortCode);
    expect((await scan(counter.staff, { qrData: await right(), action: "lookup" })).statusCode).toBe(429);
    const inTwi = await scan(counter.staff, { qrData: wrongCode(11), action: "lookup" }, twi);
    expect(inTwi.json().message).toBe(
      twiOf(
        "Too many wrong codes. Try again in {seconds, plural, one {# second} other {# seconds}}. Scanning a QR still works.",
        { seconds: 5 },
      ),
    );
    // A scanned QR is never slowed.
    const camera = await scan(counter.staff, {
      qrData: (await memberQr(ama.cookies)).qrData,
      action: "lookup",
    });
    expect(camera.statusCode, camera.body).toBe(200);

    // After the wait one more wrong code is checked, and the next wait is twice as long.
    clock.advance(5_000);
    expect((await scan(counter.staff, { qrData: wrongCode(12), action: "lookup" })).statusCode).toBe(404);
    const longer = await scan(counter.staff, { qrData: wrongCode(13), action: "lookup" });
    expect(longer.statusCode).toBe(429);
    expect(longer.headers["retry-after"]).toBe("10");
    clock.advance(4_000);
    expect(
      (await scan(counter.staff, { qrData: await right(), action: "lookup" })).headers["retry-after"],
    ).toBe("6");

    // After the wait a right code works, and it doesn't count as wrong: the next one is let in too.
    clock.advance(6_000);
    const works = await scan(counter.staff, { qrData: await right(), action: "lookup" });
    expect(works.statusCode, works.body).toBe(200);
    const worksAgain = await scan(counter.staff, { qrData: await right(), action: "lookup" });
    expect(worksAgain.statusCode, worksAgain.body).toBe(200);

    // Each wrong code is still logged (and flagged when it comes in a burst); the review got one signal.
    const logged = await ctx.database.db
      .select()
      .from(qrScanLogs)
      .where(and(eq(qrScanLogs.companyId, counter.companyId), eq(qrScanLogs.resultCode, "UNKNOWN_CODE")));
    expect(logged).toHaveLength(11);
    const signals = await ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.eventType, "counter_code_guessing"));
    expect(
      signals.filter((s) => (s.suspiciousActivity as { companyId: number }).companyId === counter.companyId),
    ).toHaveLength(1);
  });

  it("caps the wait at a minute", async () => {
    const counter = await shop();
    let wait = "0";
    for (let i = 0; i < 20; i++) {
      const answer = await scan(counter.staff, { qrData: wrongCode(i), action: "lookup" });
      if (answer.statusCode === 429) {
        wait = answer.headers["retry-after"] as string;
        clock.advance(Number(wait) * 1000);
      }
    }
    expect(wait).toBe("60");
  });

  it("slows the device and the staff member, never a colleague on another phone", async () => {
    const counter = await shop();
    const yaa = await colleague(counter, "Yaa");
    const ama = await member();
    for (let i = 0; i < 10; i++) await scan(counter.staff, { qrData: wrongCode(i), action: "lookup" });
    // Yaa on the same phone waits too; Yaa on her own phone doesn't, and Esi on another phone does.
    expect((await scan(yaa, { qrData: wrongCode(1), action: "lookup" })).statusCode).toBe(429);
    const ownPhone = { "x-device-fingerprint": "yaas-phone" };
    const code = (await memberQr(ama.cookies)).shortCode;
    const elsewhere = await scan(yaa, { qrData: code, action: "lookup" }, ownPhone);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await scan(counter.staff, { qrData: wrongCode(2), action: "lookup" }, ownPhone)).statusCode).toBe(
      429,
    );
    // Another shop's counter is untouched.
    const other = await shop();
    const code2 = (await memberQr(ama.cookies)).shortCode;
    expect((await scan(other.staff, { qrData: code2, action: "lookup" })).statusCode).toBe(200);
  });

  it("counts typed codes at the points grant too, and a resent wrong code replays its answer uncounted", async () => {
    const counter = await shop();
    for (let i = 0; i < 9; i++) {
      const body = { qrData: wrongCode(i), points: 5, idempotencyKey: `codes-wrong-${shops}-${i}` };
      expect((await grant(counter.staff, body)).statusCode).toBe(404);
      expect((await grant(counter.staff, body)).statusCode).toBe(404);
    }
    expect((await grant(counter.staff, { qrData: wrongCode(9), points: 5 })).statusCode).toBe(404);
    expect((await grant(counter.staff, { qrData: wrongCode(10), points: 5 })).statusCode).toBe(429);
  });

  it("lets at most 10 of 40 parallel wrong codes from one counter be checked", async () => {
    const counter = await shop();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => scan(counter.staff, { qrData: wrongCode(i), action: "lookup" })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 404).every((status) => status === 429)).toBe(true);
    expect(statuses.some((status) => status >= 500)).toBe(false);
  });
});
