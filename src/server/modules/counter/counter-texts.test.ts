import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counterTextCounts, outboxMessages, phoneCheckins, phoneInvites } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { latestSmsCodeFor } from "../../test/outbox";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";

/*
 * Caps on the texts a counter sends, codes and invites (docs/product-rules.md#counter-text-caps): per staff
 * member (or owner) and per shop, per hour and per Accra day, and per number across all shops; admin
 * settings, counted in PostgreSQL so parallel check-ins on two instances never pass them. A refusal says
 * when the counter may text again and changes nothing; the counter dashboard shows what is used and left.
 */

const clock = testClock(new Date("2026-11-23T09:10:00Z"));
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let shops = 0;
let numbers = 0;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  admin = await signedInMember(ctx.database.db, "texts-admin", { role: "admin" });
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "counter-texts-phone" };
const shop = () => shopWithCounter(ctx, `texts-shop-${++shops}`);

function newNumber() {
  numbers++;
  const local = `02480${String(numbers).padStart(5, "0")}`;
  return { typed: local, e164: `+233${local.slice(1)}` };
}

function send(cookies: Record<string, string>, phone: { typed: string }, headers = {}) {
  return sendAs(
    ctx.app,
    cookies,
    "POST",
    "/api/merchant/phone-checkins",
    { phoneNumber: phone.typed, action: "stamp", purchaseAmount: 25, idempotencyKey: `texts-key-${++keys}` },
    { ...device, ...headers },
  );
}

async function sendOk(cookies: Record<string, string>, phone = newNumber()) {
  const sent = await send(cookies, phone);
  expect(sent.statusCode, sent.body).toBe(201);
  return { id: sent.json().id as number, phone };
}

/** Changes an admin setting for the length of `work`, then puts the default back. */
async function withSetting<T>(key: string, value: number, work: () => Promise<T>): Promise<T> {
  const put = (v: number | null) =>
    sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/settings/${key}`, { value: v });
  const list = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/settings")).json().settings;
  const before = list.find((s: { key: string }) => s.key === key).value as number;
  expect((await put(value)).statusCode).toBe(200);
  try {
    return await work();
  } finally {
    expect((await put(before)).statusCode).toBe(200);
  }
}

async function textsTo(phone: string) {
  await ctx.drainMessages();
  const rows = await ctx.database.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, "sms")));
  return rows.length;
}

async function checkinsTo(phone: string) {
  const rows = await ctx.database.db.select().from(phoneCheckins).where(eq(phoneCheckins.phoneNumber, phone));
  return rows.length;
}

async function countedTexts() {
  const [row] = await ctx.database.db
    .select({ total: sql<number>`coalesce(sum(${counterTextCounts.texts}), 0)::int` })
    .from(counterTextCounts);
  return row!.total;
}

const dashboard = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/merchant/dashboard")).json();

/** Starts the next clock hour a few minutes in, so a test's hour is its own. */
function nextHour() {
  const now = clock.now();
  clock.set(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 1, 5)),
  );
}

/** The next Accra day at 09:05 (Accra keeps GMT), so earlier tests' counts are yesterday's. */
function nextDay() {
  const now = clock.now();
  clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9, 5)));
}

describe("a staff member's texts", () => {
  it("stops at 60 an hour: the 61st is refused with when, changes nothing, and the dashboard shows it", async () => {
    nextDay();
    const counter = await shop();
    for (let i = 0; i < 60; i++) await sendOk(counter.staff);
    expect((await dashboard(counter.staff)).texts.you.hour).toEqual({
      used: 60,
      limit: 60,
      left: 0,
      resetsAt: "2026-11-24T10:00:00.000Z",
    });

    const target = newNumber();
    const countedBefore = await countedTexts();
    const refused = await send(counter.staff, target);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "RATE_LIMITED",
      message:
        "You have sent 60 texts this hour, the most one person at the counter may send. You can send again at 10:00 am.",
    });
    expect(Number(refused.headers["retry-after"])).toBe(55 * 60);
    // Nothing changed: no check-in, no text, no count.
    expect(await checkinsTo(target.e164)).toBe(0);
    expect(await textsTo(target.e164)).toBe(0);
    expect(await countedTexts()).toBe(countedBefore);
    // In Twi for a counter working in Twi.
    const inTwi = await send(counter.staff, target, { "accept-language": "tw" });
    expect(inTwi.json().message).toBe(
      twiOf(
        "You have sent {limit} texts this hour, the most one person at the counter may send. You can send again at {time}.",
        { limit: 60, time: "10:00 am" },
      ),
    );

    // The owner is a sender of their own; the shop's hour (100) still has room.
    await sendOk(counter.owner);
    const owners = await dashboard(counter.owner);
    expect(owners.texts.you.hour).toMatchObject({ used: 1, left: 59 });
    expect(owners.texts.shop.hour).toMatchObject({ used: 61, limit: 100, left: 39 });
    expect(owners.texts.shop.day).toMatchObject({ used: 61, limit: 300, left: 239 });

    nextHour();
    await sendOk(counter.staff, target);
    expect((await dashboard(counter.staff)).texts.you).toMatchObject({
      hour: { used: 1, left: 59 },
      day: { used: 61, limit: 200, left: 139, resetsAt: "2026-11-25T00:00:00.000Z" },
    });
  });
});

describe("a shop's texts", () => {
  it("stop at the day's cap for every staff member and the owner together, until midnight", async () => {
    nextDay();
    const counter = await shop();
    await withSetting("counter_texts_shop_day", 5, async () => {
      for (let i = 0; i < 3; i++) await sendOk(counter.staff);
      for (let i = 0; i < 2; i++) await sendOk(counter.owner);
      const target = newNumber();
      const refused = await send(counter.staff, target);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        "This shop has sent 5 texts today, the most a shop may send in a day. It can send again tomorrow from 12:00 am.",
      );
      expect((await send(counter.owner, target)).statusCode).toBe(429);
      expect(await checkinsTo(target.e164)).toBe(0);
      expect((await dashboard(counter.staff)).texts.shop.day).toMatchObject({ used: 5, limit: 5, left: 0 });
      // Another shop is not held back.
      await sendOk((await shop()).staff, target);
      nextDay();
      await sendOk(counter.staff);
    });
  });

  it("counts an invite: past a cap the stamp is still held, and the invite waits for the next hold", async () => {
    nextDay();
    const counter = await shop();
    const stranger = newNumber();
    const hold = async () => {
      const { id } = await sendOk(counter.staff, stranger);
      const code = await latestSmsCodeFor(ctx.database.db, stranger.e164);
      const held = await sendAs(
        ctx.app,
        counter.staff,
        "POST",
        `/api/merchant/phone-checkins/${id}/confirm`,
        { code },
        device,
      );
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json()).toMatchObject({ held: true });
      return id;
    };
    const invites = () =>
      ctx.database.db.select().from(phoneInvites).where(eq(phoneInvites.phoneNumber, stranger.e164));
    await withSetting("counter_texts_shop_hour", 1, async () => {
      const id = await hold();
      // The code only: the invite would have been the hour's second text.
      expect(await textsTo(stranger.e164)).toBe(1);
      expect(await invites()).toHaveLength(0);
      const [checkin] = await ctx.database.db.select().from(phoneCheckins).where(eq(phoneCheckins.id, id));
      expect(checkin?.smsSent).toBe(1);
    });
    // The next day's hold (one held stamp a day) sends its code and, now, the invite.
    nextDay();
    await hold();
    expect(await textsTo(stranger.e164)).toBe(3);
    expect(await invites()).toHaveLength(1);
  });
});

describe("one number's texts from all shops", () => {
  it("stop at 5 an hour and 10 a day, however many shops text it, and say when it can be texted again", async () => {
    nextDay();
    const target = newNumber();
    const counters = [];
    for (let i = 0; i < 6; i++) counters.push(await shop());
    for (const counter of counters.slice(0, 5)) await sendOk(counter.staff, target);
    const sixth = await send(counters[5]!.staff, target);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(
      "This number has had 5 texts from Anigye shops this hour. It can get a code again at 10:00 am; scan their app's QR instead.",
    );
    expect(await textsTo(target.e164)).toBe(5);
    expect(await checkinsTo(target.e164)).toBe(5);
    // Another number from the same shop is not held back.
    await sendOk(counters[5]!.staff);

    nextHour();
    for (const counter of counters.slice(0, 5)) await sendOk(counter.staff, target);
    nextHour();
    const eleventh = await send(counters[5]!.staff, target);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(
      "This number has had 10 texts from Anigye shops today. It can get a code again tomorrow from 12:00 am; scan their app's QR instead.",
    );
    expect(await textsTo(target.e164)).toBe(10);
    nextDay();
    await sendOk(counters[5]!.staff, target);
  });
});

describe("races", () => {
  it("lets exactly the cap through of 30 parallel check-ins from one staff member", async () => {
    nextDay();
    const counter = await shop();
    await withSetting("counter_texts_staff_hour", 10, async () => {
      const targets = Array.from({ length: 30 }, () => newNumber());
      const answers = await Promise.all(targets.map((target) => send(counter.staff, target)));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20);
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 429)).toBe(true);
      const rows = await ctx.database.db
        .select()
        .from(phoneCheckins)
        .where(eq(phoneCheckins.companyId, counter.companyId));
      expect(rows).toHaveLength(10);
      let texts = 0;
      for (const target of targets) texts += await textsTo(target.e164);
      expect(texts).toBe(10);
      expect((await dashboard(counter.staff)).texts.you.hour).toMatchObject({ used: 10, left: 0 });
    });
  });

  it("lets exactly 5 of 12 shops text one number at the same moment", async () => {
    nextDay();
    const target = newNumber();
    const counters = [];
    for (let i = 0; i < 12; i++) counters.push(await shop());
    const answers = await Promise.all(counters.map((counter) => send(counter.staff, target)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    expect(await checkinsTo(target.e164)).toBe(5);
    expect(await textsTo(target.e164)).toBe(5);
  });
});
