import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tierForXp } from "../../../shared/tiers";
import { users } from "../../db/schema/auth";
import { createUser } from "../../db/seed/factories";
import { createTestContext, type TestContext } from "../../test/test-app";
import { creditXp, sumXpLedger } from "./ledger.service";

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
