import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewards } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";

const clock = testClock(new Date("2026-11-10T09:00:00Z"));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

describe("a competition's counter redemptions", () => {
  it("counts rewards staff redeemed (QR or staff code), never a code marked as used online", async () => {
    const kit = watchingKit(ctx, clock);
    const counter = await shopWithCounter(ctx, "competition-counter");
    const admin = await signedInMember(ctx.database.db, "competition-admin", { role: "admin" });
    const created = await sendAs(ctx.app, admin.cookies, "POST", "/api/admin/competitions", {
      title: "November regulars",
      prizeTitle: "A hamper",
      minimumTier: "bronze",
      requiresPlus: false,
      minimumValidatedRedemptions: 3,
      minimumSocialShares: 0,
      month: "2026-11",
      drawDate: "2026-12-02T18:00:00Z",
    });
    expect(created.statusCode, created.body).toBe(201);
    const ama = await signedInMember(ctx.database.db, "competition-member", { displayName: "Ama" });
    const rewardIds: number[] = [];
    for (const code of ["C1", "C2", "C3"]) {
      const ad = await kit.publishAd([code]);
      const [reward] = await ctx.database.db
        .insert(rewards)
        .values({
          adId: ad.id,
          userId: ama.user.id,
          companyId: counter.companyId,
          rewardType: "discount",
          discountPercent: 10,
        })
        .returning();
      rewardIds.push(reward!.id);
    }
    const progress = async () => {
      const all = (await sendAs(ctx.app, ama.cookies, "GET", "/api/competitions")).json();
      return all.competitions.find((c: { id: number }) => c.id === created.json().id).progress;
    };

    const [byQr, byStaff, online] = rewardIds as [number, number, number];
    const qr = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${byQr}/qr`)).json();
    const scanned = await sendAs(ctx.app, counter.staff, "POST", "/api/merchant/scans", {
      qrData: qr.qrData,
      action: "redeem",
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const withStaff = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: byStaff,
      method: "staff",
      staffCode: counter.staffCode,
    });
    expect(withStaff.statusCode, withStaff.body).toBe(200);
    expect((await progress()).validatedRedemptions).toBe(2);

    const markedUsed = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: online,
      method: "self",
    });
    expect(markedUsed.statusCode, markedUsed.body).toBe(200);
    expect(await progress()).toMatchObject({ validatedRedemptions: 2, eligible: false });
  });
});
