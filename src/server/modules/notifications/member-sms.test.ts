import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { memberSms, outboxMessages, rewards, sessions, users } from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { createTestContext, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { queueMemberSms, queueWeeklySummaries, sendQueuedMemberSms } from "./index";

const clock = testClock(new Date("2026-11-20T10:00:00Z"));
const hourMs = 3600 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

let phones = 0;
async function member(overrides: Parameters<typeof createUser>[1] = {}) {
  phones += 1;
  return createUser(ctx.database.db, {
    phoneNumber: `+23324222${String(phones).padStart(4, "0")}`,
    isPhoneVerified: true,
    smsConsent: true,
    ...overrides,
  });
}

const at = (iso: string) => new Date(iso);
let events = 0;
function drawWon(userId: number, now: Date) {
  events += 1;
  return queueMemberSms(
    ctx.database.db,
    { userId, kind: "draw_won", dedupeKey: `draw_won:test:${events}`, values: {}, path: `/draws/${events}` },
    now,
  );
}
function expiring(userId: number, now: Date, expiresAt = new Date(now.getTime() + 48 * hourMs)) {
  events += 1;
  return queueMemberSms(
    ctx.database.db,
    {
      userId,
      kind: "reward_expiring",
      dedupeKey: `reward_expiring:test:${events}`,
      values: { percent: 20, company: "Auntie Muni's Waakye", date: "22 Nov 2026" },
      path: "/rewards",
      expiresAt,
    },
    now,
  );
}

async function textsTo(phone: string | null) {
  await ctx.drainMessages();
  const rows = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.channel, "sms"));
  return rows.filter((row) => row.recipient === phone).map((row) => row.textBody);
}
async function logOf(userId: number) {
  const rows = await ctx.database.db.select().from(memberSms).where(eq(memberSms.userId, userId));
  return rows.map((row) => ({ kind: row.kind, status: row.status, reason: row.reason }));
}
const send = (now: Date) => sendQueuedMemberSms(ctx.app.deps, now);

describe("texts to members", () => {
  it("go only with consent and a verified phone, and each is logged with why not", async () => {
    const agreed = await member();
    const noConsent = await member({ smsConsent: false });
    const unverified = await member({ isPhoneVerified: false });
    const now = at("2026-11-20T10:00:00Z");
    for (const person of [agreed, noConsent, unverified]) await drawWon(person.id, now);
    await send(now);

    expect(await textsTo(agreed.phoneNumber)).toHaveLength(1);
    expect(await textsTo(noConsent.phoneNumber)).toEqual([]);
    expect(await textsTo(unverified.phoneNumber)).toEqual([]);
    expect(await logOf(agreed.id)).toEqual([{ kind: "draw_won", status: "sent", reason: null }]);
    expect(await logOf(noConsent.id)).toEqual([
      { kind: "draw_won", status: "skipped", reason: "no_consent" },
    ]);
    expect(await logOf(unverified.id)).toEqual([
      { kind: "draw_won", status: "skipped", reason: "no_verified_phone" },
    ]);
  });

  it("never go between 21:00 and 07:00 Accra time: a text queued at night waits for the morning", async () => {
    const sleeper = await member();
    await drawWon(sleeper.id, at("2026-11-20T21:30:00Z"));
    await send(at("2026-11-20T21:30:00Z"));
    await send(at("2026-11-21T02:00:00Z"));
    await send(at("2026-11-21T06:59:00Z"));
    expect(await textsTo(sleeper.phoneNumber)).toEqual([]);
    await send(at("2026-11-21T07:00:00Z"));
    expect(await textsTo(sleeper.phoneNumber)).toHaveLength(1);
  });

  it("go at most one a day per member, the most important first, the rest the next day", async () => {
    const busy = await member();
    const morning = at("2026-11-22T08:00:00Z");
    await expiring(busy.id, morning);
    await drawWon(busy.id, morning);
    await send(morning);
    await send(at("2026-11-22T15:00:00Z"));
    await send(at("2026-11-22T20:59:00Z"));
    const firstDay = await textsTo(busy.phoneNumber);
    expect(firstDay).toHaveLength(1);
    expect(firstDay[0]).toContain("you won a prize draw");

    await send(at("2026-11-23T07:10:00Z"));
    const both = await textsTo(busy.phoneNumber);
    expect(both).toHaveLength(2);
    expect(both[1]).toContain("20% off at Auntie Muni's Waakye expires on 22 Nov 2026");
  });

  it("are never sent twice when two instances send at once", async () => {
    const popular = await member();
    const now = at("2026-11-24T09:00:00Z");
    await drawWon(popular.id, now);
    await expiring(popular.id, now);
    await Promise.all([send(now), send(now), send(now)]);
    expect(await textsTo(popular.phoneNumber)).toHaveLength(1);
  });

  it("speak the member's language and link to the screen they are about", async () => {
    const twi = await member({ language: "tw" });
    const now = at("2026-11-25T09:00:00Z");
    await drawWon(twi.id, now);
    await send(now);
    const [text] = await textsTo(twi.phoneNumber);
    expect(text).toBe(
      `Anigye: wodi akyɛdeɛ ntontobɔ no so nkonim! Gye w'akyɛdeɛ wɔ ha: ${ctx.app.deps.config.appUrl}/draws/${events}`,
    );
  });

  it("are dropped once out of date, or when the member withdrew consent before they went", async () => {
    const late = await member();
    const changedMind = await member();
    const night = at("2026-11-26T22:00:00Z");
    await expiring(late.id, night, at("2026-11-27T03:00:00Z"));
    await drawWon(changedMind.id, night);
    await ctx.database.db.update(users).set({ smsConsent: false }).where(eq(users.id, changedMind.id));
    await send(at("2026-11-27T08:00:00Z"));
    expect(await logOf(late.id)).toEqual([
      { kind: "reward_expiring", status: "skipped", reason: "out_of_date" },
    ]);
    expect(await logOf(changedMind.id)).toEqual([
      { kind: "draw_won", status: "skipped", reason: "no_consent" },
    ]);
    expect(await textsTo(changedMind.phoneNumber)).toEqual([]);
  });

  it("are tried again when the provider fails, and arrive once", async () => {
    const winner = await member();
    const now = at("2026-11-28T09:00:00Z");
    await drawWon(winner.id, now);
    const provider = vi.spyOn(ctx.app.deps.sms, "send");
    provider.mockRejectedValueOnce(new Error("Hubtel SMS failed (HTTP 502)"));
    try {
      await send(now);
      expect(await textsTo(winner.phoneNumber)).toEqual([]);
      // A second run of the job finds nothing new to hand over; the queue retries the failed one.
      await send(now);
      await ctx.drainMessages({ allDue: true });
      expect(await textsTo(winner.phoneNumber)).toHaveLength(1);
      expect(provider).toHaveBeenCalledTimes(2);
      expect(await logOf(winner.id)).toEqual([{ kind: "draw_won", status: "sent", reason: null }]);
    } finally {
      provider.mockRestore();
    }
  });

  it("sum up a quiet member's waiting rewards once a week, and leave active members alone", async () => {
    const kit = watchingKit(ctx, clock);
    const first = await kit.publishAd(["SUM1"]);
    const second = await kit.publishAd(["SUM2"]);
    const now = at("2026-11-30T06:00:00Z");
    const quiet = await member({ lastLoginAt: at("2026-11-10T12:00:00Z") });
    const active = await member({ lastLoginAt: at("2026-11-10T12:00:00Z") });
    await ctx.database.db.insert(sessions).values({
      id: `active-session-${active.id}`,
      kind: "user",
      userId: active.id,
      expiresAt: at("2026-12-30T00:00:00Z"),
      lastSeenAt: at("2026-11-29T18:00:00Z"),
    });
    for (const [person, ad, percent] of [
      [quiet, first, 10],
      [quiet, second, 25],
      [active, first, 10],
    ] as const) {
      await ctx.database.db.insert(rewards).values({
        userId: person.id,
        adId: ad.id,
        companyId: ad.company.id,
        rewardType: "discount",
        discountPercent: percent,
        expiresAt: at("2026-12-20T00:00:00Z"),
      });
    }

    expect(await queueWeeklySummaries(ctx.app.deps, "2026-11-30", now)).toBeGreaterThanOrEqual(1);
    expect(await queueWeeklySummaries(ctx.app.deps, "2026-11-30", now)).toBe(0);
    await send(at("2026-11-30T09:00:00Z"));
    const [summary] = await textsTo(quiet.phoneNumber);
    expect(summary).toContain("you have 2 rewards worth up to 25% off at");
    expect(summary).toContain("/rewards");
    expect(await textsTo(active.phoneNumber)).toEqual([]);
    expect(await logOf(active.id)).toEqual([]);
  });
});
