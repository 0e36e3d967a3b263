import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sumXpLedger } from "../../modules/ledger/ledger.service";
import { createTestContext, type TestContext } from "../../test/test-app";
import { referrals } from "../schema/referrals";
import { seedDemoReferrals } from "./demo-referrals";
import { createUser } from "./factories";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the demo referral", () => {
  it("gives Ama one completed referral and its 50 XP once, however often the seed runs", async () => {
    const db = ctx.database.db;
    await seedDemoReferrals(db); // before the members exist: nothing, and no error
    const ama = await createUser(db, { email: "ama@example.com", username: "ama" });
    const abena = await createUser(db, { email: "abena@example.com", username: "abena" });
    await seedDemoReferrals(db);
    await seedDemoReferrals(db);
    const rows = await db.select().from(referrals).where(eq(referrals.referrerId, ama.id));
    expect(rows).toMatchObject([{ referredId: abena.id, status: "completed", rewardGiven: true }]);
    expect(await sumXpLedger(db, ama.id)).toBe(50);
  });
});
