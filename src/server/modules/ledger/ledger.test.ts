import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tierForXp } from "../../../shared/tiers";
import { users } from "../../db/schema/auth";
import { userTiers } from "../../db/schema/ledger";
import { createUser } from "../../db/seed/factories";
import { createTestContext, type TestContext } from "../../test/test-app";
import { creditPrizePoints, creditXp, creditXpForStanding, sumXpLedger } from "./ledger.service";
import { reverseXpCredits } from "./reversals.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let keys = 0;
const credit = (userId: number, amount: number) =>
  creditXp(ctx.database.db, { userId, amount, reason: "test", idempotencyKey: `test:${++keys}` });

async function memberRow(userId: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

describe("tiers", () => {
  it.each([
    [0, "bronze"],
    [999, "bronze"],
    [1_000, "silver"],
    [4_999, "silver"],
    [5_000, "gold"],
    [19_999, "gold"],
    [20_000, "diamond"],
    [250_000, "diamond"],
  ] as const)("%i lifetime XP is %s", (xp, tier) => {
    expect(tierForXp(xp)).toBe(tier);
  });

  it("promotes a member as their XP crosses each threshold, and never drops them", async () => {
    const member = await createUser(ctx.database.db, {});
    const steps: [number, string][] = [
      [999, "bronze"],
      [1, "silver"],
      [3_999, "silver"],
      [1, "gold"],
      [14_999, "gold"],
      [1, "diamond"],
    ];
    for (const [amount, tier] of steps) {
      await credit(member.id, amount);
      expect((await memberRow(member.id)).tier).toBe(tier);
    }
    // A correction takes XP back with a reversing row; the balance moves, the tier stays.
    await credit(member.id, -5_000);
    const after = await memberRow(member.id);
    expect(after).toMatchObject({ tier: "diamond", xpPoints: 15_000, lifetimeXp: 20_000 });
    expect(await sumXpLedger(ctx.database.db, member.id)).toBe(after.xpPoints);
  });

  it("records each promotion once in user_tiers, and not again when XP taken back is earned again", async () => {
    const member = await createUser(ctx.database.db, {});
    const promotedAt = new Date("2026-03-01T10:00:00Z");
    const earning = { userId: member.id, reason: "test", sourceType: "test", sourceId: 1 };
    await creditXp(ctx.database.db, { ...earning, amount: 1_200, idempotencyKey: `t:${++keys}` }, promotedAt);
    await ctx.database.db.transaction((tx) =>
      reverseXpCredits(tx, { userId: member.id, sourceType: "test", sourceIds: [1], keyPrefix: `t:${keys}` }),
    );
    const earnedAgain = await creditXpForStanding(ctx.database.db, {
      ...earning,
      amount: 1_000,
      idempotencyKey: `t:${++keys}`,
    });
    expect(earnedAgain).toEqual({ xpPoints: 1_000, lifetimeXp: 1_000, tier: "silver" });
    const [recorded] = await ctx.database.db.select().from(userTiers).where(eq(userTiers.userId, member.id));
    expect(recorded).toMatchObject({ currentTier: "silver", tierAchievedAt: promotedAt });
  });

  it("moves nothing for a suspended member or a repeated key, and says so", async () => {
    const member = await createUser(ctx.database.db, {});
    const once = { userId: member.id, amount: 30, reason: "test", idempotencyKey: `t:${++keys}` };
    expect(await creditXpForStanding(ctx.database.db, once)).toMatchObject({ xpPoints: 30 });
    expect(await creditXpForStanding(ctx.database.db, once)).toBeUndefined();
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.id));
    expect(await credit(member.id, 10)).toBe(false);
    expect(
      await creditPrizePoints(ctx.database.db, { ...once, idempotencyKey: `t:${++keys}` }),
    ).toBeUndefined();
    expect(await memberRow(member.id)).toMatchObject({ xpPoints: 30, lifetimeXp: 30, prizePoints: 0 });
  });
});

describe("the ledger", () => {
  it("credits once per idempotency key, however many times it is tried at once", async () => {
    const member = await createUser(ctx.database.db, {});
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.database.db.transaction((tx) =>
          creditXp(tx, {
            userId: member.id,
            amount: 40,
            reason: "test",
            idempotencyKey: `once:${member.id}`,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await memberRow(member.id)).xpPoints).toBe(40);
    expect(await sumXpLedger(ctx.database.db, member.id)).toBe(40);
  });
});
