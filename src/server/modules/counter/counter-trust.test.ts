import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fraudDetection, ledgerEntries, qrScanLogs, redemptions, rewards, users } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { findActiveUser } from "../auth";
import { creditXp } from "../ledger";
import { redeemOwnReward } from "../redemptions/own-redemption.service";
import { reportProgress } from "../watch/watch.service";

// What a counter may trust from a phone's offline queue (docs/product-rules.md#counter-queued-scan-claims), a
// suspended member earning or redeeming (docs/product-rules.md#admin-suspended-member), and the typed code
// under a reward QR (docs/product-rules.md#rewards-typed-code).
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let members = 0;
let shops = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "trust-counter-phone" };
const signals = { ipAddress: "10.0.0.2", userAgent: "test", deviceFingerprint: "member-phone" };

function member(name = "Ama Owusu") {
  members++;
  return signedInMember(ctx.database.db, "trust", { displayName: name });
}

const shop = () => shopWithCounter(ctx, `trust-shop-${++shops}`);
const scan = (cookies: Record<string, string>, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, device);
const memberQr = async (cookies: Record<string, string>) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string; shortCode: string };
const rewardQr = async (cookies: Record<string, string>, rewardId: number) =>
  (await sendAs(ctx.app, cookies, "POST", `/api/rewards/${rewardId}/qr`)).json() as {
    qrData: string;
    typedCode: string;
    expiresAt: string;
  };
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

async function rewardAt(userId: number, companyId: number) {
  const ad = await kit.publishAd([`T${members}-${shops}`]);
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({ adId: ad.id, userId, companyId, rewardType: "discount", discountPercent: 10 })
    .returning();
  return row!;
}

async function rewardRow(id: number) {
  const [row] = await ctx.database.db.select().from(rewards).where(eq(rewards.id, id));
  return row!;
}

async function xpOf(userId: number) {
  const [row] = await ctx.database.db.select({ xp: users.xpPoints }).from(users).where(eq(users.id, userId));
  return row!.xp;
}

/** What an admin's suspension leaves in the database (the member's sessions are ended separately). */
async function suspend(userId: number) {
  await ctx.database.db
    .update(users)
    .set({ isActive: false, suspendedAt: clock.now(), suspensionReason: "Test" })
    .where(eq(users.id, userId));
}

describe("a scan sent from the phone's queue", () => {
  it("refuses a replaced reward QR whatever time the queued scan claims", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    const claimed = at(10_000);
    clock.advance(60_000);
    await rewardQr(ama.cookies, reward.id); // the member opened a newer QR
    const queued = await scan(counter.staff, {
      qrData: shown.qrData,
      action: "redeem",
      idempotencyKey: "trust-replaced-0001",
      scannedAt: claimed,
    });
    expect(queued.json().code).toBe("EXPIRED_CODE");
    expect((await rewardRow(reward.id)).isUsed).toBe(false);
  });

  it("refuses an expired QR claimed before its expiry by a phone that was online after that time, and flags it", async () => {
    const counter = await shop();
    const ama = await member();
    const kofi = await member("Kofi Mensah");
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    const beforeExpiry = at(30_000);
    clock.advance(3 * 60_000);
    // The phone is online: it scans Kofi live, and Ama's QR is refused as expired.
    const kofiQr = await memberQr(kofi.cookies);
    expect((await scan(counter.staff, { qrData: kofiQr.qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await scan(counter.staff, { qrData: shown.qrData, action: "redeem" })).json().code).toBe(
      "EXPIRED_CODE",
    );
    const backdated = await scan(counter.staff, {
      qrData: shown.qrData,
      action: "redeem",
      idempotencyKey: "trust-backdated-0001",
      scannedAt: beforeExpiry,
    });
    expect(backdated.statusCode).toBe(409);
    expect(backdated.json().code).toBe("BACKDATED_SCAN");
    expect((await rewardRow(reward.id)).isUsed).toBe(false);
    const [logged] = await ctx.database.db
      .select()
      .from(qrScanLogs)
      .where(eq(qrScanLogs.idempotencyKey, "trust-backdated-0001"));
    expect(logged).toMatchObject({ accepted: false, isSuspicious: true, wasQueued: true });
    expect(logged!.suspiciousReasons).toContain("backdated_offline_scan");
    const signalsForAma = await ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.userId, ama.user.id));
    expect(signalsForAma.map((s) => s.eventType)).toContain("suspicious_counter_scan");
  });

  it("still applies a genuine queue from a phone that wasn't online since, keeping both times on the redemption", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    const scannedAt = at(30_000);
    clock.advance(2 * 60 * 60_000); // the phone comes back online two hours later
    const synced = await scan(counter.staff, {
      qrData: shown.qrData,
      action: "redeem",
      idempotencyKey: "trust-genuine-0001",
      scannedAt,
    });
    expect(synced.statusCode, synced.body).toBe(200);
    const [row] = await ctx.database.db.select().from(redemptions).where(eq(redemptions.rewardId, reward.id));
    expect(row!.timestamp.toISOString()).toBe(scannedAt);
    expect(row!.createdAt.toISOString()).toBe(clock.now().toISOString());
    const [logged] = await ctx.database.db
      .select()
      .from(qrScanLogs)
      .where(eq(qrScanLogs.idempotencyKey, "trust-genuine-0001"));
    expect(logged!.scannedAt.toISOString()).toBe(scannedAt);
    expect(logged!.createdAt.toISOString()).toBe(clock.now().toISOString());
  });

  it("refuses a member-code stamp claimed before the phone's last live scan, but allows a clock 20 s behind", async () => {
    const counter = await shop();
    const ama = await member();
    const kofi = await member("Kofi Mensah");
    const amaQr = await memberQr(ama.cookies);
    const madeAt = at(5_000);
    clock.advance(40_000);
    const kofiQr = await memberQr(kofi.cookies);
    const live = await scan(counter.staff, { qrData: kofiQr.qrData, action: "stamp", purchaseAmount: 30 });
    expect(live.statusCode, live.body).toBe(200);
    const late = await scan(counter.staff, {
      qrData: amaQr.qrData,
      action: "stamp",
      purchaseAmount: 30,
      idempotencyKey: "trust-stamp-0001",
      scannedAt: madeAt,
    });
    expect(late.json().code).toBe("BACKDATED_SCAN");

    const esiQr = await memberQr(ama.cookies);
    const behind = await scan(counter.staff, {
      qrData: esiQr.qrData,
      action: "stamp",
      purchaseAmount: 30,
      idempotencyKey: "trust-stamp-0002",
      scannedAt: at(-20_000),
    });
    expect(behind.statusCode, behind.body).toBe(200);
  });
});

describe("a burst from one phone", () => {
  it("flags the 13th stamp a phone sends within a minute, not the 12 before it, and records it for review", async () => {
    const counter = await shop();
    const phone = { "x-device-fingerprint": "trust-burst-phone" };
    const stamped: { userId: number; key: string }[] = [];
    for (let n = 0; n < 13; n++) {
      const customer = await member(`Customer ${n}`);
      const key = `trust-burst-${String(n).padStart(4, "0")}`;
      const { qrData } = await memberQr(customer.cookies);
      const body = { qrData, action: "stamp", purchaseAmount: 30, idempotencyKey: key };
      const answer = await sendAs(ctx.app, counter.staff, "POST", "/api/merchant/scans", body, phone);
      expect(answer.statusCode, answer.body).toBe(200);
      stamped.push({ userId: customer.user.id, key });
      clock.advance(2_000);
    }
    const logOf = async (key: string) =>
      (await ctx.database.db.select().from(qrScanLogs).where(eq(qrScanLogs.idempotencyKey, key)))[0]!;
    expect((await logOf(stamped[11]!.key)).isSuspicious).toBe(false);
    const thirteenth = await logOf(stamped[12]!.key);
    expect(thirteenth).toMatchObject({ accepted: true, isSuspicious: true });
    expect(thirteenth.suspiciousReasons).toEqual(["device_burst"]);
    const signalsFor = (userId: number) =>
      ctx.database.db.select().from(fraudDetection).where(eq(fraudDetection.userId, userId));
    expect((await signalsFor(stamped[12]!.userId)).map((s) => s.eventType)).toEqual([
      "suspicious_counter_scan",
    ]);
    expect(await signalsFor(stamped[11]!.userId)).toHaveLength(0);
  });
});

describe("a suspended member", () => {
  it("can't have a reward QR redeemed at the counter, and gets no XP", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    await suspend(ama.user.id);
    const refused = await scan(counter.staff, { qrData: shown.qrData, action: "redeem" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "MEMBER_SUSPENDED",
      message: "This customer's account is suspended, so their rewards can't be used.",
    });
    expect((await rewardRow(reward.id)).isUsed).toBe(false);
    expect(await xpOf(ama.user.id)).toBe(0);
  });

  it("collects no stamp and no points at the counter", async () => {
    const counter = await shop();
    const ama = await member();
    const qr = await memberQr(ama.cookies);
    await suspend(ama.user.id);
    const stamp = await scan(counter.staff, { qrData: qr.qrData, action: "stamp", purchaseAmount: 30 });
    expect(stamp.json().code).toBe("MEMBER_SUSPENDED");
    const points = await sendAs(
      ctx.app,
      counter.staff,
      "POST",
      "/api/merchant/points",
      { qrData: qr.qrData, points: 10 },
      device,
    );
    expect(points.json().code).toBe("MEMBER_SUSPENDED");
    const ledger = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, ama.user.id));
    expect(ledger).toEqual([]);
  });

  it("can't use a reward by a staff code or as used online, even with a session read before the suspension", async () => {
    const counter = await shop();
    const ama = await member();
    const online = await rewardAt(ama.user.id, counter.companyId);
    const atCounter = await rewardAt(ama.user.id, counter.companyId);
    await suspend(ama.user.id);
    await expect(
      redeemOwnReward(
        ctx.app.deps,
        ama.user.id,
        { rewardId: online.id, method: "self", location: undefined },
        signals,
      ),
    ).rejects.toMatchObject({ code: "MEMBER_SUSPENDED" });
    await expect(
      redeemOwnReward(
        ctx.app.deps,
        ama.user.id,
        { rewardId: atCounter.id, method: "staff", staffCode: counter.staffCode, location: undefined },
        signals,
      ),
    ).rejects.toMatchObject({ code: "MEMBER_SUSPENDED" });
    expect((await rewardRow(online.id)).isUsed).toBe(false);
    expect((await rewardRow(atCounter.id)).isUsed).toBe(false);
  });

  it("earns no watch reward or XP from a view that completes after the suspension", async () => {
    const ad = await kit.publishAd(["W26-1"]);
    const ama = await member();
    const user = (await findActiveUser(ctx.database.db, ama.user.id))!;
    const started = (await kit.start(ama.cookies, ad.id)).json();
    clock.advance(9_000);
    await suspend(ama.user.id);
    await expect(reportProgress(ctx.app.deps, user, started.sessionId, 9, signals)).rejects.toMatchObject({
      code: "MEMBER_SUSPENDED",
    });
    const earned = await ctx.database.db
      .select()
      .from(rewards)
      .where(and(eq(rewards.userId, ama.user.id), eq(rewards.adId, ad.id)));
    expect(earned).toEqual([]);
    expect(await xpOf(ama.user.id)).toBe(0);
  });

  it("is credited no XP from anywhere (a referral, a share) while suspended", async () => {
    const ama = await member();
    await suspend(ama.user.id);
    const credited = await creditXp(ctx.database.db, {
      userId: ama.user.id,
      amount: 50,
      reason: "referral",
      idempotencyKey: `trust-referral:${ama.user.id}`,
    });
    expect(credited).toBe(false);
    expect(await xpOf(ama.user.id)).toBe(0);
  });
});

describe("the typed code under a reward QR", () => {
  it("redeems once at this shop only, typed in any case, while its QR lives", async () => {
    const counter = await shop();
    const other = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = await rewardQr(ama.cookies, reward.id);
    expect(shown.typedCode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const typed = shown.typedCode.toLowerCase().replace("-", " ");
    expect((await scan(other.staff, { qrData: typed, action: "redeem" })).json().code).toBe("UNKNOWN_CODE");
    const lookup = await scan(counter.staff, { qrData: typed, action: "lookup" });
    expect(lookup.json().message).toContain("ready to use");
    const used = await scan(counter.staff, { qrData: typed, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().message).toMatch(/^Redeemed for Ama/);
    const [row] = await ctx.database.db.select().from(redemptions).where(eq(redemptions.rewardId, reward.id));
    expect(row!.method).toBe("qr");
    // Typed again, it is recognised as used (docs/product-rules.md#rewards-already-redeemed).
    expect((await scan(counter.staff, { qrData: typed, action: "redeem" })).json().code).toBe("ALREADY_USED");
    expect(await xpOf(ama.user.id)).toBe(25);
  });

  it("dies with its QR: two minutes, or as soon as the member opens a newer QR", async () => {
    const counter = await shop();
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const first = await rewardQr(ama.cookies, reward.id);
    clock.advance(121_000);
    expect((await scan(counter.staff, { qrData: first.typedCode, action: "redeem" })).json().code).toBe(
      "EXPIRED_CODE",
    );
    const older = await rewardQr(ama.cookies, reward.id);
    const newer = await rewardQr(ama.cookies, reward.id);
    expect(newer.typedCode).not.toBe(older.typedCode);
    expect((await scan(counter.staff, { qrData: older.typedCode, action: "redeem" })).json().code).toBe(
      "UNKNOWN_CODE",
    );
    const used = await scan(counter.staff, { qrData: newer.typedCode, action: "redeem" });
    expect(used.statusCode, used.body).toBe(200);
  });
});
