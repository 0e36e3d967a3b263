import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Executor, openDatabase } from "../../db/client";
import { moneyAccounts } from "../../db/schema/money";
import { signedInOwner } from "../../test/company-session";
import { signedInAdmin, signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";
import { checkMoneyLedger, transferMoney } from "./index";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
// Whatever a test did, the books balance after it.
afterEach(async () => {
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

const at = new Date("2026-11-29T09:00:00Z");
let keys = 0;
const key = (label: string) => `${label}:${++keys}`;

/** Money a business paid in from outside, onto its balance. */
function topUp(companyId: number, amountPesewas: number, idempotencyKey = key("top-up")) {
  return transferMoney(ctx.database.db, {
    from: { kind: "money_received", companyId },
    to: { kind: "company_balance", companyId },
    amountPesewas,
    kind: "top_up",
    idempotencyKey,
    at,
  });
}

/** A view's price, from the business's balance to Anigye's revenue from it, in the caller's transaction. */
function chargeIn(tx: Executor, companyId: number, amountPesewas: number) {
  return transferMoney(tx, {
    from: { kind: "company_balance", companyId },
    to: { kind: "platform_revenue", companyId },
    amountPesewas,
    kind: "view_charge",
    idempotencyKey: key("view"),
    at,
  });
}

function charge(db: Executor, companyId: number, amountPesewas: number) {
  return db.transaction((tx) => chargeIn(tx, companyId, amountPesewas));
}

function walletOf(cookies: Record<string, string>, companyId: number, query = "") {
  return sendAs(ctx.app, cookies, "GET", `/api/companies/${companyId}/wallet${query}`);
}

describe("the money ledger", () => {
  it("moves money once per key, however often a movement is retried", async () => {
    const { company } = await signedInOwner(ctx.database.db);

    const first = await topUp(company.id, 5_000, "top-up:retried");
    const again = await topUp(company.id, 5_000, "top-up:retried");
    const stillAgain = await Promise.all([1, 2, 3].map(() => topUp(company.id, 5_000, "top-up:retried")));

    expect(first).toMatchObject({ status: "moved", toBalanceAfterPesewas: 5_000 });
    expect(again).toEqual({ status: "already", transferId: (first as { transferId: number }).transferId });
    expect(stillAgain.map((outcome) => outcome.status)).toEqual(["already", "already", "already"]);
    const { body } = await walletOf((await signedInAdmin(ctx.database.db)).cookies, company.id);
    expect(JSON.parse(body).balancePesewas).toBe(5_000);
  });

  it("never takes a balance below zero: a charge larger than the balance moves nothing, and the caller's transaction goes on", async () => {
    const { company } = await signedInOwner(ctx.database.db);
    await topUp(company.id, 150);

    const outcome = await ctx.database.db.transaction(async (tx) => {
      const refused = await chargeIn(tx, company.id, 200);
      // The same transaction still works after a refusal.
      const smaller = await chargeIn(tx, company.id, 100);
      return { refused, smaller };
    });

    expect(outcome.refused).toEqual({ status: "insufficient", balancePesewas: 150 });
    expect(outcome.smaller).toMatchObject({ status: "moved", fromBalanceAfterPesewas: 50 });
  });

  it("400 charges of 10 pesewas at once against 1,000, from two connection pools: exactly 100 are taken and the balance ends at 0", async () => {
    const { company } = await signedInOwner(ctx.database.db);
    await topUp(company.id, 1_000);
    // On PostgreSQL a second pool stands for a second app instance; the embedded database has one.
    const second = ctx.databaseUrl
      ? await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 10 })
      : undefined;
    try {
      const pools = [ctx.database.db, second?.db ?? ctx.database.db];
      const outcomes = await Promise.all(
        Array.from({ length: 400 }, (_, index) => charge(pools[index % 2]!, company.id, 10)),
      );
      expect(outcomes.filter((outcome) => outcome.status === "moved")).toHaveLength(100);
      expect(outcomes.filter((outcome) => outcome.status === "insufficient")).toHaveLength(300);
    } finally {
      await second?.close();
    }
    const { cookies } = await signedInAdmin(ctx.database.db);
    const wallet = JSON.parse((await walletOf(cookies, company.id)).body);
    expect(wallet.balancePesewas).toBe(0);
  });

  it("the check finds books that don't balance (a balance changed without a transfer)", async () => {
    const { company } = await signedInOwner(ctx.database.db);
    await topUp(company.id, 700);
    const nudgeBalance = (pesewas: number) =>
      ctx.database.db
        .update(moneyAccounts)
        .set({ balancePesewas: sql`${moneyAccounts.balancePesewas} + ${pesewas}` })
        .where(and(eq(moneyAccounts.kind, "company_balance"), eq(moneyAccounts.companyId, company.id)));

    await nudgeBalance(1);
    const check = await checkMoneyLedger(ctx.database.db);
    await nudgeBalance(-1);

    expect(check.balanced).toBe(false);
    expect(check.totalPesewas).toBe(1);
    expect(check.mismatched).toEqual([
      expect.objectContaining({ balancePesewas: 701, fromTransfersPesewas: 700 }),
    ]);
  });
});

describe("GET /api/companies/:id/wallet", () => {
  it("shows the owner the balance and each movement, newest first, signed, with the balance it left, 50 a page", async () => {
    const { company, cookies } = await signedInOwner(ctx.database.db);
    for (let index = 0; index < 52; index++) await topUp(company.id, 100);
    await charge(ctx.database.db, company.id, 30);

    const first = await walletOf(cookies, company.id);
    expect(first.statusCode).toBe(200);
    const page = JSON.parse(first.body);
    expect(page.balancePesewas).toBe(5_170);
    expect(page.entries).toHaveLength(50);
    expect(page.entries[0]).toMatchObject({
      kind: "view_charge",
      amountPesewas: -30,
      balanceAfterPesewas: 5_170,
    });
    expect(page.entries[1]).toMatchObject({ kind: "top_up", amountPesewas: 100, balanceAfterPesewas: 5_200 });

    const next = JSON.parse((await walletOf(cookies, company.id, `?before=${page.nextBefore}`)).body);
    expect(next.entries).toHaveLength(3);
    expect(next.entries.at(-1)).toMatchObject({
      kind: "top_up",
      amountPesewas: 100,
      balanceAfterPesewas: 100,
    });
    expect(next.nextBefore).toBeUndefined();
  });

  it("a business that never had money has a zero balance and no entries", async () => {
    const { company, cookies } = await signedInOwner(ctx.database.db);
    const wallet = await walletOf(cookies, company.id);
    expect(wallet.statusCode).toBe(200);
    expect(JSON.parse(wallet.body)).toEqual({ balancePesewas: 0, cashbackReservedPesewas: 0, entries: [] });
  });

  it("is the owner's and the admins' only: another business, a member and a stranger are refused", async () => {
    const { company } = await signedInOwner(ctx.database.db);
    await topUp(company.id, 500);
    const other = await signedInOwner(ctx.database.db);
    const member = await signedInMember(ctx.database.db, "wallet-peeker");
    const admin = await signedInAdmin(ctx.database.db);

    expect((await walletOf(other.cookies, company.id)).statusCode).toBe(403);
    expect((await walletOf(member.cookies, company.id)).statusCode).toBe(403);
    expect((await walletOf({}, company.id)).statusCode).toBe(401);
    const seenByAdmin = await walletOf(admin.cookies, company.id);
    expect(seenByAdmin.statusCode).toBe(200);
    expect(JSON.parse(seenByAdmin.body).balancePesewas).toBe(500);
    expect((await walletOf(admin.cookies, company.id, "?before=abc")).statusCode).toBe(400);
  });
});
