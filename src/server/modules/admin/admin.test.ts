import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, rewards } from "../../db/schema";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";

const clock = testClock(new Date("2026-11-23T10:00:00Z"));
let ctx: TestContext;
let adId: number;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  const ad = await watchingKit(ctx, clock).publishAd(["ADMIN1"]);
  adId = ad.id;
  companyId = ad.company.id;
});
afterAll(async () => {
  await ctx.close();
});

async function sharedReward(userId: number) {
  const [reward] = await ctx.database.db
    .insert(rewards)
    .values({
      userId,
      adId,
      companyId,
      rewardType: "discount",
      discountPercent: 10,
      expiresAt: new Date("2027-01-01"),
      isShared: true,
      sharedAt: clock.now(),
      sharedPlatform: "facebook",
      shareProofUrl: "https://facebook.com/p/1",
    })
    .returning({ id: rewards.id });
  return reward!.id;
}

describe("platform settings", () => {
  it("lists every setting with its default and bounds, and changes one without a restart", async () => {
    const admin = await signedInMember(ctx.database.db, "settings-admin", {
      role: "admin",
      displayName: "Efua",
    });
    const staff = await signedInMember(ctx.database.db, "settings-staff", { role: "staff" });
    const member = await signedInMember(ctx.database.db, "settings-member");
    const nextMember = await signedInMember(ctx.database.db, "settings-member");

    const list = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/settings")).json();
    expect(list.settings.find((s: { key: string }) => s.key === "xp_share")).toMatchObject({
      value: 20,
      defaultValue: 20,
      updatedAt: null,
    });

    const before = await sendAs(
      ctx.app,
      staff.cookies,
      "POST",
      `/api/staff/share-proofs/${await sharedReward(member.user.id)}/decision`,
      {
        status: "verified",
      },
    );
    expect(before.json().xpAwarded).toBe(20);

    const changed = await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/xp_share", {
      value: 35,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ key: "xp_share", value: 35 });
    const after = await sendAs(
      ctx.app,
      staff.cookies,
      "POST",
      `/api/staff/share-proofs/${await sharedReward(nextMember.user.id)}/decision`,
      {
        status: "verified",
      },
    );
    expect(after.json().xpAwarded).toBe(35);
    const creditsOf = async (userId: number) =>
      (
        await ctx.database.db
          .select({ amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, userId))
      ).map((c) => c.amount);
    expect(await creditsOf(member.user.id)).toEqual([20]);
    expect(await creditsOf(nextMember.user.id)).toEqual([35]);
  });

  it("refuses a bad value or an unknown setting with a clear message, and anyone but an admin", async () => {
    const admin = await signedInMember(ctx.database.db, "bounds-admin", { role: "admin" });
    const staff = await signedInMember(ctx.database.db, "bounds-staff", { role: "staff" });
    const tooBig = await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/xp_stamp", {
      value: 5000,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.value).toBe("Choose a whole number from 0 to 1000");
    const fraction = await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/xp_stamp", {
      value: 2.5,
    });
    expect(fraction.statusCode).toBe(400);
    const text = await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/xp_stamp", {
      value: "ten",
    });
    expect(text.statusCode).toBe(400);
    expect(
      (await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/no_such", { value: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await sendAs(ctx.app, staff.cookies, "PUT", "/api/admin/settings/xp_stamp", { value: 6 })).statusCode,
    ).toBe(403);
    const list = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/settings")).json();
    expect(list.settings.find((s: { key: string }) => s.key === "xp_stamp").value).toBe(5);
  });
});

describe("the audit log", () => {
  it("records who changed what, before and after, filters by actor and action, and can't be edited", async () => {
    const admin = await signedInMember(ctx.database.db, "audit-admin", {
      role: "admin",
      displayName: "Auditor Ama",
    });
    const staff = await signedInMember(ctx.database.db, "audit-staff", {
      role: "staff",
      displayName: "Staff Kofi",
    });
    const member = await signedInMember(ctx.database.db, "audit-member");
    await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/xp_referral", { value: 60 });
    const rewardId = await sharedReward(member.user.id);
    await sendAs(ctx.app, staff.cookies, "POST", `/api/staff/share-proofs/${rewardId}/decision`, {
      status: "rejected",
      staffNotes: "The post is private",
    });

    const mine = (
      await sendAs(ctx.app, admin.cookies, "GET", `/api/admin/audit?actor=${admin.user.id}`)
    ).json();
    expect(mine.entries[0]).toMatchObject({
      actor: { id: admin.user.id, name: "Auditor Ama" },
      action: "setting.update",
      targetId: "xp_referral",
      before: "50",
      after: "60",
    });
    const proofs = (
      await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/audit?action=share_proof.")
    ).json();
    expect(proofs.entries.every((e: { action: string }) => e.action.startsWith("share_proof."))).toBe(true);
    expect(proofs.entries[0]).toMatchObject({
      actor: { name: "Staff Kofi" },
      action: "share_proof.rejected",
      targetId: String(rewardId),
      reason: "The post is private",
    });
    expect((await sendAs(ctx.app, staff.cookies, "GET", "/api/admin/audit")).statusCode).toBe(403);

    await expect(ctx.database.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const still = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/audit")).json();
    expect(still.entries.length).toBeGreaterThanOrEqual(2);
  });
});
