import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { fraudDetection } from "../../db/schema/fraud";
import { cashbackWithdrawals, payoutAccounts } from "../../db/schema/money";
import { signedInOwner } from "../../test/company-session";
import { signedInAdmin, signedInMember } from "../../test/members";
import { latestSmsCodeFor } from "../../test/outbox";
import type { PaystackFake } from "../../test/paystack-fake";
import { paystackTestContext } from "../../test/paystack-test-context";
import { sendAs, type TestContext, testClock } from "../../test/test-app";
import { checkMoneyLedger, reconcilePayouts, settleStaleWithdrawals, transferMoney } from "./index";

// Cashback withdrawals to a member's MoMo wallet through Paystack Transfers
// (docs/product-rules.md#cashback-withdrawals).
const secretKey = "sk_test_anigye_payouts";
// The real time: the Paystack fake dates its transfers by it, and the reconciliation lists them by day.
const start = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = testClock(start);
let ctx: TestContext;
let fake: PaystackFake;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, fake, close: closeAll } = await paystackTestContext({ secretKey, now: clock.now }));
});
afterAll(() => closeAll());
afterEach(async () => {
  clock.set(start);
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

let members = 0;
let moves = 0;

/** A member with a verified phone and `pesewas` of cashback earned from a business's reward. */
async function memberWithCashback(pesewas: number) {
  members++;
  const phoneNumber = `+23324${String(1_000_000 + members).slice(-7)}`;
  const member = await signedInMember(ctx.database.db, "payout", { phoneNumber, isPhoneVerified: true });
  const { company } = await signedInOwner(ctx.database.db, { username: `payout-shop-${members}` });
  const move = (from: object, to: object, kind: "top_up" | "cashback_reserve" | "cashback_earn") =>
    transferMoney(ctx.database.db, {
      from: from as never,
      to: to as never,
      amountPesewas: pesewas,
      kind,
      idempotencyKey: `test-cashback:${++moves}`,
      at: clock.now(),
    });
  await move(
    { kind: "money_received", companyId: company.id },
    { kind: "company_balance", companyId: company.id },
    "top_up",
  );
  await move(
    { kind: "company_balance", companyId: company.id },
    { kind: "cashback_reserved", companyId: company.id },
    "cashback_reserve",
  );
  await move(
    { kind: "cashback_reserved", companyId: company.id },
    { kind: "member_cashback", userId: member.user.id },
    "cashback_earn",
  );
  return { ...member, phoneNumber };
}

function setWallet(cookies: Record<string, string>, body: Record<string, unknown>) {
  return sendAs(ctx.app, cookies, "PUT", "/api/cashback/payout-account", { network: "mtn", ...body });
}

function withdraw(
  cookies: Record<string, string>,
  amountPesewas: number,
  idempotencyKey = `key-${Math.random()}`,
) {
  return sendAs(ctx.app, cookies, "POST", "/api/cashback/withdrawals", { amountPesewas, idempotencyKey });
}

async function cashbackOf(cookies: Record<string, string>) {
  const mine = await sendAs(ctx.app, cookies, "GET", "/api/cashback/mine");
  expect(mine.statusCode, mine.body).toBe(200);
  return mine.json();
}

async function statusOf(withdrawalId: number) {
  const [row] = await ctx.database.db
    .select({ status: cashbackWithdrawals.status, reference: cashbackWithdrawals.reference })
    .from(cashbackWithdrawals)
    .where(eq(cashbackWithdrawals.id, withdrawalId));
  return row!;
}

/** A member ready to withdraw: cashback and her own verified phone as the wallet. */
async function readyMember(pesewas: number) {
  const member = await memberWithCashback(pesewas);
  const saved = await setWallet(member.cookies, { phoneNumber: member.phoneNumber });
  expect(saved.statusCode, saved.body).toBe(200);
  return member;
}

async function setSetting(key: string, value: number) {
  const admin = await signedInAdmin(ctx.database.db, "payout-settings");
  const saved = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/settings/${key}`, { value });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("the payout wallet", () => {
  it("saves her own verified phone at once, registered with Paystack as a mobile-money recipient", async () => {
    const member = await memberWithCashback(1_000);
    const saved = await setWallet(member.cookies, { phoneNumber: member.phoneNumber, network: "telecel" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      phoneNumber: member.phoneNumber,
      network: "telecel",
      holdUntil: null,
    });
    const recipient = [...fake.recipients.values()].find(
      (r) => r.accountNumber === `0${member.phoneNumber.slice(4)}`,
    );
    expect(recipient).toMatchObject({ currency: "GHS", bankCode: "VOD" });
    expect((await cashbackOf(member.cookies)).payoutAccount).toMatchObject({ network: "telecel" });
  });

  it("texts a code to another number and saves it only with that code; a later change is held for a day", async () => {
    const member = await memberWithCashback(1_000);
    const other = "+233501234567";
    const asked = await setWallet(member.cookies, { phoneNumber: "050 123 4567" });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ codeSent: true, phoneNumber: other });
    expect((await cashbackOf(member.cookies)).payoutAccount).toBeNull();

    const wrong = await setWallet(member.cookies, { phoneNumber: other, verificationCode: "000000" });
    expect(wrong.statusCode).toBe(400);
    const code = await latestSmsCodeFor(ctx.database.db, other);
    const saved = await setWallet(member.cookies, { phoneNumber: other, verificationCode: code });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ phoneNumber: other, holdUntil: null });

    const changed = await setWallet(member.cookies, { phoneNumber: member.phoneNumber });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().holdUntil).toBe(new Date(start.getTime() + 86_400_000).toISOString());
    const held = await withdraw(member.cookies, 1_000);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ status: "queued", holdUntil: changed.json().holdUntil });
    await ctx.app.messages.drain();
    expect((await statusOf(held.json().id)).status).toBe("queued");
  });
});

describe("a withdrawal", () => {
  it("leaves her balance at once, is sent once through Paystack, and is paid when the signed webhook says so", async () => {
    const member = await readyMember(3_000);
    const asked = await withdraw(member.cookies, 2_000, "first-withdrawal-key");
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      status: "queued",
      amountPesewas: 2_000,
      feePesewas: 100,
      sentPesewas: 1_900,
    });
    expect(await cashbackOf(member.cookies)).toMatchObject({
      balancePesewas: 1_000,
      entries: [expect.objectContaining({ kind: "withdrawing", amountPesewas: -2_000 }), expect.anything()],
    });

    await ctx.app.messages.drain();
    const { reference, status } = await statusOf(asked.json().id);
    expect(status).toBe("sending");
    expect(fake.transfers.get(reference)).toMatchObject({
      amount: 1_900,
      currency: "GHS",
      status: "pending",
    });

    await fake.settleTransfer(reference, "success");
    await fake.deliverTransfer(reference);
    expect((await statusOf(asked.json().id)).status).toBe("paid");
    const mine = await cashbackOf(member.cookies);
    expect(mine.balancePesewas).toBe(1_000);
    expect(mine.entries[0]).toMatchObject({
      kind: "paid_out",
      amountPesewas: -2_000,
      withdrawalStatus: "paid",
    });
  });

  it("returns the money once when the transfer fails, and once when a paid one is reversed", async () => {
    const member = await readyMember(4_000);
    const failing = (await withdraw(member.cookies, 2_000)).json();
    const reversing = (await withdraw(member.cookies, 2_000)).json();
    await ctx.app.messages.drain();
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(0);

    const failed = await statusOf(failing.id);
    await fake.settleTransfer(failed.reference, "failed");
    await fake.deliverTransfer(failed.reference);
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(2_000);

    const reversed = await statusOf(reversing.id);
    await fake.settleTransfer(reversed.reference, "success");
    await fake.settleTransfer(reversed.reference, "reversed");
    await fake.deliverTransfer(reversed.reference);
    await fake.deliverTransfer(reversed.reference);
    const mine = await cashbackOf(member.cookies);
    expect(mine.balancePesewas).toBe(4_000);
    expect(mine.entries.filter((entry: { kind: string }) => entry.kind === "returned")).toHaveLength(2);
    expect([(await statusOf(failing.id)).status, (await statusOf(reversing.id)).status]).toEqual([
      "failed",
      "reversed",
    ]);
  });

  it("is paid once when an earlier try reached Paystack before the app could record it (a crash)", async () => {
    const member = await readyMember(2_000);
    const asked = (await withdraw(member.cookies, 2_000)).json();
    const { reference } = await statusOf(asked.id);
    // The earlier try: Paystack made the transfer under the withdrawal's reference, then the app died.
    const recipientCode = [...fake.recipients.values()].at(-1)!.recipientCode;
    await fetch(`${fake.url}/transfer`, {
      method: "POST",
      headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        source: "balance",
        amount: 1_900,
        recipient: recipientCode,
        reference,
        reason: "x",
        currency: "GHS",
      }),
    });
    await ctx.app.messages.drain();
    const made = [...fake.transfers.values()].filter((transfer) => transfer.reference === reference);
    expect(made).toHaveLength(1);
    expect((await statusOf(asked.id)).status).toBe("sending");
    await fake.settleTransfer(reference, "success");
    expect((await statusOf(asked.id)).status).toBe("paid");
  });

  it("fails at once, the money back in her balance, when Paystack refuses to make the transfer", async () => {
    const member = await readyMember(2_000);
    await ctx.database.db
      .update(payoutAccounts)
      .set({ recipientCode: "RCP_not_a_recipient" })
      .where(eq(payoutAccounts.userId, member.user.id));
    const asked = (await withdraw(member.cookies, 2_000)).json();
    await ctx.app.messages.drain();
    expect((await statusOf(asked.id)).status).toBe("failed");
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(2_000);
  });

  it("is settled on Paystack's verify when its webhook never arrives", async () => {
    const member = await readyMember(2_000);
    const asked = (await withdraw(member.cookies, 2_000)).json();
    await ctx.app.messages.drain();
    const { reference } = await statusOf(asked.id);
    const webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/payments/paystack/webhook`;
    fake.setWebhookUrl("http://127.0.0.1:9/lost");
    await fake.settleTransfer(reference, "success").catch(() => undefined);
    fake.setWebhookUrl(webhookUrl);
    expect((await statusOf(asked.id)).status).toBe("sending");
    expect(await settleStaleWithdrawals(ctx.app.deps)).toBe(0);
    clock.advance(31 * 60 * 1000);
    expect(await settleStaleWithdrawals(ctx.app.deps)).toBe(1);
    expect((await statusOf(asked.id)).status).toBe("paid");
  });

  it("is refused below the minimum, above the balance and without a wallet, changing nothing", async () => {
    const member = await memberWithCashback(5_000);
    const noWallet = await withdraw(member.cookies, 2_000);
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().message).toBe("Set the MoMo wallet to pay your cashback to first.");
    await setWallet(member.cookies, { phoneNumber: member.phoneNumber });
    const small = await withdraw(member.cookies, 500);
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("A withdrawal is at least GH₵ 10.00.");
    const tooMuch = await withdraw(member.cookies, 6_000);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("Your cashback balance is GH₵ 50.00: withdraw that or less.");
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(5_000);
  });

  it("is made once for 20 requests at once with one key, and only as often as the balance allows with 20 keys", async () => {
    await setSetting("cashback_withdrawals_per_day", 50);
    const member = await readyMember(3_000);
    const sameKey = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(member.cookies, 1_000, "one-tap-key")),
    );
    expect(sameKey.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(new Set(sameKey.map((answer) => answer.json().id)).size).toBe(1);
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(2_000);

    const other = await readyMember(3_000);
    const manyKeys = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withdraw(other.cookies, 1_000, `withdrawal-key-${i}`)),
    );
    expect(
      manyKeys.map((answer) => answer.statusCode).sort(),
      manyKeys.map((a) => a.body).join("\n"),
    ).toEqual([...Array(3).fill(201), ...Array(17).fill(409)]);
    expect(manyKeys.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(manyKeys.filter((answer) => answer.statusCode === 409)).toHaveLength(17);
    expect((await cashbackOf(other.cookies)).balancePesewas).toBe(0);
    await setSetting("cashback_withdrawals_per_day", 3);
  });

  it("is refused to a suspended member, her cashback left where it was", async () => {
    const member = await readyMember(2_000);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id));
    // Her session stops working; the withdrawal's own transaction checks her standing again, for a
    // suspension that lands while it is made.
    const refused = await withdraw(member.cookies, 2_000);
    expect(refused.statusCode).toBe(401);
    const [account] = await ctx.database.db
      .select({ n: cashbackWithdrawals.id })
      .from(cashbackWithdrawals)
      .where(eq(cashbackWithdrawals.userId, member.user.id));
    expect(account).toBeUndefined();
    await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.id, member.user.id));
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(2_000);
  });

  it("is limited per member per day", async () => {
    const member = await readyMember(10_000);
    for (const i of [1, 2, 3])
      expect((await withdraw(member.cookies, 1_000, `daily-${i}-key`)).statusCode).toBe(201);
    const fourth = await withdraw(member.cookies, 1_000, "daily-4-key");
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe("You can withdraw 3 times a day. Try again tomorrow.");
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(7_000);
  });
});

describe("the admin's review", () => {
  it("holds a risky member's withdrawal for an admin, who approves one (then paid) and rejects another (money back)", async () => {
    const member = await readyMember(4_000);
    await ctx.database.db.insert(fraudDetection).values(
      Array.from({ length: 6 }, () => ({
        userId: member.user.id,
        eventType: "watch_faster_than_real_time",
        riskScore: 10,
        createdAt: clock.now(),
      })),
    );
    const first = (await withdraw(member.cookies, 2_000)).json();
    const second = (await withdraw(member.cookies, 2_000)).json();
    expect([first.status, second.status]).toEqual(["review", "review"]);
    await ctx.app.messages.drain();
    expect(fake.transfers.size).toBeGreaterThanOrEqual(0);
    expect((await statusOf(first.id)).status).toBe("review");

    const admin = await signedInAdmin(ctx.database.db, "payout-admin");
    const queue = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/withdrawals?status=review");
    expect(queue.statusCode).toBe(200);
    expect(queue.json().withdrawals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: first.id,
          riskScore: 60,
          reviewReason: expect.stringContaining("too-fast"),
        }),
      ]),
    );
    const decide = (id: number, decision: "approve" | "reject") =>
      sendAs(ctx.app, admin.cookies, "POST", `/api/admin/withdrawals/${id}/decision`, { decision });
    expect((await decide(first.id, "approve")).json()).toMatchObject({ status: "queued" });
    expect((await decide(second.id, "reject")).json()).toMatchObject({ status: "rejected" });
    expect((await decide(second.id, "approve")).statusCode).toBe(409);
    expect((await cashbackOf(member.cookies)).balancePesewas).toBe(2_000);

    await ctx.app.messages.drain();
    const { reference } = await statusOf(first.id);
    await fake.settleTransfer(reference, "success");
    expect((await statusOf(first.id)).status).toBe("paid");
  });

  it("is an admin's only: a member and a visitor are refused", async () => {
    const member = await readyMember(1_000);
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/admin/withdrawals")).statusCode).toBe(403);
    expect((await sendAs(ctx.app, {}, "GET", "/api/admin/withdrawals")).statusCode).toBe(401);
    const decision = await sendAs(ctx.app, member.cookies, "POST", "/api/admin/withdrawals/1/decision", {
      decision: "approve",
    });
    expect(decision.statusCode).toBe(403);
    expect(
      (
        await sendAs(ctx.app, {}, "POST", "/api/cashback/withdrawals", {
          amountPesewas: 1_000,
          idempotencyKey: "anonymous-key",
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("the daily reconciliation", () => {
  it("finds our withdrawals and Paystack's transfers agree, then flags a transfer we never made and a status that differs", async () => {
    const paystack = ctx.app.deps.paystack!;
    const member = await readyMember(4_000);
    const paid = (await withdraw(member.cookies, 2_000)).json();
    const stillSending = (await withdraw(member.cookies, 2_000)).json();
    await ctx.app.messages.drain();
    await fake.settleTransfer((await statusOf(paid.id)).reference, "success");
    expect(await reconcilePayouts(ctx.database.db, paystack, clock.now())).toEqual([]);

    const recipientCode = [...fake.recipients.values()].at(-1)!.recipientCode;
    await fetch(`${fake.url}/transfer`, {
      method: "POST",
      headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        source: "balance",
        amount: 5_000,
        recipient: recipientCode,
        reference: "made-outside-anigye-0001",
        reason: "unknown",
        currency: "GHS",
      }),
    });
    const { reference } = await statusOf(stillSending.id);
    await ctx.database.db
      .update(cashbackWithdrawals)
      .set({ status: "paid" })
      .where(eq(cashbackWithdrawals.id, stillSending.id));
    const differences = await reconcilePayouts(ctx.database.db, paystack, clock.now());
    expect(differences).toEqual(
      expect.arrayContaining([
        {
          reference: "made-outside-anigye-0001",
          ours: null,
          theirs: "pending",
          oursPesewas: null,
          theirsPesewas: 5_000,
        },
        { reference, ours: "paid", theirs: "pending", oursPesewas: 1_900, theirsPesewas: 1_900 },
      ]),
    );
    const admin = await signedInAdmin(ctx.database.db, "reconciliation-admin");
    const overview = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/overview");
    expect(overview.json().payoutReconciliation.differences).toHaveLength(differences.length);
    // Put the row back as it was, so the books' own check after the test sees the money where it is.
    await ctx.database.db
      .update(cashbackWithdrawals)
      .set({ status: "sending" })
      .where(eq(cashbackWithdrawals.id, stillSending.id));
  });
});
