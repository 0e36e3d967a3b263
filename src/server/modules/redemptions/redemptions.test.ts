import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../db/client";
import { adDailyStats, ads, ledgerEntries, redemptions, rewards } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { findRewardToRedeem } from "../rewards";
import { redeemReward } from "./redemptions.service";

// A Monday, so a week's redemptions fill from here on.
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
const sent: string[] = [];
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let shops = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now }, onStatement: (text) => sent.push(text) });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "redemptions-phone" };
const signals = { ipAddress: "10.0.0.2", userAgent: "test", deviceFingerprint: "member-phone" };

async function rewardFor(userId: number, adId: number, companyId: number) {
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({ adId, userId, companyId, rewardType: "discount", discountPercent: 10 })
    .returning();
  return row!;
}

async function holder(adId: number, companyId: number) {
  const member = await signedInMember(ctx.database.db, "holder");
  const reward = await rewardFor(member.user.id, adId, companyId);
  return { ...member, reward };
}

const useOnline = (h: Awaited<ReturnType<typeof holder>>) =>
  sendAs(ctx.app, h.cookies, "POST", "/api/redemptions", { rewardId: h.reward.id, method: "self" });

/** Redeems as the counter does, in a transaction, with the reward read the way the counter reads it. */
function redeemAtCounter(
  rewardId: number,
  companyId: number,
  qrNonce: string | undefined,
  meanwhile: (tx: Executor) => Promise<unknown> = async () => {},
) {
  return ctx.database.db.transaction(async (tx) => {
    const reward = await findRewardToRedeem(tx, { rewardId });
    await meanwhile(tx);
    return redeemReward(
      tx,
      {
        rewardId,
        reward,
        method: "qr",
        companyId,
        qrNonce,
        staffId: null,
        staffName: "Esi",
        branchId: null,
        ...signals,
      },
      clock.now(),
    );
  });
}

describe("redeeming a reward", () => {
  it("reads the reward once and writes the redemption in one statement, its XP credit included", async () => {
    const shop = await shopWithCounter(ctx, `redemptions-shop-${++shops}`);
    const ad = await kit.publishAd(["B1"], { dailyRedemptionCap: 5, weeklyRedemptionCap: 10 });
    const ama = await holder(ad.id, shop.companyId);
    const { qrData } = (
      await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${ama.reward.id}/qr`)
    ).json();
    const nonce = String(qrData).split(".")[2];
    sent.length = 0;
    const redeemed = await redeemAtCounter(ama.reward.id, shop.companyId, nonce);
    const statements = sent.filter((text) => !/^(begin|commit)/i.test(text.trim()));
    const credit = statements.findIndex((text) => text.includes("ledger_entries"));
    expect(credit).toBe(1);
    expect(statements[credit]).toContain('insert into "redemptions"');
    expect(statements.length).toBe(2);

    const [row] = await ctx.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.id, redeemed.redemptionId));
    expect(row).toMatchObject({
      rewardId: ama.reward.id,
      method: "qr",
      status: "complete",
      staffMember: "Esi",
    });
    const [day] = await ctx.database.db.select().from(adDailyStats).where(eq(adDailyStats.adId, ad.id));
    expect(day!.redemptions).toBe(1);
    const [counted] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(counted!.currentRedemptions).toBe(1);
    const credits = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, ama.user.id));
    expect(credits.map((c) => c.amount)).toEqual([25]);
  });

  it("uses a reward QR once when six counter phones scan it at the same moment", async () => {
    const shop = await shopWithCounter(ctx, `redemptions-shop-${++shops}`);
    const ad = await kit.publishAd(["Q1"]);
    const ama = await holder(ad.id, shop.companyId);
    const { qrData } = (
      await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${ama.reward.id}/qr`)
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendAs(ctx.app, shop.staff, "POST", "/api/merchant/scans", { qrData, action: "redeem" }, device),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code)).toEqual(
      Array(5).fill("ALREADY_USED"),
    );
    expect(
      await ctx.database.db.select().from(redemptions).where(eq(redemptions.rewardId, ama.reward.id)),
    ).toHaveLength(1);
    const [counted] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(counted!.currentRedemptions).toBe(1);
    const credits = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, ama.user.id));
    expect(credits).toHaveLength(1);
  });

  // The change is made in the redemption's own transaction here, as a parallel one would land between
  // the read and the write (PGlite has one connection).
  it("says why when the reward changed between its read and its use: withdrawn, or shown with a newer QR", async () => {
    const shop = await shopWithCounter(ctx, `redemptions-shop-${++shops}`);
    const ad = await kit.publishAd(["C1"]);
    const ama = await holder(ad.id, shop.companyId);
    const { qrData } = (
      await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${ama.reward.id}/qr`)
    ).json();
    const nonce = String(qrData).split(".")[2];

    const newerQr = redeemAtCounter(ama.reward.id, shop.companyId, nonce, (tx) =>
      tx.update(rewards).set({ qrCodeData: "newer" }).where(eq(rewards.id, ama.reward.id)),
    );
    await expect(newerQr).rejects.toMatchObject({ code: "EXPIRED_CODE" });

    const withdrawn = redeemAtCounter(ama.reward.id, shop.companyId, nonce, (tx) =>
      tx.update(rewards).set({ expiresAt: clock.now() }).where(eq(rewards.id, ama.reward.id)),
    );
    await expect(withdrawn).rejects.toMatchObject({ code: "EXPIRED_REWARD" });

    const [counted] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(counted!.currentRedemptions).toBe(0);
    expect(await ctx.database.db.select().from(adDailyStats).where(eq(adDailyStats.adId, ad.id))).toEqual([]);
  });

  it("keeps an ad's weekly cap across days, with its own refusal", async () => {
    const shop = await shopWithCounter(ctx, `redemptions-shop-${++shops}`);
    const ad = await kit.publishAd(["W1"], { dailyRedemptionCap: 2, weeklyRedemptionCap: 3 });
    const holders = await Promise.all(Array.from({ length: 5 }, () => holder(ad.id, shop.companyId)));
    const monday = await Promise.all(holders.slice(0, 3).map(useOnline));
    expect(monday.map((a) => a.statusCode).sort()).toEqual([200, 200, 409]);
    expect(monday.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: "CAP_REACHED",
      message: "This offer's daily limit of 2 redemptions is reached. Try again tomorrow.",
    });
    clock.advance(24 * 60 * 60 * 1000);
    const tuesday = await Promise.all(holders.slice(3).map(useOnline));
    expect(tuesday.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(tuesday.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: "CAP_REACHED",
      message: "This offer's weekly limit of 3 redemptions is reached. Try again next week.",
    });
    const [counted] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(counted!.currentRedemptions).toBe(3);
  });
});
