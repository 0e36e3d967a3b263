import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import {
  ads,
  companies,
  companyPointAllocations,
  jobRuns,
  payments,
  subscriptions,
  users,
} from "../../db/schema";
import { runBillingJobs } from "../../jobs/billing.job";
import { signedInOwner } from "../../test/company-session";
import { signedInAdmin, signedInMember } from "../../test/members";
import { latestOutboxMessage } from "../../test/outbox";
import { fakeOtp, type PaystackFake } from "../../test/paystack-fake";
import { paystackTestContext } from "../../test/paystack-test-context";
import { sendAs, type TestContext, testClock } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";

const secretKey = "sk_test_anigye_payments";
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
const dayMs = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let fake: PaystackFake;
let closeAll: () => Promise<void>;
let people = 0;

beforeAll(async () => {
  ({ ctx, fake, close: closeAll } = await paystackTestContext({ secretKey, now: clock.now }));
});
afterAll(() => closeAll());

function member(fields: Parameters<typeof signedInMember>[2] = {}) {
  return signedInMember(ctx.database.db, "payer", fields);
}

function admin() {
  return signedInAdmin(ctx.database.db, "payments-admin", { displayName: "Platform Admin" });
}

/** A company owner signed in (session made directly), on a plan paid until `paidUntil`. */
function owner(plan: "starter" | "business" | "pro" | "enterprise" = "pro", daysLeft = 10) {
  people++;
  return signedInOwner(ctx.database.db, {
    username: `pay-shop-${people}`,
    plan,
    paidUntil: new Date(clock.now().getTime() + daysLeft * dayMs),
    contactEmail: `shop${people}@example.com`,
  });
}

const momoPhone = "024 123 4567";

function payForPlan(cookies: Record<string, string>, companyId: number, plan: string, extra = {}) {
  return sendAs(ctx.app, cookies, "POST", "/api/payments", {
    purpose: "company_plan",
    companyId,
    plan,
    method: "momo_manual",
    paymentPhone: momoPhone,
    provider: "mtn",
    ...extra,
  });
}

function buyPlus(cookies: Record<string, string>, provider = "mtn", phone = "024 555 1234") {
  return sendAs(ctx.app, cookies, "POST", "/api/payments", {
    purpose: "plus",
    method: "paystack",
    provider,
    paymentPhone: phone,
  });
}

async function companyRow(id: number) {
  const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

async function userRow(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function paymentRow(id: number) {
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function activePeriods(filter: { userId?: number; companyId?: number }) {
  return ctx.database.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        filter.userId
          ? eq(subscriptions.userId, filter.userId)
          : eq(subscriptions.companyId, filter.companyId!),
      ),
    );
}

describe("plans", () => {
  it("lists the four plans and Anigye+ with prices in pesewas and the ways to pay", async () => {
    const response = await sendAs(ctx.app, {}, "GET", "/api/plans");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.plans.map((p: { id: string; pricePesewas: number }) => [p.id, p.pricePesewas])).toEqual([
      ["starter", 10000],
      ["business", 20000],
      ["pro", 40000],
      ["enterprise", 80000],
    ]);
    expect(body.plus.pricePesewas).toBe(2000);
    expect(body.providerEnabled).toBe(true);
    expect(body.manualMomo.merchantNumber).toBeTruthy();
    expect(body.plus.benefits).toEqual([
      "Premium ads from local brands, with their richer offers",
      "Monthly competitions for members (with the tier, redemptions and shares they ask)",
      "Everything free members get on Anigye",
    ]);
  });

  it("says Anigye+'s benefits in Twi when asked", async () => {
    const response = await sendAs(ctx.app, {}, "GET", "/api/plans", undefined, { "accept-language": "tw" });
    expect(response.json().plus.benefits).toEqual([
      twiOf("Premium ads from local brands, with their richer offers"),
      twiOf("Monthly competitions for members (with the tier, redemptions and shares they ask)"),
      twiOf("Everything free members get on {brand}", { brand: "Anigye" }),
    ]);
  });
});

describe("manual MoMo for a business plan", () => {
  it("an owner pays, an admin verifies, the upgrade takes effect at once with the old plan's days credited", async () => {
    const shop = await owner("pro", 10);
    const order = await payForPlan(shop.cookies, shop.company.id, "enterprise");
    expect(order.statusCode).toBe(201);
    const created = order.json();
    expect(created).toMatchObject({ status: "pending", amount: 80000, currency: "GHS" });
    expect(created.reference).toMatch(/^ANG-[A-Z2-9]{8}$/);
    expect(created.nextStep).toMatchObject({ type: "send_momo" });
    expect(created.nextStep.displayText).toBe(
      `Send the amount by mobile money to ${created.nextStep.merchantNumber} with the reference ${created.reference}, then enter the MoMo transaction ID from your confirmation SMS.`,
    );
    const inTwi = await sendAs(ctx.app, shop.cookies, "GET", `/api/payments/${created.id}`, undefined, {
      "accept-language": "tw",
    });
    expect(inTwi.json().nextStep.displayText).toBe(
      twiOf(
        "Send the amount by mobile money to {number} with the reference {reference}, then enter the MoMo transaction ID from your confirmation SMS.",
        { number: created.nextStep.merchantNumber, reference: created.reference },
      ),
    );

    // Not in the queue until the payer gives the MoMo transaction ID.
    const boss = await admin();
    const before = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=pending")).json();
    expect(before.payments.find((p: { id: number }) => p.id === created.id).proofSubmitted).toBe(false);

    const proof = await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${created.id}/proof`, {
      paymentReference: "MP241123.0915.A12345",
      paymentPhone: momoPhone,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json().nextStep.type).toBe("wait_for_admin");

    const queue = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=pending")).json();
    const queued = queue.payments.find((p: { id: number }) => p.id === created.id);
    expect(queued).toMatchObject({
      amount: 80000,
      paymentPhone: "+233241234567",
      reference: created.reference,
      momoReference: "MP241123.0915.A12345",
      payerName: shop.company.name,
      proofSubmitted: true,
    });

    const decision = await sendAs(
      ctx.app,
      boss.cookies,
      "POST",
      `/api/admin/payments/${created.id}/decision`,
      {
        status: "verified",
      },
    );
    expect(decision.statusCode).toBe(200);
    expect(decision.json()).toMatchObject({ status: "succeeded", plan: "enterprise" });

    const company = await companyRow(shop.company.id);
    expect(company.plan).toBe("enterprise");
    expect(company.maxAds).toBe(999);
    // 30 days plus 10 days of Pro (GH₵ 400) worth 5 days of Enterprise (GH₵ 800).
    expect(company.paidUntil!.getTime()).toBe(clock.now().getTime() + 35 * dayMs);
    const profile = (await sendAs(ctx.app, shop.cookies, "GET", `/api/companies/${shop.company.id}`)).json();
    expect(profile.plan.plan).toBe("enterprise");

    const told = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(told?.subject).toContain("Payment received");

    const again = await sendAs(ctx.app, boss.cookies, "POST", `/api/admin/payments/${created.id}/decision`, {
      status: "verified",
    });
    expect(again.statusCode).toBe(409);
    expect(await activePeriods({ companyId: shop.company.id })).toHaveLength(1);
  });

  it("a rejection needs a reason, grants nothing and tells the payer", async () => {
    const shop = await owner("starter", 5);
    const created = (
      await payForPlan(shop.cookies, shop.company.id, "business", { paymentReference: "MP-REJECT-1" })
    ).json();
    const boss = await admin();
    const url = `/api/admin/payments/${created.id}/decision`;
    const noReason = await sendAs(ctx.app, boss.cookies, "POST", url, { status: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.notes).toBe("Give the payer a reason for the rejection");
    const rejected = await sendAs(ctx.app, boss.cookies, "POST", url, {
      status: "rejected",
      notes: "No MoMo transfer with this ID reached us",
    });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      reason: "No MoMo transfer with this ID reached us",
    });
    expect((await companyRow(shop.company.id)).plan).toBe("starter");
    const told = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(told?.textBody).toContain("No MoMo transfer with this ID reached us");
    // The MoMo ID of a rejected payment can be submitted again.
    const retry = await payForPlan(shop.cookies, shop.company.id, "business", {
      paymentReference: "MP-REJECT-1",
    });
    expect(retry.statusCode).toBe(201);
    const duplicate = await payForPlan(shop.cookies, shop.company.id, "business", {
      paymentReference: "MP-REJECT-1",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields.paymentReference).toContain("already been submitted");
  });

  it("pages the admin's queue 25 at a time, the longest waiting first, with the total", async () => {
    const boss = await admin();
    // Rejected payments: a status no other test here lists, so these 30 are the oldest and counted alone.
    const rejectedPage = (page: number) =>
      sendAs(ctx.app, boss.cookies, "GET", `/api/admin/payments?status=rejected&page=${page}`);
    const totalBefore = (await rejectedPage(1)).json().total as number;
    const shop = await owner();
    const longAgo = Date.UTC(2026, 0, 1);
    const inserted = await ctx.database.db
      .insert(payments)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          companyId: shop.company.id,
          amountPesewas: 400_00,
          reference: `QUEUE-${shop.company.id}-${i}`,
          status: "rejected" as const,
          reason: "No MoMo transfer arrived",
          paymentMethod: "paystack",
          createdAt: new Date(longAgo + i * 60_000),
        })),
      )
      .returning({ id: payments.id });
    const ids = inserted.map((row) => row.id);

    const first = (await rejectedPage(1)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: totalBefore + 30 });
    expect(first.payments.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 25));
    const second = (await rejectedPage(2)).json();
    expect(second.payments.map((p: { id: number }) => p.id).slice(0, 5)).toEqual(ids.slice(25));
    expect(second.payments).toHaveLength(Math.min(25, totalBefore + 5));

    const refused = await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?page=0");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.page).toBe("Page starts at 1");
  });

  it("checks the payment proof: a Ghana phone and a MoMo ID of at least one character", async () => {
    const shop = await owner();
    const badPhone = await payForPlan(shop.cookies, shop.company.id, "pro", { paymentPhone: "12" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields.paymentPhone).toBeTruthy();
    const emptyReference = await payForPlan(shop.cookies, shop.company.id, "pro", { paymentReference: "" });
    expect(emptyReference.statusCode).toBe(400);
    const noPlan = await sendAs(ctx.app, shop.cookies, "POST", "/api/payments", {
      purpose: "company_plan",
      companyId: shop.company.id,
      method: "momo_manual",
      paymentPhone: momoPhone,
    });
    expect(noPlan.json().fields.plan).toBe("Choose a plan");
    expect(
      await ctx.database.db.select().from(payments).where(eq(payments.companyId, shop.company.id)),
    ).toHaveLength(0);
  });

  it("asks which network paid, keeps it, and shows it to the admin verifying", async () => {
    const shop = await owner();
    const noNetwork = await payForPlan(shop.cookies, shop.company.id, "pro", { provider: undefined });
    expect(noNetwork.statusCode).toBe(400);
    expect(noNetwork.json().fields.provider).toBe("Choose your mobile money network");
    const unknown = await payForPlan(shop.cookies, shop.company.id, "pro", { provider: "glo" });
    expect(unknown.json().fields.provider).toBe("Choose your mobile money network");
    expect(await pendingOrdersOf({ companyId: shop.company.id })).toHaveLength(0);

    const order = (await payForPlan(shop.cookies, shop.company.id, "pro", { provider: "vod" })).json();
    expect((await paymentRow(order.id)).momoProvider).toBe("telecel");
    // Sent from another number on another network after all: the proof says so.
    const proof = await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${order.id}/proof`, {
      paymentReference: `MP-NETWORK-${order.id}`,
      paymentPhone: "027 123 4567",
      provider: "atl",
    });
    expect(proof.statusCode).toBe(200);
    const boss = await admin();
    const queue = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=pending")).json();
    expect(queue.payments.find((p: { id: number }) => p.id === order.id)).toMatchObject({
      method: "momo_manual",
      provider: "atl",
      paymentPhone: "+233271234567",
      momoReference: `MP-NETWORK-${order.id}`,
    });

    // An order kept from before the network was asked can't join the queue without it.
    const older = (await payForPlan(shop.cookies, shop.company.id, "business")).json();
    await ctx.database.db.update(payments).set({ momoProvider: null }).where(eq(payments.id, older.id));
    const proofBody = { paymentReference: `MP-OLDER-${older.id}`, paymentPhone: momoPhone };
    const refused = await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${older.id}/proof`, proofBody);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.provider).toBe("Choose your mobile money network");
    expect((await paymentRow(older.id)).proofSubmittedAt).toBeNull();
    const given = await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${older.id}/proof`, {
      ...proofBody,
      provider: "mtn",
    });
    expect(given.statusCode).toBe(200);
    expect((await paymentRow(older.id)).momoProvider).toBe("mtn");
  });

  it("only the owner pays for or reads a company's payments; only admins decide", async () => {
    const shop = await owner();
    const other = await owner();
    const someone = await member();
    expect((await payForPlan(other.cookies, shop.company.id, "pro")).statusCode).toBe(403);
    expect((await payForPlan(someone.cookies, shop.company.id, "pro")).statusCode).toBe(401);
    expect((await payForPlan({}, shop.company.id, "pro")).statusCode).toBe(401);

    const created = (
      await payForPlan(shop.cookies, shop.company.id, "pro", { paymentReference: "MP-OWN-1" })
    ).json();
    expect((await sendAs(ctx.app, shop.cookies, "GET", `/api/payments/${created.id}`)).statusCode).toBe(200);
    expect((await sendAs(ctx.app, other.cookies, "GET", `/api/payments/${created.id}`)).statusCode).toBe(404);
    expect((await sendAs(ctx.app, someone.cookies, "GET", `/api/payments/${created.id}`)).statusCode).toBe(
      404,
    );
    expect((await sendAs(ctx.app, {}, "GET", `/api/payments/${created.id}`)).statusCode).toBe(401);
    expect(
      (await sendAs(ctx.app, other.cookies, "GET", `/api/companies/${shop.company.id}/payments`)).statusCode,
    ).toBe(403);
    const list = (
      await sendAs(ctx.app, shop.cookies, "GET", `/api/companies/${shop.company.id}/payments`)
    ).json();
    expect(list.payments.map((p: { id: number }) => p.id)).toEqual([created.id]);

    const decide = (cookies: Record<string, string>) =>
      sendAs(ctx.app, cookies, "POST", `/api/admin/payments/${created.id}/decision`, { status: "verified" });
    expect((await decide(shop.cookies)).statusCode).toBe(403);
    expect((await decide(someone.cookies)).statusCode).toBe(403);
    const staff = await member({ role: "staff" });
    expect((await decide(staff.cookies)).statusCode).toBe(403);
    expect((await sendAs(ctx.app, someone.cookies, "GET", "/api/admin/payments")).statusCode).toBe(403);
    expect((await paymentRow(created.id)).status).toBe("pending");
    const boss = await admin();
    expect((await sendAs(ctx.app, boss.cookies, "GET", `/api/payments/${created.id}`)).statusCode).toBe(200);
    expect(
      (
        await sendAs(ctx.app, boss.cookies, "POST", "/api/admin/payments/99999/decision", {
          status: "verified",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("limits each payer to 20 orders an hour without touching anyone else", async () => {
    const busy = await owner();
    for (let i = 0; i < 20; i++) {
      expect((await payForPlan(busy.cookies, busy.company.id, "pro")).statusCode).toBe(201);
    }
    expect((await payForPlan(busy.cookies, busy.company.id, "pro")).statusCode).toBe(429);
    const other = await owner();
    expect((await payForPlan(other.cookies, other.company.id, "pro")).statusCode).toBe(201);
  });

  async function pendingOrdersOf(filter: { userId?: number; companyId?: number }) {
    return ctx.database.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          filter.userId ? eq(payments.userId, filter.userId) : eq(payments.companyId, filter.companyId!),
        ),
      );
  }

  it("asking again for the same plan (a reload after Show payment details) resumes the open order", async () => {
    const shop = await owner("business", 0);
    const first = await payForPlan(shop.cookies, shop.company.id, "pro");
    expect(first.statusCode).toBe(201);
    const again = await payForPlan(shop.cookies, shop.company.id, "pro", { paymentPhone: "020 765 4321" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.json().id, reference: first.json().reference });
    const orders = await pendingOrdersOf({ companyId: shop.company.id });
    expect(orders).toHaveLength(1);
    expect(orders[0]!.momoNumber).toBe("+233207654321");

    // Another plan is another order; the transaction ID given on a resumed order is kept on it.
    const other = await payForPlan(shop.cookies, shop.company.id, "enterprise");
    expect(other.json().id).not.toBe(first.json().id);
    const proof = await payForPlan(shop.cookies, shop.company.id, "pro", { paymentReference: "MP-RESUME-1" });
    expect(proof.json()).toMatchObject({ id: first.json().id, nextStep: { type: "wait_for_admin" } });
    expect(await pendingOrdersOf({ companyId: shop.company.id })).toHaveLength(2);

    // Once its transaction ID is in, the order waits for an admin: a new request is a new order.
    const afterProof = await payForPlan(shop.cookies, shop.company.id, "pro");
    expect(afterProof.json().id).not.toBe(first.json().id);
  });

  it("a member's second Anigye+ request resumes the open manual order", async () => {
    const payer = await member();
    const orderPlus = () =>
      sendAs(ctx.app, payer.cookies, "POST", "/api/payments", {
        purpose: "plus",
        method: "momo_manual",
        paymentPhone: momoPhone,
        provider: "atl",
      });
    const first = (await orderPlus()).json();
    const second = (await orderPlus()).json();
    expect(second.id).toBe(first.id);
    expect(await pendingOrdersOf({ userId: payer.user.id })).toHaveLength(1);
  });

  it("ten identical requests at once leave exactly one pending order", async () => {
    const shop = await owner("business", 0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => payForPlan(shop.cookies, shop.company.id, "pro")),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await pendingOrdersOf({ companyId: shop.company.id })).toHaveLength(1);
    const periods = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, shop.company.id));
    expect(periods).toHaveLength(1);
  });

  it("two admins verifying at once grant one period", async () => {
    const shop = await owner("business", 0);
    const created = (
      await payForPlan(shop.cookies, shop.company.id, "business", { paymentReference: "MP-TWO-1" })
    ).json();
    const [first, second] = [await admin(), await admin()];
    const answers = await Promise.all(
      [first, second, first, second].map((a) =>
        sendAs(ctx.app, a.cookies, "POST", `/api/admin/payments/${created.id}/decision`, {
          status: "verified",
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const periods = await activePeriods({ companyId: shop.company.id });
    expect(periods).toHaveLength(1);
    expect((await companyRow(shop.company.id)).paidUntil!.getTime()).toBe(clock.now().getTime() + 30 * dayMs);
  });
});

describe("Paystack mobile money", () => {
  async function plusPayment() {
    const payer = await member();
    const charge = await buyPlus(payer.cookies);
    expect(charge.statusCode).toBe(201);
    return { payer, payment: charge.json() };
  }

  it("a member buys Anigye+: approve on the phone, the signed webhook and a verify call activate it", async () => {
    const { payer, payment } = await plusPayment();
    expect(payment).toMatchObject({
      status: "pending",
      amount: 2000,
      nextStep: { type: "approve_on_phone" },
    });
    const sent = fake.requests.find(
      (r) => r.path === "/charge" && (r.body as { reference: string }).reference === payment.reference,
    );
    expect(sent?.body).toMatchObject({
      amount: 2000,
      currency: "GHS",
      mobile_money: { phone: "0245551234", provider: "mtn" },
      email: payer.user.email,
    });
    expect((await sendAs(ctx.app, payer.cookies, "GET", "/api/subscriptions/mine")).json().isPlus).toBe(
      false,
    );

    expect(await fake.approve(payment.reference)).toBe(200);
    const mine = (await sendAs(ctx.app, payer.cookies, "GET", "/api/subscriptions/mine")).json();
    expect(mine.isPlus).toBe(true);
    expect(new Date(mine.plusExpiresAt).getTime()).toBe(clock.now().getTime() + 30 * dayMs);
    expect(mine.payments[0]).toMatchObject({
      id: payment.id,
      status: "succeeded",
      description: "Anigye+ · 30 days",
    });
    const receipt = (await sendAs(ctx.app, payer.cookies, "GET", `/api/payments/${payment.id}`)).json();
    expect(receipt.periodEnd).toBe(mine.plusExpiresAt);
    const verified = fake.requests.filter((r) => r.path === `/transaction/verify/${payment.reference}`);
    expect(verified.length).toBeGreaterThanOrEqual(1);
  });

  it("a webhook with a bad or missing signature is refused and changes nothing", async () => {
    const { payer, payment } = await plusPayment();
    const transaction = fake.transactions.get(payment.reference)!;
    transaction.status = "success";
    expect(await fake.deliver("charge.success", transaction, null)).toBe(401);
    expect(await fake.deliver("charge.success", transaction, "ab".repeat(64))).toBe(401);
    expect(await fake.deliver("charge.success", transaction, "not-hex")).toBe(401);
    expect((await paymentRow(payment.id)).status).toBe("pending");
    expect((await userRow(payer.user.id)).isPlus).toBe(false);
    // The route skips the browser CSRF guard but nothing else: a plain cross-site post is still refused.
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/paystack/webhook",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      payload: JSON.stringify({ event: "charge.success", data: { reference: payment.reference } }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await fake.deliver("charge.success", transaction)).toBe(200);
    expect((await userRow(payer.user.id)).isPlus).toBe(true);
  });

  it("the same event ten times at once grants one period", async () => {
    const { payer, payment } = await plusPayment();
    const transaction = fake.transactions.get(payment.reference)!;
    transaction.status = "success";
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => fake.deliver("charge.success", transaction)),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await activePeriods({ userId: payer.user.id })).toHaveLength(1);
    expect((await userRow(payer.user.id)).subscriptionExpiresAt!.getTime()).toBe(
      clock.now().getTime() + 30 * dayMs,
    );
  });

  it("the webhook and an admin's verify at once grant one period", async () => {
    const { payer, payment } = await plusPayment();
    const transaction = fake.transactions.get(payment.reference)!;
    transaction.status = "success";
    const boss = await admin();
    const [hook, decision] = await Promise.all([
      fake.deliver("charge.success", transaction),
      sendAs(ctx.app, boss.cookies, "POST", `/api/admin/payments/${payment.id}/decision`, {
        status: "verified",
      }),
    ]);
    expect(hook).toBe(200);
    expect([200, 409]).toContain(decision.statusCode);
    expect(await activePeriods({ userId: payer.user.id })).toHaveLength(1);
    expect((await userRow(payer.user.id)).subscriptionExpiresAt!.getTime()).toBe(
      clock.now().getTime() + 30 * dayMs,
    );
  });

  it("a webhook that arrives before the charge call returns grants one period", async () => {
    const payer = await member();
    fake.hooks.beforeChargeAnswer = async (t) => {
      await fake.approve(t.reference);
    };
    try {
      const charge = await buyPlus(payer.cookies);
      expect(charge.json()).toMatchObject({ status: "succeeded", nextStep: { type: "done" } });
    } finally {
      fake.hooks.beforeChargeAnswer = undefined;
    }
    expect(await activePeriods({ userId: payer.user.id })).toHaveLength(1);
  });

  it("money that doesn't match the order is flagged for an admin, never activated", async () => {
    const { payer, payment } = await plusPayment();
    await fake.approve(payment.reference, { amount: 100 });
    expect((await paymentRow(payment.id)).status).toBe("flagged");
    expect((await userRow(payer.user.id)).isPlus).toBe(false);
    const { payment: other } = await plusPayment();
    await fake.approve(other.reference, { currency: "NGN" });
    expect((await paymentRow(other.id)).status).toBe("flagged");
    const boss = await admin();
    const flagged = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=flagged")).json();
    expect(flagged.payments.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([payment.id, other.id]),
    );
    expect(flagged.payments.find((p: { id: number }) => p.id === payment.id).reason).toContain("GH₵ 20.00");
  });

  it("a declined charge grants nothing and says why", async () => {
    const payer = await member();
    const charge = await buyPlus(payer.cookies, "mtn", "024 555 1000");
    expect(charge.json()).toMatchObject({ status: "failed", nextStep: { type: "failed" } });
    expect((await userRow(payer.user.id)).isPlus).toBe(false);
    expect(await activePeriods({ userId: payer.user.id })).toHaveLength(0);
  });

  it("Telecel Cash asks for the SMS code; a wrong code can be retried", async () => {
    const payer = await member();
    const charge = (await buyPlus(payer.cookies, "vod", "020 123 4567")).json();
    expect(charge.nextStep.type).toBe("enter_otp");
    const url = `/api/payments/${charge.id}/otp`;
    const wrong = await sendAs(ctx.app, payer.cookies, "POST", url, { otp: "999999" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.otp).toBe("Invalid OTP");
    const stranger = await member();
    expect((await sendAs(ctx.app, stranger.cookies, "POST", url, { otp: fakeOtp })).statusCode).toBe(404);
    const right = await sendAs(ctx.app, payer.cookies, "POST", url, { otp: fakeOtp });
    expect(right.json().nextStep.type).toBe("approve_on_phone");
    await fake.approve(charge.reference);
    expect((await userRow(payer.user.id)).isPlus).toBe(true);
  });

  it("a signed charge.success for a manual MoMo payment changes nothing (answered 200 so Paystack stops)", async () => {
    const shop = await owner("pro", 10);
    const order = (await payForPlan(shop.cookies, shop.company.id, "enterprise")).json();
    await sendAs(ctx.app, shop.cookies, "POST", `/api/payments/${order.id}/proof`, {
      paymentReference: `MP-PAYSTACK-${order.id}`,
      paymentPhone: momoPhone,
      provider: "mtn",
    });
    const paidUntil = (await companyRow(shop.company.id)).paidUntil;
    // Paystack holds a successful charge under the manual order's reference, for its exact amount (a charge
    // someone made with our reference): it still settles only what was paid through Paystack.
    const transaction = {
      id: 990_000 + order.id,
      reference: order.reference,
      amount: order.amount,
      currency: "GHS",
      email: "someone@example.com",
      phone: "0241234567",
      provider: "mtn",
      status: "success" as const,
      metadata: {},
    };
    fake.transactions.set(order.reference, transaction);
    expect(await fake.deliver("charge.success", transaction)).toBe(200);
    // The status page's re-check doesn't settle it either.
    clock.advance(6_000);
    const status = (await sendAs(ctx.app, shop.cookies, "GET", `/api/payments/${order.id}`)).json();
    expect(status.status).toBe("pending");
    expect(await paymentRow(order.id)).toMatchObject({ status: "pending", transactionId: null });
    expect((await companyRow(shop.company.id)).paidUntil).toEqual(paidUntil);
    expect(await activePeriods({ companyId: shop.company.id })).toHaveLength(0);
    // The admin still decides it.
    const boss = await admin();
    const queue = (await sendAs(ctx.app, boss.cookies, "GET", "/api/admin/payments?status=pending")).json();
    expect(queue.payments.find((p: { id: number }) => p.id === order.id)).toMatchObject({
      status: "pending",
      proofSubmitted: true,
    });
  });

  it("a lost webhook: the status page asks Paystack and the payment completes", async () => {
    const { payer, payment } = await plusPayment();
    fake.settleSilently(payment.reference);
    clock.advance(6_000);
    const status = (await sendAs(ctx.app, payer.cookies, "GET", `/api/payments/${payment.id}`)).json();
    expect(status.status).toBe("succeeded");
    expect((await userRow(payer.user.id)).isPlus).toBe(true);
  });
});

describe("periods, expiry and jobs", () => {
  async function seedAds(companyId: number, count: number) {
    for (let i = 0; i < count; i++) {
      await ctx.database.db.insert(ads).values({
        companyId,
        title: `Ad ${i + 1}`,
        category: "Food & Dining",
        durationSeconds: 10,
        createdAt: new Date(clock.now().getTime() - (count - i) * 60_000),
      });
    }
    return ctx.database.db.select().from(ads).where(eq(ads.companyId, companyId)).orderBy(ads.id);
  }

  async function verifyManual(
    cookies: Record<string, string>,
    companyId: number,
    plan: string,
    momo: string,
  ) {
    const created = (await payForPlan(cookies, companyId, plan, { paymentReference: momo })).json();
    const boss = await admin();
    const decided = await sendAs(
      ctx.app,
      boss.cookies,
      "POST",
      `/api/admin/payments/${created.id}/decision`,
      {
        status: "verified",
      },
    );
    expect(decided.statusCode).toBe(200);
    return created.id as number;
  }

  it("a downgrade waits for the paid period to end, then pauses ads over the new limit; the owner chooses", async () => {
    const shop = await owner("pro", 20);
    const seeded = await seedAds(shop.company.id, 3);
    await verifyManual(shop.cookies, shop.company.id, "starter", `MP-DOWN-${shop.company.id}`);
    let company = await companyRow(shop.company.id);
    expect(company.plan).toBe("pro");
    expect(company.paidUntil!.getTime()).toBe(clock.now().getTime() + 50 * dayMs);
    const profile = (await sendAs(ctx.app, shop.cookies, "GET", `/api/companies/${shop.company.id}`)).json();
    expect(profile.plan.paidUntil).toBe(company.paidUntil!.toISOString());
    expect(profile.plan.nextPlan).toEqual({
      plan: "starter",
      startsAt: new Date(clock.now().getTime() + 20 * dayMs).toISOString(),
    });
    expect(profile.plan.adsLive).toBe(3);

    clock.advance(20 * dayMs + 60_000);
    await runBillingJobs(ctx.app.deps, clock.now());
    company = await companyRow(shop.company.id);
    expect(company.plan).toBe("starter");
    expect(company.maxAds).toBe(1);
    const live = await ctx.database.db
      .select()
      .from(ads)
      .where(and(eq(ads.companyId, shop.company.id), eq(ads.isActive, true)));
    expect(live.map((ad) => ad.id)).toEqual([seeded[2]!.id]); // the newest stays live
    const [oldest] = seeded;

    const resume = (adId: number) =>
      sendAs(ctx.app, shop.cookies, "POST", `/api/companies/${shop.company.id}/ads/${adId}/resume`);
    const refused = await resume(oldest!.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("Starter plan shows 1 ad at a time");
    await sendAs(
      ctx.app,
      shop.cookies,
      "POST",
      `/api/companies/${shop.company.id}/ads/${seeded[2]!.id}/pause`,
    );
    expect((await resume(oldest!.id)).statusCode).toBe(200);
    expect(
      (await ctx.database.db.select().from(ads).where(eq(ads.companyId, shop.company.id))).every(
        (ad) => ad.deletedAt === null,
      ),
    ).toBe(true);
  });

  it("an upgrade brings back the ads the plan had paused", async () => {
    const shop = await owner("business", 1);
    await seedAds(shop.company.id, 2);
    clock.advance(dayMs + 60_000);
    await runBillingJobs(ctx.app.deps, clock.now());
    let company = await companyRow(shop.company.id);
    expect(company).toMatchObject({ plan: "starter", paymentStatus: "overdue" });
    const lapsedMail = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(lapsedMail?.subject).toContain("plan has ended");
    const liveCount = async () =>
      (
        await ctx.database.db
          .select()
          .from(ads)
          .where(and(eq(ads.companyId, shop.company.id), eq(ads.isActive, true)))
      ).length;
    expect(await liveCount()).toBe(1);

    await verifyManual(shop.cookies, shop.company.id, "business", `MP-UP-${shop.company.id}`);
    company = await companyRow(shop.company.id);
    expect(company).toMatchObject({ plan: "business", paymentStatus: "paid", maxAds: 2 });
    expect(await liveCount()).toBe(2);
  });

  it("a lapsed Anigye+ member stops seeing premium ads", async () => {
    const { company } = await owner("enterprise", 90);
    const [premium] = await ctx.database.db
      .insert(ads)
      .values({
        companyId: company.id,
        title: "Members only",
        category: "Food & Dining",
        isPlus: true,
        durationSeconds: 10,
        rewardType: "xp",
      })
      .returning();
    const payer = await member();
    const charge = (await buyPlus(payer.cookies)).json();
    await fake.approve(charge.reference);
    const discover = async () =>
      (await sendAs(ctx.app, payer.cookies, "GET", "/api/ads/discovery"))
        .json()
        .map((a: { id: number }) => a.id);
    expect(await discover()).toContain(premium!.id);

    clock.advance(30 * dayMs + 60_000);
    await runBillingJobs(ctx.app.deps, clock.now());
    expect((await userRow(payer.user.id)).isPlus).toBe(false);
    expect(await discover()).not.toContain(premium!.id);
  });

  it("reminders go 3 days before the end and on the day, once each", async () => {
    const shop = await owner("pro", 3);
    clock.advance(60 * 60 * 1000);
    await runBillingJobs(ctx.app.deps, clock.now());
    const first = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(first?.subject).toContain("ends in 3 days");
    clock.advance(60 * 60 * 1000);
    await runBillingJobs(ctx.app.deps, clock.now());
    expect((await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email"))?.id).toBe(
      first?.id,
    );
    clock.advance(2 * dayMs + 20 * 60 * 60 * 1000);
    await runBillingJobs(ctx.app.deps, clock.now());
    const dayOf = await latestOutboxMessage(ctx.database.db, shop.company.contactEmail!, "email");
    expect(dayOf?.subject).toContain("ends today");
  });

  it("each job runs once per period, even when two instances tick together", async () => {
    clock.advance(60 * 60 * 1000);
    const tickAt = clock.now();
    // On PostgreSQL the second instance is a second app with its own connection pool.
    const second = ctx.databaseUrl
      ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 4 })
      : undefined;
    const secondDeps = second ? { ...ctx.app.deps, db: second.db } : ctx.app.deps;
    const [one, two] = await Promise.all([
      runBillingJobs(ctx.app.deps, tickAt),
      runBillingJobs(secondDeps, tickAt),
    ]).finally(() => second?.close());
    expect([...one, ...two].sort()).toEqual(["reminders", "sweep"]);
    const runs = await ctx.database.db.select().from(jobRuns).where(eq(jobRuns.job, "billing-sweep"));
    expect(new Set(runs.map((r) => r.period)).size).toBe(runs.length);
  });

  it("the monthly points allocation resets on the 1st, once", async () => {
    const shop = await owner("pro", 60);
    const monthOf = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    const next = new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() + 1, 1, 0, 5));
    clock.advance(next.getTime() - clock.now().getTime());
    await Promise.all([runBillingJobs(ctx.app.deps, clock.now()), runBillingJobs(ctx.app.deps, clock.now())]);
    const { year, month } = monthOf(clock.now());
    const rows = await ctx.database.db
      .select()
      .from(companyPointAllocations)
      .where(
        and(
          eq(companyPointAllocations.companyId, shop.company.id),
          eq(companyPointAllocations.year, year),
          eq(companyPointAllocations.month, month),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ allocatedPoints: 1000, remainingPoints: 1000, usedPoints: 0 });
  });
});
