import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fraudDetection,
  heldPhoneRewards,
  ledgerEntries,
  loyaltyCheckIns,
  outboxMessages,
  phoneCheckins,
  users,
} from "../../db/schema";
import { shopWithCounter, stampsOf } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { latestOutboxMessage, latestSmsCodeFor } from "../../test/outbox";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { memberRisk } from "../fraud";

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let shops = 0;
let numbers = 0;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "counter-phone-by-number" };

async function shop(program: Record<string, unknown> = {}) {
  const counter = await shopWithCounter(ctx, `phone-shop-${++shops}`, program);
  const me = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/me");
  return { ...counter, companyName: me.json().actor.companyName as string };
}

/** A fresh Ghana mobile number, as staff might type it and as it is stored. */
function newNumber() {
  numbers++;
  const local = `02470${String(numbers).padStart(5, "0")}`;
  return {
    typed: `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    e164: `+233${local.slice(1)}`,
  };
}

/** A member who has verified their phone number. */
async function memberWithPhone(name = "Ama Owusu") {
  const phone = newNumber();
  const member = await signedInMember(ctx.database.db, "phone", {
    displayName: name,
    phoneNumber: phone.e164,
    isPhoneVerified: true,
  });
  return { ...member, phone };
}

const key = () => `phone-key-${++keys}-${Date.now()}`;

function send(cookies: Record<string, string>, body: Record<string, unknown>) {
  return sendAs(ctx.app, cookies, "POST", "/api/merchant/phone-checkins", body, device);
}
function confirm(cookies: Record<string, string>, id: number, body: unknown, headers = {}) {
  return sendAs(ctx.app, cookies, "POST", `/api/merchant/phone-checkins/${id}/confirm`, body, {
    ...device,
    ...headers,
  });
}

async function sentCode(
  cookies: Record<string, string>,
  phone: { typed: string; e164: string },
  body: Record<string, unknown> = { action: "stamp", purchaseAmount: 25 },
) {
  const sent = await send(cookies, { phoneNumber: phone.typed, idempotencyKey: key(), ...body });
  expect(sent.statusCode, sent.body).toBe(201);
  return { id: sent.json().id as number, code: await latestSmsCodeFor(ctx.database.db, phone.e164) };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function smsCount(phone: string) {
  await ctx.drainMessages();
  const rows = await ctx.database.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")));
  return rows.length;
}

describe("a stamp by phone number for a member who verified it", () => {
  it("texts a code from the shop and stamps the card when staff type it back, as a QR scan would", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const idempotencyKey = key();
    const body = { phoneNumber: ama.phone.typed, action: "stamp", purchaseAmount: 25, idempotencyKey };
    const sent = await send(counter.staff, body);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      status: "code_sent",
      maskedPhone: `+233 ${ama.phone.e164.slice(4, 6)} *** **${ama.phone.e164.slice(-2)}`,
      expiresAt: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    const sms = await latestOutboxMessage(ctx.database.db, ama.phone.e164, "sms");
    expect(sms?.textBody).toMatch(
      new RegExp(
        `^${counter.companyName}: your Anigye code is \\d{6}, valid 5 minutes. Read it to the cashier for a stamp on your loyalty card.$`,
        "i",
      ),
    );

    // The same request again (a dropped answer): the same check-in, and no second SMS.
    const again = await send(counter.staff, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(sent.json());
    expect(await smsCount(ama.phone.e164)).toBe(1);

    const code = await latestSmsCodeFor(ctx.database.db, ama.phone.e164);
    const confirmed = await confirm(counter.staff, sent.json().id, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      ok: true,
      held: false,
      action: "stamp",
      alreadyApplied: false,
      message: "Stamp 1 of 3 for Ama.",
      member: { displayName: "Ama" },
      card: { currentStamps: 1, requiredStamps: 3 },
      claimUntil: null,
    });
    expect(await stampsOf(ctx.database.db, ama.user.id, counter.companyId)).toBe(1);
    const [checkIn] = await ctx.database.db
      .select()
      .from(loyaltyCheckIns)
      .where(eq(loyaltyCheckIns.userId, ama.user.id));
    expect(checkIn?.verificationMethod).toBe("phone");

    // A resent confirm gets the same answer and stamps nothing more.
    const replay = await confirm(counter.staff, sent.json().id, { code });
    expect(replay.json()).toMatchObject({ message: "Stamp 1 of 3 for Ama.", alreadyApplied: true });
    expect(await stampsOf(ctx.database.db, ama.user.id, counter.companyId)).toBe(1);

    // The counter's log and the dashboard see it.
    const log = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/log");
    expect(log.json()[0]).toMatchObject({ action: "stamp", accepted: true, memberName: "Ama" });
  });

  it("says it in Twi to a counter working in Twi", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const { id, code } = await sentCode(counter.staff, ama.phone);
    const confirmed = await confirm(counter.staff, id, { code }, { "accept-language": "tw" });
    expect(confirmed.json().message).toBe(
      twiOf("Stamp {current} of {required} for {name}.", {
        current: 1,
        required: 3,
        name: "Ama",
      }),
    );
  });

  it("applies every rule of a QR scan: minimum spend, the day's stamp, a suspended member", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const below = await send(counter.staff, {
      phoneNumber: ama.phone.typed,
      action: "stamp",
      purchaseAmount: 5,
      idempotencyKey: key(),
    });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: "BELOW_MINIMUM" });
    expect(await smsCount(ama.phone.e164)).toBe(0);

    const first = await sentCode(counter.staff, ama.phone);
    expect((await confirm(counter.staff, first.id, { code: first.code })).statusCode).toBe(200);
    const second = await sentCode(counter.staff, ama.phone);
    const refused = await confirm(counter.staff, second.id, { code: second.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "DAILY_LIMIT",
      message: "Ama already got today's stamp here. Come back tomorrow!",
    });
    // The refusal is the answer to a resend too.
    expect((await confirm(counter.staff, second.id, { code: second.code })).json().code).toBe("DAILY_LIMIT");
    expect(await stampsOf(ctx.database.db, ama.user.id, counter.companyId)).toBe(1);

    const kofi = await memberWithPhone("Kofi Mensah");
    const third = await sentCode(counter.staff, kofi.phone);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, kofi.user.id));
    const suspended = await confirm(counter.staff, third.id, { code: third.code });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe("MEMBER_SUSPENDED");
  });

  it("gives points by phone from the shop's allocation", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const sent = await send(counter.staff, {
      phoneNumber: ama.phone.e164,
      action: "points",
      points: 10,
      idempotencyKey: key(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sms = await latestOutboxMessage(ctx.database.db, ama.phone.e164, "sms");
    expect(sms?.textBody).toMatch(/Read it to the cashier for 10 points\.$/);
    const code = await latestSmsCodeFor(ctx.database.db, ama.phone.e164);
    const confirmed = await confirm(counter.staff, sent.json().id, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      held: false,
      action: "points",
      points: 10,
      message: "10 points for Ama.",
      member: { displayName: "Ama" },
      memberPointsToday: 10,
    });
    const credits = await ctx.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ama.user.id), eq(ledgerEntries.currency, "prize_points")));
    expect(credits.map((c) => c.amount)).toEqual([10]);

    const missing = await send(counter.staff, {
      phoneNumber: ama.phone.e164,
      action: "points",
      idempotencyKey: key(),
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe("codes: wrong, closed, expired, missing", () => {
  it("refuses a missing code, counts wrong ones with the tries left, and closes after 5", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const { id, code } = await sentCode(counter.staff, ama.phone);
    expect((await confirm(counter.staff, id, {})).statusCode).toBe(400);
    expect((await confirm(counter.staff, id, { code: "12" })).statusCode).toBe(400);

    const first = await confirm(counter.staff, id, { code: wrong(code) });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe("Wrong code. 4 tries left.");
    for (let i = 0; i < 2; i++) await confirm(counter.staff, id, { code: wrong(code) });
    expect((await confirm(counter.staff, id, { code: wrong(code) })).json().message).toBe(
      "Wrong code. 1 try left.",
    );
    const fifth = await confirm(counter.staff, id, { code: wrong(code) });
    expect(fifth.json().message).toContain("That was the 5th wrong code");
    const right = await confirm(counter.staff, id, { code });
    expect(right.statusCode).toBe(409);
    expect(right.json().message).toBe(
      "This check-in is closed after 5 wrong codes. Send the customer a new code.",
    );
    expect(await stampsOf(ctx.database.db, ama.user.id, counter.companyId)).toBe(0);
  });

  it("counts at most 5 of 20 parallel wrong codes", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const { id, code } = await sentCode(counter.staff, ama.phone);
    await Promise.all(Array.from({ length: 20 }, () => confirm(counter.staff, id, { code: wrong(code) })));
    const [row] = await ctx.database.db.select().from(phoneCheckins).where(eq(phoneCheckins.id, id));
    expect(row?.wrongAttempts).toBe(5);
    expect((await confirm(counter.staff, id, { code })).statusCode).toBe(409);
  });

  it("lets a code expire after 5 minutes", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const { id, code } = await sentCode(counter.staff, ama.phone);
    clock.advance(5 * 60_000 + 1);
    const late = await confirm(counter.staff, id, { code });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "This code has expired (codes last 5 minutes). Send the customer a new code.",
    );
  });

  it("sends at most 3 codes to one number from one shop in an hour, and other shops still can", async () => {
    const counter = await shop();
    const other = await shop();
    const target = newNumber();
    for (let i = 0; i < 3; i++) await sentCode(counter.staff, target);
    const fourth = await send(counter.staff, {
      phoneNumber: target.typed,
      action: "stamp",
      purchaseAmount: 25,
      idempotencyKey: key(),
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toContain("already got 3 codes from this shop");
    expect(
      (
        await send(other.staff, {
          phoneNumber: target.typed,
          action: "stamp",
          purchaseAmount: 25,
          idempotencyKey: key(),
        })
      ).statusCode,
    ).toBe(201);
    clock.advance(60 * 60_000 + 1);
    await sentCode(counter.staff, target);
  });
});

describe("who may", () => {
  it("lets the owner send and confirm, and refuses members, strangers and other shops", async () => {
    const counter = await shop();
    const other = await shop();
    const ama = await memberWithPhone();
    const body = { phoneNumber: ama.phone.typed, action: "stamp", purchaseAmount: 25 };
    expect((await send({}, { ...body, idempotencyKey: key() })).statusCode).toBe(401);
    expect([401, 403]).toContain((await send(ama.cookies, { ...body, idempotencyKey: key() })).statusCode);

    const { id, code } = await sentCode(counter.owner, ama.phone);
    const fromOtherShop = await confirm(other.staff, id, { code });
    expect(fromOtherShop.statusCode).toBe(404);
    expect([401, 403]).toContain((await confirm(ama.cookies, id, { code })).statusCode);
    const byOwner = await confirm(counter.owner, id, { code });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().card.currentStamps).toBe(1);
  });
});

describe("races", () => {
  it("stamps once for 20 parallel confirms of one check-in, each answered with the stamp", async () => {
    const counter = await shop();
    const ama = await memberWithPhone();
    const { id, code } = await sentCode(counter.staff, ama.phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(counter.staff, id, { code })));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().message).toBe("Stamp 1 of 3 for Ama.");
    }
    expect(answers.filter((a) => !a.json().alreadyApplied)).toHaveLength(1);
    expect(await stampsOf(ctx.database.db, ama.user.id, counter.companyId)).toBe(1);
    const checkIns = await ctx.database.db
      .select()
      .from(loyaltyCheckIns)
      .where(eq(loyaltyCheckIns.userId, ama.user.id));
    expect(checkIns).toHaveLength(1);
  });

  it("holds once for 20 parallel confirms for a number nobody verified", async () => {
    const counter = await shop();
    const stranger = newNumber();
    const { id, code } = await sentCode(counter.staff, stranger);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(counter.staff, id, { code })));
    for (const answer of answers) expect(answer.json()).toMatchObject({ held: true });
    const held = await ctx.database.db
      .select()
      .from(heldPhoneRewards)
      .where(eq(heldPhoneRewards.phoneNumber, stranger.e164));
    expect(held).toHaveLength(1);
    // The code, and one invite.
    expect(await smsCount(stranger.e164)).toBe(2);
  });
});

describe("held for a number no member has verified", () => {
  async function register(phone: { typed: string; e164: string }, label: string) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        displayName: `Yaw ${label}`,
        username: `yaw${label}`,
        email: `yaw${label}@example.com`,
        phoneNumber: phone.typed,
        password: "kelewele-and-groundnuts",
      },
      remoteAddress: `10.9.0.${numbers % 250}`,
      headers: { "x-requested-with": "anigye" },
    });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieFrom(response);
  }

  it("holds the stamp and points 30 days, invites once, and lands both when the number is verified", async () => {
    const counter = await shop();
    const yaw = newNumber();
    const stamp = await sentCode(counter.staff, yaw);
    const held = await confirm(counter.staff, stamp.id, { code: stamp.code });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      ok: true,
      held: true,
      member: null,
      action: "stamp",
      claimUntil: new Date(clock.now().getTime() + 30 * 24 * 60 * 60_000).toISOString(),
    });
    expect(held.json().message).toContain("A stamp is held for +233");
    const invite = await latestOutboxMessage(ctx.database.db, yaw.e164, "sms");
    expect(invite?.textBody).toContain(`/register?phone=${encodeURIComponent(yaw.e164)}`);
    expect(invite?.textBody).toContain(`${counter.companyName} is keeping a loyalty stamp for you`);
    expect((await confirm(counter.staff, stamp.id, { code: stamp.code })).json()).toMatchObject({
      held: true,
      alreadyApplied: true,
    });

    // The same day: points held too, and no second invite from this shop.
    const points = await sentCode(counter.staff, yaw, { action: "points", points: 15 });
    const heldPoints = await confirm(counter.staff, points.id, { code: points.code });
    expect(heldPoints.json()).toMatchObject({ held: true, points: 15, action: "points" });
    // Two codes and one invite.
    expect(await smsCount(yaw.e164)).toBe(3);
    // A second stamp the same day isn't held.
    const again = await sentCode(counter.staff, yaw);
    const refused = await confirm(counter.staff, again.id, { code: again.code });
    expect(refused.json().code).toBe("DAILY_LIMIT");

    clock.advance(24 * 60 * 60_000);
    const cookies = await register(yaw, String(numbers));
    const otp = await latestSmsCodeFor(ctx.database.db, yaw.e164);
    const verified = await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: yaw.typed,
      otp,
      purpose: "registration",
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.phoneNumber, yaw.e164));
    expect(await stampsOf(ctx.database.db, user!.id, counter.companyId)).toBe(1);
    const cards = (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/cards")).json();
    expect(cards.cards[0]).toMatchObject({ currentStamps: 1, companyId: counter.companyId });
    expect(cards.pointsBalance).toBe(15);
    const rows = await ctx.database.db
      .select()
      .from(heldPhoneRewards)
      .where(eq(heldPhoneRewards.phoneNumber, yaw.e164));
    expect(rows.map((r) => r.landOutcome)).toEqual(["landed", "landed"]);
    expect(rows.every((r) => r.landedUserId === user!.id)).toBe(true);
  });

  it("lands once when landings run at the same moment", async () => {
    const counter = await shop();
    const efua = newNumber();
    const stamp = await sentCode(counter.staff, efua, { action: "points", points: 20 });
    expect((await confirm(counter.staff, stamp.id, { code: stamp.code })).json().held).toBe(true);
    const member = await signedInMember(ctx.database.db, "efua", {
      phoneNumber: efua.e164,
      isPhoneVerified: true,
    });
    const deps = ctx.oneInstance.deps;
    await Promise.all(Array.from({ length: 10 }, () => deps.phoneVerified(member.user.id, efua.e164)));
    const credits = await ctx.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.user.id), eq(ledgerEntries.currency, "prize_points")));
    expect(credits.map((c) => c.amount)).toEqual([20]);
  });

  it("doesn't land what waited more than 30 days", async () => {
    const counter = await shop();
    const kwesi = newNumber();
    const stamp = await sentCode(counter.staff, kwesi, { action: "points", points: 5 });
    await confirm(counter.staff, stamp.id, { code: stamp.code });
    clock.advance(31 * 24 * 60 * 60_000);
    const member = await signedInMember(ctx.database.db, "kwesi", {
      phoneNumber: kwesi.e164,
      isPhoneVerified: true,
    });
    await ctx.oneInstance.deps.phoneVerified(member.user.id, kwesi.e164);
    const [row] = await ctx.database.db
      .select()
      .from(heldPhoneRewards)
      .where(eq(heldPhoneRewards.phoneNumber, kwesi.e164));
    expect(row?.landedAt).toBeNull();
  });
});

describe("suspicious patterns", () => {
  it("flags one number asked for codes at 3 shops in a day", async () => {
    const target = await memberWithPhone();
    for (let i = 0; i < 3; i++) await sentCode((await shop()).staff, target.phone);
    const signals = await ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.eventType, "phone_checkin_many_shops"));
    expect(signals.some((s) => s.userId === target.user.id)).toBe(true);
    // It counts towards the member's risk score, which staff see in anti-cheat.
    const risk = await memberRisk(ctx.database.db, target.user.id, clock.now());
    expect(risk.reasons).toContainEqual(
      expect.objectContaining({ type: "phone_checkin_many_shops", count: 1, points: 10 }),
    );
    const flagged = await ctx.database.db
      .select()
      .from(phoneCheckins)
      .where(and(eq(phoneCheckins.phoneNumber, target.phone.e164), eq(phoneCheckins.isSuspicious, true)));
    expect(flagged).toHaveLength(1);
  });

  it("flags one staff member sending 20 codes in an hour", async () => {
    const counter = await shop();
    for (let i = 0; i < 20; i++) await sentCode(counter.staff, newNumber());
    const [signal] = await ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.eventType, "phone_checkin_staff_burst"));
    expect(signal?.suspiciousActivity).toMatchObject({ staffId: counter.staffId, codesInAnHour: 20 });
  });
});
