import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moneyTransfers } from "../../db/schema/money";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { checkMoneyLedger, releaseExpiredCashback, transferMoney } from "./index";

// Cashback rewards (docs/product-rules.md#cashback): set aside from the business's balance when issued,
// the member's once staff confirm the reward at the counter, given back when it ends unused.
const start = new Date("2026-12-01T10:00:00Z");
const clock = testClock(start);
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());
afterEach(async () => {
  clock.set(start);
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

const dayMs = 86_400_000;
/** What the hourly job passes: a day for queued counter scans, and an hour. */
const keptAfterEndMs = 25 * 60 * 60 * 1000;
let topUps = 0;
function topUp(companyId: number, amountPesewas: number) {
  return transferMoney(ctx.database.db, {
    from: { kind: "money_received", companyId },
    to: { kind: "company_balance", companyId },
    amountPesewas,
    kind: "top_up",
    idempotencyKey: `test-top-up:${++topUps}`,
    at: clock.now(),
  });
}

type Published = Awaited<ReturnType<typeof kit.publishAd>>;

/** A business's ad paying GH₵ 5.00 cashback per reward, with a staff member whose code confirms uses. */
async function publishCashbackAd(cashbackPesewas = 500) {
  const ad = await kit.publishAd([], { rewardType: "cashback", cashbackPesewas, xpPointsReward: 5 });
  const staff = await sendAs(ctx.app, ad.companyCookies, "POST", `/api/companies/${ad.company.id}/staff`, {
    name: "Esi",
    pin: "2580",
  });
  expect(staff.statusCode, staff.body).toBe(200);
  return { ...ad, staffCode: staff.json().staffCode as string };
}

async function walletOf(ad: Published) {
  return (await sendAs(ctx.app, ad.companyCookies, "GET", `/api/companies/${ad.company.id}/wallet`)).json();
}

async function cashbackOf(cookies: Record<string, string>) {
  const mine = await sendAs(ctx.app, cookies, "GET", "/api/cashback/mine");
  expect(mine.statusCode, mine.body).toBe(200);
  return mine.json();
}

function offeredTo(cookies: Record<string, string>, adId: number) {
  return sendAs(ctx.app, cookies, "GET", `/api/ads/${adId}`).then((answer) => answer.statusCode === 200);
}

function useWithStaffCode(cookies: Record<string, string>, rewardId: number, staffCode: string) {
  return sendAs(ctx.app, cookies, "POST", "/api/redemptions", { rewardId, method: "staff", staffCode });
}

describe("a cashback ad", () => {
  it("asks for the amount, within its bounds, and answers with it", async () => {
    const missing = kit.publishAd([], { rewardType: "cashback" });
    await expect(missing).rejects.toThrow(/Give the cashback amount/);
    await expect(kit.publishAd([], { rewardType: "cashback", cashbackPesewas: 10 })).rejects.toThrow(
      /Cashback is at least GH₵ 0.50/,
    );
    const ad = await publishCashbackAd(250);
    const listed = await sendAs(ctx.app, ad.companyCookies, "GET", `/api/companies/${ad.company.id}/ads`);
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ad.id, rewardType: "cashback", cashbackPesewas: 250 }),
      ]),
    );
  });

  it("is offered only while the business's balance holds its cashback, and sets it aside when a member earns it", async () => {
    const ad = await publishCashbackAd();
    const viewer = await kit.member();
    expect(await offeredTo(viewer.cookies, ad.id)).toBe(false);

    await topUp(ad.company.id, 800);
    expect(await offeredTo(viewer.cookies, ad.id)).toBe(true);
    const done = await kit.watchToTheEnd(viewer.cookies, ad.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().reward).toMatchObject({ rewardType: "cashback", cashbackPesewas: 500 });

    expect(await walletOf(ad)).toMatchObject({
      balancePesewas: 300,
      cashbackReservedPesewas: 500,
      entries: [
        expect.objectContaining({ kind: "cashback_reserve", amountPesewas: -500 }),
        expect.anything(),
      ],
    });
    expect(await cashbackOf(viewer.cookies)).toMatchObject({
      balancePesewas: 0,
      pendingPesewas: 500,
      payoutAccount: null,
      entries: [
        {
          kind: "pending",
          amountPesewas: 500,
          rewardId: done.json().reward.id,
          companyName: expect.any(String),
        },
      ],
    });
    // GH₵ 3.00 left holds no more GH₵ 5.00 rewards: Discover stops offering the ad.
    expect(await offeredTo((await kit.member()).cookies, ad.id)).toBe(false);
  });

  it("becomes the member's money when staff confirm it at the counter, never by marking it used herself", async () => {
    const ad = await publishCashbackAd();
    await topUp(ad.company.id, 500);
    const viewer = await kit.member();
    const rewardId = (await kit.watchToTheEnd(viewer.cookies, ad.id)).json().reward.id as number;

    const self = await sendAs(ctx.app, viewer.cookies, "POST", "/api/redemptions", {
      rewardId,
      method: "self",
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(
      "Cashback is paid when the business confirms your visit: show this reward at the counter.",
    );
    expect((await cashbackOf(viewer.cookies)).balancePesewas).toBe(0);

    const used = await useWithStaffCode(viewer.cookies, rewardId, ad.staffCode);
    expect(used.statusCode, used.body).toBe(200);
    const again = await useWithStaffCode(viewer.cookies, rewardId, ad.staffCode);
    expect(again.statusCode).not.toBe(200);

    const mine = await cashbackOf(viewer.cookies);
    expect(mine).toMatchObject({ balancePesewas: 500, pendingPesewas: 0 });
    expect(mine.entries).toEqual([expect.objectContaining({ kind: "earned", amountPesewas: 500, rewardId })]);
    expect(await walletOf(ad)).toMatchObject({ balancePesewas: 0, cashbackReservedPesewas: 0 });
    const notices = await sendAs(ctx.app, viewer.cookies, "GET", "/api/notifications");
    expect(notices.body).toContain("GH₵ 5.00 cashback is in your balance");
  });

  it("issues only as many rewards as the balance holds when members finish at the same moment", async () => {
    const ad = await publishCashbackAd();
    await topUp(ad.company.id, 1_500);
    const viewers = await Promise.all(Array.from({ length: 10 }, () => kit.member()));
    const sessions = await Promise.all(viewers.map((viewer) => kit.start(viewer.cookies, ad.id)));
    clock.advance(9_000);
    const reports = await Promise.all(
      viewers.map((viewer, i) => kit.report(viewer.cookies, sessions[i]!.json().sessionId, 9)),
    );

    const rewarded = reports.filter((answer) => answer.statusCode === 200 && answer.json().reward);
    const refused = reports.filter((answer) => answer.statusCode === 409);
    expect(rewarded).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json().message).toBe(
      "This business has no cashback left to give right now. Look out for its next offer!",
    );
    expect(await walletOf(ad)).toMatchObject({ balancePesewas: 0, cashbackReservedPesewas: 1_500 });
  });

  it("goes back to the business a day after a reward ends unused, once, and no longer shows as the member's", async () => {
    const ad = await publishCashbackAd();
    await topUp(ad.company.id, 1_000);
    const viewer = await kit.member();
    const rewardId = (await kit.watchToTheEnd(viewer.cookies, ad.id)).json().reward.id as number;

    // Rewards last 30 days; the money waits a day more for scans a counter queued before the end.
    clock.set(new Date(start.getTime() + 30 * dayMs + 60_000));
    expect(await releaseExpiredCashback(ctx.database.db, clock.now(), keptAfterEndMs)).toBe(0);
    expect((await cashbackOf(viewer.cookies)).pendingPesewas).toBe(0);

    clock.set(new Date(start.getTime() + 32 * dayMs));
    const released = await Promise.all(
      [1, 2, 3].map(() => releaseExpiredCashback(ctx.database.db, clock.now(), keptAfterEndMs)),
    );
    expect(released.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await releaseExpiredCashback(ctx.database.db, clock.now(), keptAfterEndMs)).toBe(0);
    const releases = await ctx.database.db
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.rewardId, rewardId));
    expect(releases.map((transfer) => transfer.kind).sort()).toEqual([
      "cashback_release",
      "cashback_reserve",
    ]);
    expect(await walletOf(ad)).toMatchObject({
      balancePesewas: 1_000,
      cashbackReservedPesewas: 0,
      entries: [
        expect.objectContaining({ kind: "cashback_release", amountPesewas: 500 }),
        expect.anything(),
        expect.anything(),
      ],
    });
    expect(await cashbackOf(viewer.cookies)).toMatchObject({
      balancePesewas: 0,
      pendingPesewas: 0,
      entries: [],
    });
  });

  it("is a member's own: a visitor and a business are refused", async () => {
    expect((await sendAs(ctx.app, {}, "GET", "/api/cashback/mine")).statusCode).toBe(401);
    const ad = await publishCashbackAd();
    expect((await sendAs(ctx.app, ad.companyCookies, "GET", "/api/cashback/mine")).statusCode).toBe(401);
    const member = await signedInMember(ctx.database.db, "cashback");
    expect(await cashbackOf(member.cookies)).toEqual({
      balancePesewas: 0,
      pendingPesewas: 0,
      entries: [],
      payoutAccount: null,
      withdrawalMinPesewas: 1_000,
      withdrawalFeePesewas: 100,
      withdrawalsPerDay: 3,
    });
  });
});
