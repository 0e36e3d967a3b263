import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "../../test/company-session";
import { signedInAdmin, signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";
import { checkMoneyLedger, transferMoney } from "./index";

// Without Paystack an admin pays each withdrawal by MoMo and enters its transaction ID
// (docs/product-rules.md#cashback-withdrawals).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(async () => {
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

async function memberWithCashback(pesewas: number) {
  const member = await signedInMember(ctx.database.db, "by-hand", {
    phoneNumber: "+233241110001",
    isPhoneVerified: true,
  });
  const { company } = await signedInOwner(ctx.database.db, { username: "by-hand-shop" });
  const steps = [
    [
      { kind: "money_received", companyId: company.id },
      { kind: "company_balance", companyId: company.id },
      "top_up",
    ],
    [
      { kind: "company_balance", companyId: company.id },
      { kind: "cashback_reserved", companyId: company.id },
      "cashback_reserve",
    ],
    [
      { kind: "cashback_reserved", companyId: company.id },
      { kind: "member_cashback", userId: member.user.id },
      "cashback_earn",
    ],
  ] as const;
  for (const [i, [from, to, kind]] of steps.entries()) {
    await transferMoney(ctx.database.db, {
      from,
      to,
      amountPesewas: pesewas,
      kind,
      idempotencyKey: `by-hand:${i}`,
      at: new Date(),
    });
  }
  return member;
}

describe("a withdrawal paid by hand", () => {
  it("waits for an admin, who pays it by MoMo and enters the transaction ID", async () => {
    const member = await memberWithCashback(3_000);
    const saved = await sendAs(ctx.app, member.cookies, "PUT", "/api/cashback/payout-account", {
      phoneNumber: "+233241110001",
      network: "airteltigo",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await sendAs(ctx.app, member.cookies, "POST", "/api/cashback/withdrawals", {
      amountPesewas: 3_000,
      idempotencyKey: "by-hand-withdrawal",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: "queued", sentPesewas: 2_900 });

    const admin = await signedInAdmin(ctx.database.db, "by-hand-admin");
    const queue = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/withdrawals?status=queued");
    expect(queue.json().withdrawals).toEqual([
      expect.objectContaining({ id: asked.json().id, reviewReason: "Paid by hand", network: "airteltigo" }),
    ]);
    const overview = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/overview");
    expect(overview.json().queues.withdrawals).toBe(1);

    const path = `/api/admin/withdrawals/${asked.json().id}/decision`;
    const withoutId = await sendAs(ctx.app, admin.cookies, "POST", path, { decision: "approve" });
    expect(withoutId.statusCode).toBe(400);
    expect(withoutId.json().message).toBe("Enter the MoMo transaction ID of the payment you made");
    const paid = await sendAs(ctx.app, admin.cookies, "POST", path, {
      decision: "approve",
      transactionId: "MP241129.1200.A12345",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "paid", memberName: expect.any(String) });
    const mine = await sendAs(ctx.app, member.cookies, "GET", "/api/cashback/mine");
    expect(mine.json()).toMatchObject({
      balancePesewas: 0,
      entries: [expect.objectContaining({ kind: "paid_out", withdrawalStatus: "paid" }), expect.anything()],
    });
  });
});
