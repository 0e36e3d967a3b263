import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, outboxMessages, rewards } from "../../db/schema";
import { createUser } from "../../db/seed/factories";
import { runMemberJobs } from "../../jobs/member.job";
import { createTestContext, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";

const clock = testClock(new Date("2026-11-20T10:00:00Z"));
const dayMs = 24 * 3600 * 1000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await ctx.close();
});

describe("expiring rewards", () => {
  it("remind once in the app, by SMS only with consent, and never at night", async () => {
    const ad = await watchingKit(ctx, clock).publishAd(["EXP1", "EXP2", "EXP3"]);
    const agreed = await createUser(ctx.database.db, {
      email: "agreed@example.com",
      username: "agreed",
      phoneNumber: "+233241110001",
      isPhoneVerified: true,
      smsConsent: true,
    });
    const silent = await createUser(ctx.database.db, {
      email: "silent@example.com",
      username: "silent",
      phoneNumber: "+233241110002",
      isPhoneVerified: true,
    });
    const later = await createUser(ctx.database.db, { email: "later@example.com", username: "later" });
    const expiring = new Date(clock.now().getTime() + 2 * dayMs);
    for (const [user, expiresAt] of [
      [agreed, expiring],
      [silent, expiring],
      [later, new Date(clock.now().getTime() + 10 * dayMs)],
    ] as const) {
      await ctx.database.db.insert(rewards).values({
        userId: user.id,
        adId: ad.id,
        companyId: ad.company.id,
        rewardType: "discount",
        discountPercent: 15,
        expiresAt,
      });
    }

    const night = new Date("2026-11-20T22:30:00Z");
    expect(await runMemberJobs(ctx.app.deps, night)).not.toContain("expiry-reminders");
    expect(await runMemberJobs(ctx.app.deps, clock.now())).toContain("expiry-reminders");
    clock.advance(3600 * 1000);
    await runMemberJobs(ctx.app.deps, clock.now());

    const noticesFor = async (userId: number) =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
        (n) => n.type,
      );
    expect(await noticesFor(agreed.id)).toEqual(["reward_expiring"]);
    expect(await noticesFor(silent.id)).toEqual(["reward_expiring"]);
    expect(await noticesFor(later.id)).toEqual([]);
    await ctx.drainMessages();
    const texts = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, "sms"));
    expect(texts.map((t) => t.recipient)).toEqual(["+233241110001"]);
    expect(texts[0]!.textBody).toMatch(/15% off at .+ expires on/);
  });
});
