import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingGroups } from "../../../shared/contracts/admin";
import { ghanaMobileMessage } from "../../../shared/phone";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import { companies, companyPointAllocations, dailyPointLimits } from "../../db/schema";
import { signedInOwner } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { addMonthlyDrawEntry } from "../draws";
import { resetMonthlyAllocations } from "../payments";
import { manualMomoAccount } from "../settings";

/*
 * The platform settings (docs/product-rules.md#admin-platform-settings) beyond XP and prices: points
 * allocations by plan, the daily points limit, the draw cap and the manual MoMo account. Each is read where
 * it is used, so the next operation after an admin's change uses the new value (no restart), and a bad value
 * is refused with what would do.
 */

const clock = testClock(new Date("2026-11-23T10:00:00Z"));
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  admin = await signedInMember(ctx.database.db, "settings-admin", { role: "admin", displayName: "Efua" });
});
afterAll(async () => {
  await ctx.close();
});

const device = { "x-device-fingerprint": "settings-counter-phone" };
let staffed = 0;

function put(key: string, value: unknown) {
  return sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/settings/${key}`, { value });
}

async function settingsList() {
  return (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/settings")).json().settings as {
    key: string;
    [field: string]: unknown;
  }[];
}

/** A business on the plan with a counter staff member signed in. */
async function counter(plan: PlanId) {
  const { company, cookies: owner } = await signedInOwner(ctx.database.db, {
    username: `settings-shop-${++staffed}`,
    plan,
  });
  const staff = await sendAs(ctx.app, owner, "POST", `/api/companies/${company.id}/staff`, {
    name: "Esi",
    pin: "2580",
  });
  expect(staff.statusCode, staff.body).toBe(200);
  const login = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
    username: company.username,
    staffName: "esi",
    pin: "2580",
  });
  expect(login.statusCode, login.body).toBe(200);
  return { company, staff: sessionCookieFrom(login) };
}

async function memberWithQr(label: string) {
  const member = await signedInMember(ctx.database.db, label, { displayName: "Ama" });
  const qr = (await sendAs(ctx.app, member.cookies, "GET", "/api/loyalty/qr")).json();
  return { ...member, qrData: qr.qrData as string };
}

function grant(staff: Record<string, string>, qrData: string, points: number) {
  return sendAs(ctx.app, staff, "POST", "/api/merchant/points", { qrData, points }, device);
}

describe("the settings list", () => {
  it("lists about 30 settings, each typed and under a heading, with the new ones at their defaults", async () => {
    const settings = await settingsList();
    expect(settings.length).toBeGreaterThanOrEqual(25);
    for (const setting of settings) {
      expect(settingGroups).toContain(setting.group);
      expect(["number", "text"]).toContain(setting.type);
    }
    const byKey = new Map(settings.map((setting) => [setting.key, setting]));
    expect(byKey.get("points_allocation_starter")).toMatchObject({
      type: "number",
      value: 250,
      group: "points",
    });
    expect(byKey.get("points_allocation_enterprise")).toMatchObject({ value: 5000, min: 0 });
    expect(byKey.get("daily_points_limit")).toMatchObject({ value: 100, min: 1, max: 10_000 });
    expect(byKey.get("draw_max_entries")).toMatchObject({ value: 10, min: 1, max: 10, group: "draws" });
    expect(byKey.get("xp_stamp")).toMatchObject({ type: "number", group: "xp", fromEnvironment: false });
    expect(byKey.get("momo_merchant_number")).toMatchObject({
      type: "text",
      group: "manual_momo",
      value: "",
      defaultValue: "",
      fromEnvironment: false,
      updatedAt: null,
    });
  });

  it("describes each setting in plain words for the admin: no document references, articles that fit", async () => {
    const settings = await settingsList();
    const descriptionOf = (key: string) => settings.find((setting) => setting.key === key)?.description;

    for (const setting of settings) {
      expect(setting.description).not.toMatch(/PRODUCT\.md|SPEC|\.md\b/);
      expect(setting.description).not.toMatch(/\ba [AEIOU]/);
    }
    expect(descriptionOf("xp_signin_bonus")).toBe("XP when a new member's account is activated");
    expect(descriptionOf("points_allocation_enterprise")).toBe(
      "Points an Enterprise business may give members each month (from its next month or plan change)",
    );
    expect(descriptionOf("points_allocation_starter")).toBe(
      "Points a Starter business may give members each month (from its next month or plan change)",
    );
    expect(descriptionOf("plus_price_pesewas")).toBe(
      "Anigye+ price for 30 days, in pesewas (100 pesewas = GH₵ 1)",
    );
  });
});

describe("points allocations by plan", () => {
  it("the next plan change, the first grant of a month and the monthly reset use the new value", async () => {
    const tooFew = await put("points_allocation_pro", -5);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().fields.value).toBe("Choose a whole number from 0 to 1000000");
    expect((await put("points_allocation_pro", "lots")).statusCode).toBe(400);

    expect((await put("points_allocation_pro", 1500)).json()).toMatchObject({ value: 1500 });
    const offers = (await sendAs(ctx.app, {}, "GET", "/api/plans")).json();
    expect(offers.plans.find((plan: { id: string }) => plan.id === "pro").monthlyPointsAllocation).toBe(1500);
    expect(offers.plans.find((plan: { id: string }) => plan.id === "business").monthlyPointsAllocation).toBe(
      500,
    );

    // An admin moves a Starter business to Pro: its allocation is the setting's, not the plan table's.
    const shop = await counter("starter");
    const changed = await sendAs(
      ctx.app,
      admin.cookies,
      "PUT",
      `/api/admin/companies/${shop.company.id}/plan`,
      { plan: "pro", paidUntil: "2026-12-20T00:00:00Z", reason: "Launch partner" },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const allocationColumn = async () =>
      (
        await ctx.database.db
          .select({ allocation: companies.monthlyPointsAllocation })
          .from(companies)
          .where(eq(companies.id, shop.company.id))
      )[0]!.allocation;
    expect(await allocationColumn()).toBe(1500);

    // The month opens at the first grant, with the allocation in force now.
    const ama = await memberWithQr("allocation-member");
    const given = await grant(shop.staff, ama.qrData, 10);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().allocationRemaining).toBe(1490);

    // A change mid-month waits for the next month: the reset on the 1st opens it at the new value.
    expect((await put("points_allocation_pro", 2000)).statusCode).toBe(200);
    expect(
      (await grant(shop.staff, (await memberWithQr("allocation-member")).qrData, 10)).json(),
    ).toMatchObject({
      allocationRemaining: 1480,
    });
    await resetMonthlyAllocations({ db: ctx.database.db } as AppDeps, new Date("2026-12-01T00:05:00Z"));
    expect(await allocationColumn()).toBe(2000);
    const months = await ctx.database.db
      .select({ month: companyPointAllocations.month, allocated: companyPointAllocations.allocatedPoints })
      .from(companyPointAllocations)
      .where(eq(companyPointAllocations.companyId, shop.company.id))
      .orderBy(companyPointAllocations.month);
    expect(months).toEqual([
      { month: 11, allocated: 1500 },
      { month: 12, allocated: 2000 },
    ]);
  });
});

describe("the daily points limit", () => {
  it("applies to a member's next grant, both lower and higher, and shows on their cards", async () => {
    const shop = await counter("enterprise");
    const ama = await memberWithQr("limit-member");
    expect((await grant(shop.staff, ama.qrData, 30)).statusCode).toBe(200);

    expect((await put("daily_points_limit", 0)).json().fields.value).toBe(
      "Choose a whole number from 1 to 10000",
    );
    expect((await put("daily_points_limit", 40)).statusCode).toBe(200);
    const over = await grant(shop.staff, ama.qrData, 20);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: "POINTS_LIMIT",
      message: "Ama can receive only 10 more points today (40 a day).",
    });
    // A grant above the whole limit on a day not started yet is refused the same way (never a 500).
    const kofi = await memberWithQr("limit-member");
    expect((await grant(shop.staff, kofi.qrData, 60)).json()).toMatchObject({ code: "POINTS_LIMIT" });
    expect((await grant(shop.staff, ama.qrData, 10)).json()).toMatchObject({ memberPointsToday: 40 });
    const cards = (await sendAs(ctx.app, ama.cookies, "GET", "/api/loyalty/cards")).json();
    expect(cards).toMatchObject({ pointsToday: 40, dailyPointLimit: 40 });

    expect((await put("daily_points_limit", 200)).statusCode).toBe(200);
    expect((await grant(shop.staff, ama.qrData, 100)).json()).toMatchObject({ memberPointsToday: 140 });
    const [day] = await ctx.database.db
      .select({ received: dailyPointLimits.pointsReceived, max: dailyPointLimits.maxPointsPerDay })
      .from(dailyPointLimits)
      .where(and(eq(dailyPointLimits.userId, ama.user.id), eq(dailyPointLimits.day, "2026-11-23")));
    expect(day).toEqual({ received: 140, max: 200 });
    expect((await put("daily_points_limit", 100)).statusCode).toBe(200);
  });
});

describe("the draw cap", () => {
  it("caps the entries added next and what the member sees; more than the published 10 is refused", async () => {
    const ama = await signedInMember(ctx.database.db, "cap-member");
    const enter = (n: number) =>
      ctx.database.db.transaction((tx) =>
        addMonthlyDrawEntry(tx, ama.user.id, "bronze", clock.now(), { kind: "prize_entry", key: `cap:${n}` }),
      );
    const tooMany = await put("draw_max_entries", 11);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.value).toBe("Choose a whole number from 1 to 10");

    expect((await put("draw_max_entries", 3)).statusCode).toBe(200);
    for (let n = 1; n <= 5; n++) await enter(n);
    expect((await enter(6))?.entries).toBe(3);
    const mine = async () => (await sendAs(ctx.app, ama.cookies, "GET", "/api/draws/mine")).json();
    expect(await mine()).toMatchObject({ entries: 3, maxEntries: 3 });

    expect((await put("draw_max_entries", 5)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ entries: 5, maxEntries: 5 });
    expect((await enter(7))?.entries).toBe(5);
    expect((await put("draw_max_entries", 10)).statusCode).toBe(200);
    expect((await enter(8))?.entries).toBe(8);
  });
});

describe("the manual MoMo account", () => {
  it("an admin sets the number and name, payers see them next; bad values are refused; each change is audited", async () => {
    const productionLike = { payments: { manualMomo: undefined, demoMomo: undefined, paystack: undefined } };
    expect(await manualMomoAccount(ctx.database.db, productionLike)).toBeUndefined();
    const plansMomo = async () => (await sendAs(ctx.app, {}, "GET", "/api/plans")).json().manualMomo;
    expect(await plansMomo()).toEqual({ merchantNumber: "024 000 0000", merchantName: "Anigye Demo Ltd" });

    const landline = await put("momo_merchant_number", "030 212 3456");
    expect(landline.statusCode).toBe(400);
    expect(landline.json().fields.value).toBe(ghanaMobileMessage);
    expect((await put("momo_merchant_number", 241234567)).json().fields.value).toBe(
      "Enter text, not a number",
    );
    expect((await put("momo_merchant_name", " A ")).json().fields.value).toBe("Use 2 to 60 characters");
    expect((await put("momo_merchant_name", "x".repeat(61))).statusCode).toBe(400);
    expect((await put("momo_merchant_name", "Bell\u0007Ltd")).statusCode).toBe(400);
    expect((await put("xp_stamp", "7")).json().fields.value).toBe("Choose a whole number from 0 to 1000");

    const number = await put("momo_merchant_number", "024 555 1234");
    expect(number.statusCode, number.body).toBe(200);
    expect(number.json()).toMatchObject({ type: "text", value: "+233245551234" });
    // Until the name is saved too, payers still see the demo account (never half of one).
    expect((await plansMomo()).merchantName).toBe("Anigye Demo Ltd");
    expect((await put("momo_merchant_name", "  Anigye   Payments Ltd ")).json().value).toBe(
      "Anigye Payments Ltd",
    );
    const account = { merchantNumber: "+233245551234", merchantName: "Anigye Payments Ltd" };
    expect(await plansMomo()).toEqual(account);
    expect(await manualMomoAccount(ctx.database.db, productionLike)).toEqual(account);

    const payer = await signedInMember(ctx.database.db, "momo-payer");
    const order = await sendAs(ctx.app, payer.cookies, "POST", "/api/payments", {
      purpose: "plus",
      method: "momo_manual",
      paymentPhone: "024 123 4567",
      provider: "mtn",
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().nextStep).toMatchObject({ type: "send_momo", ...account });
    expect(order.json().nextStep.displayText).toContain("+233245551234");

    const audit = (
      await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/audit?action=setting.update")
    ).json();
    expect(
      audit.entries.find((entry: { targetId: string }) => entry.targetId === "momo_merchant_number"),
    ).toMatchObject({
      actor: { name: "Efua" },
      before: null,
      after: JSON.stringify("+233245551234"),
    });
  });

  it("the environment's account wins over the saved one and can't be changed from the screen", async () => {
    const envCtx = await createTestContext({
      env: { MOMO_MERCHANT_NUMBER: "024 999 8888", MOMO_MERCHANT_NAME: "Env Merchant" },
    });
    try {
      const boss = await signedInMember(envCtx.database.db, "env-admin", { role: "admin" });
      const list = (await sendAs(envCtx.app, boss.cookies, "GET", "/api/admin/settings")).json().settings;
      expect(list.find((setting: { key: string }) => setting.key === "momo_merchant_name")).toMatchObject({
        value: "Env Merchant",
        fromEnvironment: true,
      });
      const refused = await sendAs(
        envCtx.app,
        boss.cookies,
        "PUT",
        "/api/admin/settings/momo_merchant_number",
        {
          value: "024 555 1234",
        },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain("MOMO_MERCHANT_NUMBER");
      expect((await sendAs(envCtx.app, {}, "GET", "/api/plans")).json().manualMomo).toEqual({
        merchantNumber: "024 999 8888",
        merchantName: "Env Merchant",
      });
    } finally {
      await envCtx.close();
    }
  });
});
