import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";
import { createUser } from "../../db/seed/factories";
import { latestLinkTokenFor, latestSmsCodeFor } from "../../test/outbox";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { creditXp } from "../ledger/ledger.service";

const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

let counter = 0;
async function signedInMember(password = "jollof-rice-2026") {
  counter++;
  const user = await createUser(ctx.database.db, {
    email: `efua${counter}@example.com`,
    username: `efua${counter}`,
    displayName: "Efua Sam",
    password,
  });
  const login = await sendAs(ctx.app, {}, "POST", "/api/auth/login", { email: user.email, password });
  expect(login.statusCode).toBe(200);
  return { user, cookies: sessionCookieFrom(login) };
}

describe("onboarding", () => {
  it("saves answers step by step, grows profile strength and resumes where the user stopped", async () => {
    const { cookies } = await signedInMember();
    const start = await sendAs(ctx.app, cookies, "GET", "/api/profile");
    expect(start.json()).toMatchObject({
      profileStrength: 25,
      onboardingStep: 0,
      onboardingCompleted: false,
    });

    const step1 = await sendAs(ctx.app, cookies, "PUT", "/api/profile/onboarding", {
      answers: { ageRange: "26-35", city: "Kumasi" },
      step: 2,
    });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toMatchObject({
      onboardingStep: 2,
      profileStrength: 46,
      answers: { ageRange: "26-35", city: "Kumasi" },
    });

    const resumed = await sendAs(ctx.app, cookies, "GET", "/api/profile");
    expect(resumed.json().onboardingStep).toBe(2);

    const done = await sendAs(ctx.app, cookies, "PUT", "/api/profile/onboarding", {
      answers: {
        gender: "Female",
        interests: ["food", "fashion"],
        shoppingFrequency: "Weekly",
        preferredShoppingTime: "Evenings",
        budgetConsciousness: "Value hunter",
      },
      step: 7,
      completed: true,
    });
    expect(done.json()).toMatchObject({ onboardingCompleted: true, profileStrength: 100, onboardingStep: 7 });
  });

  it.each([
    [{ ageRange: "17-20" }, "answers.ageRange", "Choose a valid age range"],
    [{ city: "Lagos" }, "answers.city", "Choose a valid city"],
    [{ gender: "robot" }, "answers.gender", "Choose a valid gender"],
    [{ interests: ["cars"] }, "answers.interests.0", "Choose valid interests"],
    [{ shoppingFrequency: "Daily" }, "answers.shoppingFrequency", "Choose a valid shopping frequency"],
    [{ preferredShoppingTime: "Midnight" }, "answers.preferredShoppingTime", "Choose a valid shopping time"],
    [{ budgetConsciousness: "Big spender" }, "answers.budgetConsciousness", "Choose a valid budget style"],
  ])("refuses the answer %o", async (answers, field, message) => {
    const { cookies } = await signedInMember();
    const response = await sendAs(ctx.app, cookies, "PUT", "/api/profile/onboarding", { answers, step: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});

describe("the profile", () => {
  it("is private: signed-out callers get 401 on every profile endpoint", async () => {
    for (const [method, url] of [
      ["GET", "/api/profile"],
      ["PATCH", "/api/profile"],
      ["PUT", "/api/profile/onboarding"],
      ["POST", "/api/profile/email"],
      ["POST", "/api/profile/phone"],
      ["POST", "/api/profile/password"],
      ["POST", "/api/profile/sign-out-everywhere"],
      ["DELETE", "/api/profile"],
    ] as const) {
      const response = await sendAs(ctx.app, {}, method, url, method === "GET" ? undefined : {});
      expect([400, 401]).toContain(response.statusCode);
      if (method === "GET" || url.endsWith("everywhere")) expect(response.statusCode).toBe(401);
    }
  });

  it("renames the user and refuses a taken username", async () => {
    const { cookies } = await signedInMember();
    const other = await signedInMember();
    const renamed = await sendAs(ctx.app, cookies, "PATCH", "/api/profile", {
      displayName: "Efua Asantewaa",
    });
    expect(renamed.json().displayName).toBe("Efua Asantewaa");
    const taken = await sendAs(ctx.app, cookies, "PATCH", "/api/profile", {
      username: other.user.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.username).toBe("This username is already taken");
  });

  it("answers a rename with nothing to change (empty or only unknown fields) with 400 and changes nothing", async () => {
    const { user, cookies } = await signedInMember();
    for (const body of [{}, { nickname: "Efe" }]) {
      const response = await sendAs(ctx.app, cookies, "PATCH", "/api/profile", body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION",
        message: "Send a new display name or username",
      });
    }
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ displayName: user.displayName, username: user.username });
  });

  it("shows a profile strength that follows the answers, whatever was stored before", async () => {
    // The demo seed once stored 100 % for a member who had answered only their city.
    const { cookies } = await signedInMember();
    const me = (await sendAs(ctx.app, cookies, "GET", "/api/profile")).json();
    await ctx.database.db
      .update(users)
      .set({ city: "Accra", onboardingCompleted: true, profileStrength: 100 })
      .where(eq(users.id, me.id));
    const profile = (await sendAs(ctx.app, cookies, "GET", "/api/profile")).json();
    expect(profile.answers.city).toBe("Accra");
    expect(profile.profileStrength).toBe(36);
  });

  it("makes a changed email unverified until its new link is followed", async () => {
    const { cookies } = await signedInMember();
    const withoutPassword = await sendAs(ctx.app, cookies, "POST", "/api/profile/email", {
      email: "x@example.com",
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().fields.password).toBe("Your current password is not correct");
    const changed = await sendAs(ctx.app, cookies, "POST", "/api/profile/email", {
      email: "New.Address@Example.com",
      password: "jollof-rice-2026",
    });
    expect(changed.json()).toMatchObject({ email: "new.address@example.com", isEmailVerified: false });
    const token = await latestLinkTokenFor(ctx.database.db, "new.address@example.com", "verify");
    await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-email", { token });
    expect((await sendAs(ctx.app, cookies, "GET", "/api/profile")).json().isEmailVerified).toBe(true);
  });

  it("makes a changed phone unverified and sends it a code", async () => {
    const { cookies } = await signedInMember();
    const changed = await sendAs(ctx.app, cookies, "POST", "/api/profile/phone", { phoneNumber: "12345678" });
    expect(changed.statusCode).toBe(400);
    const ok = await sendAs(ctx.app, cookies, "POST", "/api/profile/phone", { phoneNumber: "0244111222" });
    expect(ok.json()).toMatchObject({ phoneNumber: "+233244111222", isPhoneVerified: false });
    const code = await latestSmsCodeFor(ctx.database.db, "+233244111222");
    const verified = await sendAs(ctx.app, cookies, "POST", "/api/auth/verify-otp", {
      phoneNumber: "0244111222",
      otp: code,
      purpose: "registration",
    });
    expect(verified.json().user.isPhoneVerified).toBe(true);
  });

  it("changes the password after checking the current one, keeping only this session", async () => {
    const { user, cookies } = await signedInMember("old-password-123");
    const second = sessionCookieFrom(
      await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
        email: user.email,
        password: "old-password-123",
      }),
    );
    const wrong = await sendAs(ctx.app, cookies, "POST", "/api/profile/password", {
      currentPassword: "not-it-at-all",
      newPassword: "new-password-456",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe("Your current password is not correct");

    const changed = await sendAs(ctx.app, cookies, "POST", "/api/profile/password", {
      currentPassword: "old-password-123",
      newPassword: "new-password-456",
    });
    expect(changed.statusCode).toBe(200);
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).statusCode).toBe(200);
    expect((await sendAs(ctx.app, second, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it("signs out everywhere, this device included", async () => {
    const { user, cookies } = await signedInMember();
    const second = sessionCookieFrom(
      await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
        email: user.email,
        password: "jollof-rice-2026",
      }),
    );
    await sendAs(ctx.app, cookies, "POST", "/api/profile/sign-out-everywhere");
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await sendAs(ctx.app, second, "GET", "/api/auth/me")).statusCode).toBe(401);
  });

  it("deletes the account and personal data but keeps anonymised ledger rows", async () => {
    const { user, cookies } = await signedInMember();
    await creditXp(ctx.database.db, {
      userId: user.id,
      amount: 100,
      reason: "signin_bonus",
      idempotencyKey: `bonus:${user.id}`,
    });

    const refused = await sendAs(ctx.app, cookies, "DELETE", "/api/profile", {
      password: "wrong-one-1",
      confirm: "DELETE",
    });
    expect(refused.statusCode).toBe(400);
    const unconfirmed = await sendAs(ctx.app, cookies, "DELETE", "/api/profile", {
      password: "jollof-rice-2026",
    });
    expect(unconfirmed.json().fields.confirm).toBe("Type DELETE to confirm");

    const deleted = await sendAs(ctx.app, cookies, "DELETE", "/api/profile", {
      password: "jollof-rice-2026",
      confirm: "DELETE",
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    const ledger = await ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `bonus:${user.id}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.userId).toBeNull();
    expect((await sendAs(ctx.app, cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
  });
});
