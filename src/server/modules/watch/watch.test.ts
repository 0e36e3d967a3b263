import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adDailyStats, ads } from "../../db/schema/ads";
import { users } from "../../db/schema/auth";
import { fraudDetection } from "../../db/schema/fraud";
import { adDiscountCodes, rewards } from "../../db/schema/rewards";
import { sendAs } from "../../test/test-app";
import { setUpWatchingTests } from "../../test/watching";
import { sumXpLedger } from "../ledger/ledger.service";

const t = setUpWatchingTests();

const publishAd = (codes: string[], change: Record<string, unknown> = {}) => t.kit.publishAd(codes, change);
const member = () => t.kit.member();
const start = (cookies: Record<string, string>, adId: number) => t.kit.start(cookies, adId);
const report = (cookies: Record<string, string>, sessionId: number, seconds: number) =>
  t.kit.report(cookies, sessionId, seconds);

describe("verified watching", () => {
  it("issues the reward once the server has seen 80 % watched in real time", async () => {
    const ad = await publishAd(["CODE-A1", "CODE-A2"]);
    const viewer = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    expect(session).toMatchObject({
      durationSeconds: 10,
      minWatchPercent: 80,
      requiredSeconds: 8,
      completed: false,
    });

    t.clock.advance(4_000);
    const halfway = await report(viewer.cookies, session.sessionId, 4);
    expect(halfway.json()).toMatchObject({ watchedSeconds: 4, completed: false, reward: null });
    t.clock.advance(4_100);
    const done = await report(viewer.cookies, session.sessionId, 8.1);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      completed: true,
      reward: { rewardType: "discount", discountPercent: 10, code: "CODE-A1", xpAwarded: 25 },
      xpPoints: 25,
    });
    expect(await sumXpLedger(t.ctx.database.db, viewer.user.id)).toBe(25);

    const mine = await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/rewards/mine");
    expect(mine.json()).toEqual([
      expect.objectContaining({
        adId: ad.id,
        code: "CODE-A1",
        status: "active",
        discountPercent: 10,
        xpAwarded: 25,
      }),
    ]);
    expect((await sendAs(t.ctx.app, {}, "GET", "/api/rewards/mine")).statusCode).toBe(401);
  });

  it("counts nothing reported faster than the clock and records a fraud signal", async () => {
    const ad = await publishAd(["FAST-1"]);
    const viewer = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance(2_000);
    const cheat = await report(viewer.cookies, session.sessionId, 9);
    expect(cheat.statusCode).toBe(400);
    expect(cheat.json().message).toBe("Progress is ahead of real time; keep watching");
    expect(
      await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id)),
    ).toHaveLength(0);
    const signals = await t.ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.userId, viewer.user.id));
    expect(signals.map((s) => s.eventType)).toEqual(["watch_faster_than_real_time"]);
  });

  it("refuses a replayed report and another account's session", async () => {
    const ad = await publishAd(["REPLAY-1"]);
    const viewer = await member();
    const intruder = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance(3_000);
    expect((await report(viewer.cookies, session.sessionId, 3)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const replay = await report(viewer.cookies, session.sessionId, 2);
    expect(replay.statusCode).toBe(409);
    const foreign = await report(intruder.cookies, session.sessionId, 4);
    expect(foreign.statusCode).toBe(403);
    const signals = await t.ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.adId, ad.id));
    expect(signals.map((s) => s.eventType).sort()).toEqual([
      "foreign_watch_session",
      "replayed_watch_progress",
    ]);
  });

  it("creates exactly one reward when one member opens 50 views at once and completes them all", async () => {
    const ad = await publishAd(Array.from({ length: 60 }, (_, i) => `MANY-${i}`));
    const viewer = await member();
    const sessions = await Promise.all(
      Array.from({ length: 50 }, async () => (await start(viewer.cookies, ad.id)).json()),
    );
    t.clock.advance(9_000);
    const results = await Promise.all(sessions.map((s) => report(viewer.cookies, s.sessionId, 9)));
    // One open view per member: the last one opened counts, the others say why they stopped.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const stopped = results.filter((r) => r.statusCode === 409);
    expect(stopped).toHaveLength(49);
    expect(stopped[0]!.json()).toMatchObject({
      code: "SESSION_ENDED",
      message: "You opened another ad, so this view stopped counting. Start it again to keep watching.",
    });
    expect(
      await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id)),
    ).toHaveLength(1);
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, viewer.user.id));
    expect(row!.xpPoints).toBe(25);
    expect(await sumXpLedger(t.ctx.database.db, viewer.user.id)).toBe(25);
  });

  it("counts one report once when 50 copies of it arrive together", async () => {
    const ad = await publishAd(["COPY-1", "COPY-2"]);
    const viewer = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance(9_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => report(viewer.cookies, session.sessionId, 9)),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(
      await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id)),
    ).toHaveLength(1);
    expect(await sumXpLedger(t.ctx.database.db, viewer.user.id)).toBe(25);
  });

  it("gives a pool of 10 codes to 10 of 200 members, each code once, and tells the rest plainly", async () => {
    const ad = await publishAd(Array.from({ length: 10 }, (_, i) => `POOL-${i}`));
    const viewers = await Promise.all(Array.from({ length: 200 }, () => member()));
    const sessions = await Promise.all(
      viewers.map(async (v) => ({ v, s: (await start(v.cookies, ad.id)).json() })),
    );
    t.clock.advance(9_000);
    const results = await Promise.all(sessions.map(({ v, s }) => report(v.cookies, s.sessionId, 9)));
    const winners = results.filter((r) => r.statusCode === 200);
    const told = results.filter((r) => r.statusCode === 409);
    expect(winners).toHaveLength(10);
    expect(told).toHaveLength(190);
    expect(told[0]!.json().message).toBe(
      "All the codes for this offer have been claimed. Look out for the next one!",
    );
    const codes = winners.map((r) => r.json().reward.code);
    expect(new Set(codes).size).toBe(10);
    const pool = await t.ctx.database.db
      .select()
      .from(adDiscountCodes)
      .where(eq(adDiscountCodes.adId, ad.id));
    expect(pool.every((c) => c.assignedRewardId !== null)).toBe(true);
    expect(await t.ctx.database.db.select().from(rewards).where(eq(rewards.adId, ad.id))).toHaveLength(10);
    // Those told "no" earned nothing at all: no XP row was half-written.
    for (const r of told.slice(0, 5)) expect(r.json().code).toBe("CONFLICT");
  }, 60_000);

  it("moves the member up a tier when the XP crosses a threshold", async () => {
    const ad = await publishAd([], {
      rewardType: "xp",
      discountCodes: [],
      discountPercent: undefined,
      xpPointsReward: 100,
    });
    const viewer = await member();
    await t.ctx.database.db
      .update(users)
      .set({ xpPoints: 950, lifetimeXp: 950 })
      .where(eq(users.id, viewer.user.id));
    const session = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance(8_500);
    const done = await report(viewer.cookies, session.sessionId, 8.5);
    expect(done.json()).toMatchObject({ tier: "silver", tierChanged: true, xpPoints: 1050 });
  });

  it("is for signed-in members, and only for ads they may see", async () => {
    const ad = await publishAd(["GATE-1"], { isPlus: true });
    expect((await start({}, ad.id)).statusCode).toBe(401);
    const viewer = await member();
    expect((await start(viewer.cookies, ad.id)).statusCode).toBe(404);
  });
});

describe("the server decides, whatever the client sends", () => {
  it("adds up the allowance over the whole view, so many small early reports can't beat the clock", async () => {
    const ad = await publishAd(["SMALL-1"]);
    const viewer = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    let refused = 0;
    for (let i = 1; i <= 10; i++) {
      t.clock.advance(100);
      const response = await report(viewer.cookies, session.sessionId, Math.min(i * 0.9, 9));
      if (response.statusCode === 400) refused++;
    }
    // One second of real time can't earn an 8-second reward, however it is sliced.
    expect(refused).toBeGreaterThan(0);
    expect(
      await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id)),
    ).toHaveLength(0);
    const [signal] = await t.ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.userId, viewer.user.id));
    expect(signal).toMatchObject({
      eventType: "watch_faster_than_real_time",
      deviceFingerprint: `test-device-${viewer.cookies.anigye_sid!.slice(0, 12)}`,
    });
  });

  it("ends a view left open too long, or whose ad was paused meanwhile", async () => {
    const ad = await publishAd(["LATE-1", "LATE-2"]);
    const viewer = await member();
    const stale = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance((10 * 2 + 600 + 1) * 1000);
    const late = await report(viewer.cookies, stale.sessionId, 9);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "SESSION_ENDED",
      message: "This view was left open too long. Start it again to keep watching.",
    });

    const fresh = (await start(viewer.cookies, ad.id)).json();
    const paused = await sendAs(
      t.ctx.app,
      ad.companyCookies,
      "POST",
      `/api/companies/${ad.company.id}/ads/${ad.id}/pause`,
    );
    expect(paused.statusCode).toBe(200);
    t.clock.advance(9_000);
    const gone = await report(viewer.cookies, fresh.sessionId, 9);
    expect(gone.json()).toMatchObject({ code: "SESSION_ENDED", message: "This ad is no longer available." });
    expect(
      await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id)),
    ).toHaveLength(0);
  });

  it("stops offering an ad whose codes are all claimed, and still counts the watch that found it empty", async () => {
    const ad = await publishAd(["LAST-1"]);
    const [first, second, third] = await Promise.all([member(), member(), member()]);
    const firstView = (await start(first!.cookies, ad.id)).json();
    const secondView = (await start(second!.cookies, ad.id)).json();
    t.clock.advance(9_000);
    expect((await report(first!.cookies, firstView.sessionId, 9)).statusCode).toBe(200);
    const emptied = await report(second!.cookies, secondView.sessionId, 9);
    expect(emptied.json()).toMatchObject({
      code: "CONFLICT",
      message: "All the codes for this offer have been claimed. Look out for the next one!",
    });
    // The one who found it empty watched it through: a completed watch for the business, nothing else.
    const [stats] = await t.ctx.database.db.select().from(adDailyStats).where(eq(adDailyStats.adId, ad.id));
    expect(stats).toMatchObject({ views: 2, completions: 2, unlocks: 1 });

    const discovery = (await sendAs(t.ctx.app, third!.cookies, "GET", "/api/ads/discovery")).json();
    expect(discovery.map((a: { id: number }) => a.id)).not.toContain(ad.id);
    expect((await start(third!.cookies, ad.id)).statusCode).toBe(404);
  });

  it("refuses the reward past the ad's reward cap, undoing all of it, and still counts the watch", async () => {
    const ad = await publishAd(["CAP-1", "CAP-2"]);
    await t.ctx.database.db.update(ads).set({ maxCoupons: 1 }).where(eq(ads.id, ad.id));
    const [first, second] = await Promise.all([member(), member()]);
    const firstView = (await start(first!.cookies, ad.id)).json();
    const secondView = (await start(second!.cookies, ad.id)).json();
    t.clock.advance(9_000);
    expect((await report(first!.cookies, firstView.sessionId, 9)).json().reward).toMatchObject({
      code: "CAP-1",
    });
    const capped = await report(second!.cookies, secondView.sessionId, 9);
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toEqual({
      code: "CONFLICT",
      message: "This offer has reached its limit. Look out for the next one!",
    });
    // Nothing of the refused reward stays: no reward row, no XP, the pool's second code unassigned.
    const db = t.ctx.database.db;
    expect(await db.select().from(rewards).where(eq(rewards.userId, second!.user.id))).toHaveLength(0);
    expect(await sumXpLedger(db, second!.user.id)).toBe(0);
    const [unassigned] = await db.select().from(adDiscountCodes).where(eq(adDiscountCodes.code, "CAP-2"));
    expect(unassigned?.assignedRewardId).toBeNull();
    const [stats] = await db.select().from(adDailyStats).where(eq(adDailyStats.adId, ad.id));
    expect(stats).toMatchObject({ views: 2, completions: 2, unlocks: 1 });
    // The watch itself counted: the view is complete, and a resent report says so without a reward.
    const again = await report(second!.cookies, secondView.sessionId, 9);
    expect(again.json()).toMatchObject({ completed: true, reward: null });
  });

  it("answers a repeated final report with the reward that view issued, for a reveal lost on the way", async () => {
    const ad = await publishAd(["LOST-1"]);
    const viewer = await member();
    const session = (await start(viewer.cookies, ad.id)).json();
    t.clock.advance(9_000);
    const first = (await report(viewer.cookies, session.sessionId, 9)).json();
    const again = (await report(viewer.cookies, session.sessionId, 9)).json();
    expect(again.reward).toEqual(first.reward);
    expect(again.reward).toMatchObject({ code: "LOST-1", xpAwarded: 25 });
  });
});
