import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";
import { companyPointAllocations, dailyPointLimits, pointTransactions } from "../../db/schema/points";
import { platformSettings } from "../../db/schema/settings";
import { createCompany, createUser } from "../../db/seed/factories";
import { createTestContext, type TestContext } from "../../test/test-app";
import { grantPoints, type PointGrant } from "./points.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const now = new Date("2026-05-12T10:00:00Z");

async function grantTo(companyId: number, userId: number, points: number) {
  const grant: PointGrant = {
    companyId,
    plan: "starter",
    userId,
    memberName: "Ama",
    points,
    purchasePesewas: undefined,
    note: undefined,
    staffName: "Kofi",
    staffId: null,
    merchantDevice: undefined,
  };
  return ctx.database.db
    .transaction((tx) => grantPoints(tx, grant, now))
    .then(
      (outcome) => ({ ok: true as const, outcome }),
      (error: Error & { code?: string }) => ({
        ok: false as const,
        code: error.code,
        message: error.message,
      }),
    );
}

const members = (count: number) =>
  Promise.all(Array.from({ length: count }, () => createUser(ctx.database.db, {})));

describe("a point grant", () => {
  it("takes a month's last points once under parallel grants, and tells each refused grant what is left", async () => {
    const company = await createCompany(ctx.database.db, {});
    const [first, ...others] = await members(6);
    expect(await grantTo(company.id, first!.id, 10)).toMatchObject({
      ok: true,
      outcome: { memberPointsToday: 10 },
    });
    await ctx.database.db
      .update(companyPointAllocations)
      .set({ remainingPoints: 25, usedPoints: sql`allocated_points - 25` })
      .where(eq(companyPointAllocations.companyId, company.id));

    const answers = await Promise.all(others.map((member) => grantTo(company.id, member.id, 10)));

    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array(3).fill({
        ok: false,
        code: "ALLOCATION_USED",
        message: "This shop has only 5 points left this month.",
      }),
    );
    const [month] = await ctx.database.db
      .select()
      .from(companyPointAllocations)
      .where(eq(companyPointAllocations.companyId, company.id));
    expect(month).toMatchObject({ remainingPoints: 5, usedPoints: month!.allocatedPoints - 5 });
    const granted = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(pointTransactions)
      .where(eq(pointTransactions.fromCompanyId, company.id));
    expect(granted[0]!.count).toBe(3);
  });

  it("keeps a member within the daily limit across shops granting at once, each refusal with what is left", async () => {
    const shops = await Promise.all(Array.from({ length: 6 }, () => createCompany(ctx.database.db, {})));
    const [member] = await members(1);
    expect(await grantTo(shops[0]!.id, member!.id, 55)).toMatchObject({ ok: true });

    const answers = await Promise.all(shops.slice(1).map((shop) => grantTo(shop.id, member!.id, 20)));

    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array(3).fill({
        ok: false,
        code: "POINTS_LIMIT",
        message: "Ama can receive only 5 more points today (100 a day).",
      }),
    );
    const [today] = await ctx.database.db
      .select()
      .from(dailyPointLimits)
      .where(eq(dailyPointLimits.userId, member!.id));
    expect(today).toMatchObject({ pointsReceived: 95, maxPointsPerDay: 100 });
    const [balance] = await ctx.database.db
      .select({ prizePoints: users.prizePoints })
      .from(users)
      .where(eq(users.id, member!.id));
    const [ledger] = await ctx.database.db
      .select({ total: sql<number>`sum(amount)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member!.id), eq(ledgerEntries.currency, "prize_points")));
    expect(balance!.prizePoints).toBe(95);
    expect(ledger!.total).toBe(95);
  });

  it("refuses a grant bigger than a month's whole allocation, opening nothing", async () => {
    await ctx.database.db
      .insert(platformSettings)
      .values({ settingKey: "points_allocation_starter", settingValue: "8", settingType: "number" })
      .onConflictDoUpdate({ target: platformSettings.settingKey, set: { settingValue: "8" } });
    const company = await createCompany(ctx.database.db, {});
    const [member] = await members(1);
    try {
      expect(await grantTo(company.id, member!.id, 10)).toEqual({
        ok: false,
        code: "ALLOCATION_USED",
        message: "This shop has only 8 points left this month.",
      });
      const opened = await ctx.database.db
        .select()
        .from(companyPointAllocations)
        .where(eq(companyPointAllocations.companyId, company.id));
      expect(opened).toEqual([]);
      expect(await grantTo(company.id, member!.id, 8)).toMatchObject({
        ok: true,
        outcome: { allocationRemaining: 0, memberPointsToday: 8, drawEntryEarned: false },
      });
    } finally {
      await ctx.database.db
        .delete(platformSettings)
        .where(eq(platformSettings.settingKey, "points_allocation_starter"));
    }
  });

  it("refuses more than the daily limit in one grant, and any more once the day is full", async () => {
    const company = await createCompany(ctx.database.db, {});
    const [member] = await members(1);
    await ctx.database.db
      .insert(platformSettings)
      .values({ settingKey: "daily_points_limit", settingValue: "15", settingType: "number" })
      .onConflictDoUpdate({ target: platformSettings.settingKey, set: { settingValue: "15" } });
    try {
      expect(await grantTo(company.id, member!.id, 20)).toMatchObject({
        code: "POINTS_LIMIT",
        message: "Ama can receive only 15 more points today (15 a day).",
      });
      expect(await grantTo(company.id, member!.id, 15)).toMatchObject({ ok: true });
      expect(await grantTo(company.id, member!.id, 1)).toMatchObject({
        code: "POINTS_LIMIT",
        message: "Ama has had the 15 points a day already. Try again tomorrow.",
      });
    } finally {
      await ctx.database.db
        .delete(platformSettings)
        .where(eq(platformSettings.settingKey, "daily_points_limit"));
    }
  });
});
