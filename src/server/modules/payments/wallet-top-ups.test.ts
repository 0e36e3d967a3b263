import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "../../test/company-session";
import { signedInAdmin, signedInMember } from "../../test/members";
import { latestOutboxMessage } from "../../test/outbox";
import type { PaystackFake } from "../../test/paystack-fake";
import { paystackTestContext } from "../../test/paystack-test-context";
import { sendAs, type TestContext, testClock } from "../../test/test-app";
import { checkMoneyLedger } from "../money";

/** Money onto a business's balance, paid by mobile money like a plan, landing once the payment succeeds. */
const secretKey = "sk_test_anigye_top_ups";
const clock = testClock(new Date("2026-11-29T09:00:00Z"));
let ctx: TestContext;
let fake: PaystackFake;
let closeAll: () => Promise<void>;
let shops = 0;

beforeAll(async () => {
  ({ ctx, fake, close: closeAll } = await paystackTestContext({ secretKey, now: clock.now }));
});
afterAll(() => closeAll());
afterEach(async () => {
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

function owner() {
  shops++;
  return signedInOwner(ctx.database.db, {
    username: `top-up-shop-${shops}`,
    contactEmail: `top-up-shop${shops}@example.com`,
  });
}

function admin() {
  return signedInAdmin(ctx.database.db, "top-up-admin");
}

function topUp(cookies: Record<string, string>, companyId: number, body: Record<string, unknown> = {}) {
  return sendAs(ctx.app, cookies, "POST", `/api/companies/${companyId}/wallet/top-ups`, {
    amountPesewas: 5_000,
    method: "momo_manual",
    paymentPhone: "024 123 4567",
    network: "mtn",
    ...body,
  });
}

async function walletOf(cookies: Record<string, string>, companyId: number) {
  const wallet = await sendAs(ctx.app, cookies, "GET", `/api/companies/${companyId}/wallet`);
  expect(wallet.statusCode).toBe(200);
  return wallet.json();
}

function decide(
  cookies: Record<string, string>,
  paymentId: number,
  status: "verified" | "rejected",
  notes?: string,
) {
  return sendAs(ctx.app, cookies, "POST", `/api/admin/payments/${paymentId}/decision`, { status, notes });
}

describe("topping up a business's balance by manual MoMo", () => {
  it("the owner sends GH₵ 50 with its MoMo ID, the admin verifies, and the balance holds it once", async () => {
    const shop = await owner();
    const order = await topUp(shop.cookies, shop.company.id, { paymentReference: "MP261129.0900.T00001" });
    expect(order.statusCode).toBe(201);
    const payment = order.json();
    expect(payment).toMatchObject({ status: "pending", amount: 5_000, nextStep: { type: "wait_for_admin" } });
    expect(await walletOf(shop.cookies, shop.company.id)).toEqual({
      balancePesewas: 0,
      cashbackReservedPesewas: 0,
      entries: [],
    });

    const boss = await admin();
    const queue = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=pending")).json();
    expect(queue.payments.find((queued: { id: number }) => queued.id === payment.id)).toMatchObject({
      purpose: "wallet_top_up",
      description: `Balance top-up · ${shop.company.name}`,
      momoReference: "MP261129.0900.T00001",
      provider: "mtn",
      proofSubmitted: true,
    });
    const [verified, again] = await Promise.all([
      decide(boss.cookies, payment.id, "verified"),
      decide(boss.cookies, payment.id, "verified"),
    ]);
    expect([verified.statusCode, again.statusCode].sort()).toEqual([200, 409]);

    const wallet = await walletOf(shop.cookies, shop.company.id);
    expect(wallet.balancePesewas).toBe(5_000);
    expect(wallet.entries).toEqual([
      expect.objectContaining({
        kind: "top_up",
        amountPesewas: 5_000,
        balanceAfterPesewas: 5_000,
        paymentId: payment.id,
      }),
    ]);
    const told = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(told?.subject).toContain("Payment received: Balance top-up");
    expect(told?.textBody).toContain("It is on your Anigye balance now");
  });

  it("without the MoMo ID first: the instructions, then the ID, then the admin", async () => {
    const shop = await owner();
    const payment = (await topUp(shop.cookies, shop.company.id, { amountPesewas: 2_550 })).json();
    expect(payment.nextStep).toMatchObject({ type: "send_momo" });

    const proof = await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${payment.id}/proof`, {
      paymentReference: "MP261129.0901.T00002",
      paymentPhone: "024 123 4567",
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json().nextStep.type).toBe("wait_for_admin");
    expect((await decide((await admin()).cookies, payment.id, "verified")).statusCode).toBe(200);

    expect((await walletOf(shop.cookies, shop.company.id)).balancePesewas).toBe(2_550);
  });

  it("a rejected top-up puts nothing on the balance", async () => {
    const shop = await owner();
    const payment = (
      await topUp(shop.cookies, shop.company.id, { paymentReference: "MP261129.0902.T00003" })
    ).json();
    const rejected = await decide(
      (await admin()).cookies,
      payment.id,
      "rejected",
      "No such transfer on our statement.",
    );
    expect(rejected.statusCode).toBe(200);
    expect(await walletOf(shop.cookies, shop.company.id)).toEqual({
      balancePesewas: 0,
      cashbackReservedPesewas: 0,
      entries: [],
    });
  });

  it("a MoMo transaction ID already given for a plan or another top-up is refused", async () => {
    const shop = await owner();
    const first = await topUp(shop.cookies, shop.company.id, { paymentReference: "MP261129.0903.T00004" });
    expect(first.statusCode).toBe(201);
    const reused = await topUp(shop.cookies, shop.company.id, { paymentReference: "MP261129.0903.T00004" });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().fields.paymentReference).toBe("This MoMo transaction ID has already been submitted");
    const forPlan = await sendAs(ctx.app, shop.cookies, "POST", "/api/payments", {
      purpose: "company_plan",
      companyId: shop.company.id,
      plan: "business",
      method: "momo_manual",
      paymentPhone: "024 123 4567",
      provider: "mtn",
      paymentReference: "MP261129.0903.T00004",
    });
    expect(forPlan.statusCode).toBe(409);
  });

  it("checks the amount and the network, with clear messages, and changes nothing", async () => {
    const shop = await owner();
    const tooSmall = await topUp(shop.cookies, shop.company.id, { amountPesewas: 499 });
    expect(tooSmall.statusCode).toBe(400);
    expect(JSON.stringify(tooSmall.json())).toContain("A top-up is at least GH₵ 5.00");
    const tooBig = await topUp(shop.cookies, shop.company.id, { amountPesewas: 1_000_001 });
    expect(JSON.stringify(tooBig.json())).toContain("A top-up is at most GH₵ 10,000.00");
    const fraction = await topUp(shop.cookies, shop.company.id, { amountPesewas: 600.5 });
    expect(fraction.statusCode).toBe(400);
    const noNetwork = await topUp(shop.cookies, shop.company.id, { network: "vodafone" });
    expect(JSON.stringify(noNetwork.json())).toContain("Choose your mobile money network");
    const payments = await sendAs(ctx.app, shop.cookies, "GET", `/api/companies/${shop.company.id}/payments`);
    expect(payments.json().payments).toEqual([]);
  });

  it("only the business's own owner tops it up: not another business, a member, an admin or a stranger", async () => {
    const shop = await owner();
    const other = await owner();
    const member = await signedInMember(ctx.database.db, "top-up-peeker");
    const boss = await admin();

    expect((await topUp(other.cookies, shop.company.id)).statusCode).toBe(403);
    expect((await topUp(member.cookies, shop.company.id)).statusCode).toBe(401);
    expect((await topUp(boss.cookies, shop.company.id)).statusCode).toBe(401);
    expect((await topUp({}, shop.company.id)).statusCode).toBe(401);
    const payments = await sendAs(ctx.app, shop.cookies, "GET", `/api/companies/${shop.company.id}/payments`);
    expect(payments.json().payments).toEqual([]);
  });
});

describe("topping up by Paystack mobile money", () => {
  it("the owner approves on the phone; the webhook ten times at once and an admin's verify credit the balance once", async () => {
    const shop = await owner();
    const order = await topUp(shop.cookies, shop.company.id, {
      method: "paystack",
      amountPesewas: 12_000,
      network: "telecel",
    });
    expect(order.statusCode).toBe(201);
    const payment = order.json();
    const sent = fake.requests.find(
      (request) =>
        request.path === "/charge" && (request.body as { reference: string }).reference === payment.reference,
    );
    expect(sent?.body).toMatchObject({
      amount: 12_000,
      currency: "GHS",
      mobile_money: { phone: "0241234567", provider: "vod" },
    });

    const transaction = fake.transactions.get(payment.reference)!;
    transaction.status = "success";
    const boss = await admin();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => fake.deliver("charge.success", transaction)),
      decide(boss.cookies, payment.id, "verified").then((answer) => answer.statusCode),
    ]);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));

    const wallet = await walletOf(shop.cookies, shop.company.id);
    expect(wallet.balancePesewas).toBe(12_000);
    expect(wallet.entries).toHaveLength(1);
  });
});
