import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { checkMoneyLedger, releaseExpiredCashback, transferMoney } from "./index";

// Cashback with a stamp card's reward (docs/product-rules.md#cashback-stamp-cards): set aside when the card
// completes, the member's when staff hand the reward over, back to the business when the card ends first.
const start = new Date("2026-12-03T09:00:00Z");
const clock = testClock(start);
const dayMs = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());
afterEach(async () => {
  clock.set(start);
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

const device = { "x-device-fingerprint": "cashback-counter-phone" };
let shops = 0;
let topUps = 0;

async function shopWithCashbackCard(balancePesewas: number, validityDays = 365) {
  const counter = await shopWithCounter(ctx, `cashback-card-shop-${++shops}`, {
    requiredVisits: 2,
    rewardCashback: 5,
    validityDays,
  });
  if (balancePesewas > 0) {
    await transferMoney(ctx.database.db, {
      from: { kind: "money_received", companyId: counter.companyId },
      to: { kind: "company_balance", companyId: counter.companyId },
      amountPesewas: balancePesewas,
      kind: "top_up",
      idempotencyKey: `card-cashback-top-up:${++topUps}`,
      at: clock.now(),
    });
  }
  return counter;
}

const scan = (cookies: Record<string, string>, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, device);

async function qrOf(cookies: Record<string, string>) {
  return (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json().qrData as string;
}

/** Two stamps on two days: the card completes. */
async function completeTheCard(staff: Record<string, string>, member: { cookies: Record<string, string> }) {
  for (let day = 0; day < 2; day++) {
    const stamped = await scan(staff, {
      qrData: await qrOf(member.cookies),
      action: "stamp",
      purchaseAmount: 40,
    });
    expect(stamped.statusCode, stamped.body).toBe(200);
    clock.advance(dayMs);
  }
}

async function cashbackOf(cookies: Record<string, string>) {
  return (await sendAs(ctx.app, cookies, "GET", "/api/cashback/mine")).json();
}

async function walletOf(counter: { owner: Record<string, string>; companyId: number }) {
  return (await sendAs(ctx.app, counter.owner, "GET", `/api/companies/${counter.companyId}/wallet`)).json();
}

describe("a stamp card's cashback", () => {
  it("is set aside when the card completes and paid to the member when staff hand the reward over", async () => {
    const counter = await shopWithCashbackCard(1_000);
    const program = await sendAs(
      ctx.app,
      counter.owner,
      "GET",
      `/api/companies/${counter.companyId}/loyalty-program`,
    );
    expect(program.json().program).toMatchObject({ rewardCashback: 5 });
    const member = await signedInMember(ctx.database.db, "card-cashback", { displayName: "Ama Owusu" });
    await completeTheCard(counter.staff, member);

    const cards = (await sendAs(ctx.app, member.cookies, "GET", "/api/loyalty/cards")).json();
    expect(cards.cards[0]).toMatchObject({ rewardUnlocked: true, cashbackPesewas: 500 });
    expect(await walletOf(counter)).toMatchObject({ balancePesewas: 500, cashbackReservedPesewas: 500 });
    expect(await cashbackOf(member.cookies)).toMatchObject({
      balancePesewas: 0,
      pendingPesewas: 500,
      entries: [expect.objectContaining({ kind: "pending", amountPesewas: 500, rewardId: null })],
    });

    const claimed = await scan(counter.staff, { qrData: await qrOf(member.cookies), action: "redeem" });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().message).toBe(
      "Give Ama their reward: A free plate. GH₵ 5.00 cashback went to their Anigye cashback.",
    );
    expect(claimed.json().reward).toMatchObject({ kind: "loyalty_reward", cashbackPesewas: 500 });
    const mine = await cashbackOf(member.cookies);
    expect(mine).toMatchObject({ balancePesewas: 500, pendingPesewas: 0 });
    expect(mine.entries[0]).toMatchObject({
      kind: "earned",
      amountPesewas: 500,
      companyName: expect.any(String),
    });
    expect(await walletOf(counter)).toMatchObject({ balancePesewas: 500, cashbackReservedPesewas: 0 });
  });

  it("comes without cashback when the balance can't cover it, and the card still completes", async () => {
    const counter = await shopWithCashbackCard(300);
    const member = await signedInMember(ctx.database.db, "card-cashback", { displayName: "Kofi" });
    await completeTheCard(counter.staff, member);
    const cards = (await sendAs(ctx.app, member.cookies, "GET", "/api/loyalty/cards")).json();
    expect(cards.cards[0]).toMatchObject({ rewardUnlocked: true, cashbackPesewas: null });
    const claimed = await scan(counter.staff, { qrData: await qrOf(member.cookies), action: "redeem" });
    expect(claimed.json().message).toBe("Give Kofi their reward: A free plate.");
    expect(await walletOf(counter)).toMatchObject({ balancePesewas: 300, cashbackReservedPesewas: 0 });
  });

  it("goes back to the business when the card ends before its reward is handed over", async () => {
    const counter = await shopWithCashbackCard(1_000, 7);
    const member = await signedInMember(ctx.database.db, "card-cashback", { displayName: "Yaa" });
    await completeTheCard(counter.staff, member);
    clock.set(new Date(start.getTime() + 9 * dayMs));
    expect(await releaseExpiredCashback(ctx.database.db, clock.now(), 25 * 60 * 60 * 1000)).toBe(1);
    expect(await walletOf(counter)).toMatchObject({ balancePesewas: 1_000, cashbackReservedPesewas: 0 });

    const claimed = await scan(counter.staff, { qrData: await qrOf(member.cookies), action: "redeem" });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().message).toBe("Give Yaa their reward: A free plate.");
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(0);
  });

  it("asks for an amount a cashback can be", async () => {
    const counter = await shopWithCashbackCard(0);
    const saved = await sendAs(
      ctx.app,
      counter.owner,
      "PUT",
      `/api/companies/${counter.companyId}/loyalty-program`,
      {
        programName: "Regulars",
        requiredVisits: 3,
        rewardTitle: "A free plate",
        minimumSpend: 0,
        rewardCashback: 0.2,
        validityDays: 365,
        maxActiveCards: 1000,
        isActive: true,
      },
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe("Cashback with the reward is GH₵ 0.50 to GH₵ 500 (0 for none)");
  });
});
