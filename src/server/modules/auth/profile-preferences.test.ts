import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function signedIn() {
  return signedInMember(ctx.database.db, "preferences");
}

describe("member preferences", () => {
  it("start off, and each switch changes on its own", async () => {
    const { user, cookies } = await signedIn();
    const profile = await sendAs(ctx.app, cookies, "GET", "/api/profile");
    expect(profile.json()).toMatchObject({ smsConsent: false, leaderboardOptOut: false });

    const sms = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", { smsConsent: true });
    expect(sms.statusCode).toBe(200);
    expect(sms.json()).toMatchObject({ smsConsent: true, leaderboardOptOut: false });

    const hidden = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", {
      leaderboardOptOut: true,
    });
    expect(hidden.json()).toMatchObject({ smsConsent: true, leaderboardOptOut: true });

    const both = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", {
      smsConsent: false,
      leaderboardOptOut: false,
    });
    expect(both.json()).toMatchObject({ smsConsent: false, leaderboardOptOut: false });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ smsConsent: false, leaderboardOptOut: false });
  });

  it("refuses an empty change, wrong types and a signed-out caller", async () => {
    const { cookies } = await signedIn();
    expect((await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", {})).statusCode).toBe(400);
    const wrong = await sendAs(ctx.app, cookies, "PUT", "/api/profile/preferences", { smsConsent: "yes" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("VALIDATION");
    const signedOut = await sendAs(ctx.app, {}, "PUT", "/api/profile/preferences", { smsConsent: true });
    expect(signedOut.statusCode).toBe(401);
  });
});
