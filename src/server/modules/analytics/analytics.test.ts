import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanId } from "../../../shared/plans";
import { adDailyStats, adInteractions, ads } from "../../db/schema/ads";
import { companies } from "../../db/schema/companies";
import { signedInCompany, upload } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { csvField } from "./analytics.read-model";

// Midday, so moving the clock a few seconds never crosses into another day.
const clock = testClock(new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`));
const dayMs = 86_400_000;
/** The Accra (= UTC) calendar day `offset` days from the clock's today. */
const day = (offset = 0) => new Date(clock.now().getTime() + offset * dayMs).toISOString().slice(0, 10);

let ctx: TestContext;
let jpeg: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  jpeg = await sharp({ create: { width: 720, height: 1280, channels: 3, background: "#b45309" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => ctx.close());

/** A member or an admin with a session made directly (many sign-ins from one address would be rate limited). */
function signedInUser(role: "user" | "admin" = "user") {
  return signedInMember(ctx.database.db, `analytics-${role}-`, { role, city: "Accra" });
}

/** An ad row straight in the table, for tests that only need numbers against it. */
async function insertAd(companyId: number, title: string) {
  const [ad] = await ctx.database.db
    .insert(ads)
    .values({ companyId, title, category: "Food & Dining", durationSeconds: 10 })
    .returning();
  return ad!;
}

type DayNumbers = Partial<
  Record<"impressions" | "views" | "clicks" | "completions" | "unlocks" | "redemptions", number>
>;
async function insertStats(adId: number, offset: number, numbers: DayNumbers) {
  await ctx.database.db.insert(adDailyStats).values({ adId, day: day(offset), ...numbers });
}

async function insertInteraction(adId: number, type: "like" | "share", offset: number) {
  await ctx.database.db
    .insert(adInteractions)
    .values({ adId, interactionType: type, timestamp: new Date(clock.now().getTime() + offset * dayMs) });
}

/** A company on `plan` with one ad and a known week: 200 impressions, 50 views, 20 completions... */
async function companyWithNumbers(plan: PlanId) {
  const owner = await signedInCompany(ctx.app, ctx.database.db, { plan });
  const ad = await insertAd(owner.company.id, "Waakye Friday");
  await insertStats(ad.id, -1, {
    impressions: 120,
    views: 30,
    clicks: 4,
    completions: 12,
    unlocks: 10,
    redemptions: 3,
  });
  await insertStats(ad.id, 0, { impressions: 80, views: 20, clicks: 1, completions: 8, unlocks: 6 });
  await insertInteraction(ad.id, "like", 0);
  await insertInteraction(ad.id, "share", -1);
  return { ...owner, ad };
}

const analytics = (cookies: Record<string, string>, companyId: number, query = "") =>
  sendAs(ctx.app, cookies, "GET", `/api/companies/${companyId}/analytics${query}`);
const csv = (cookies: Record<string, string>, companyId: number, query = "") =>
  sendAs(ctx.app, cookies, "GET", `/api/companies/${companyId}/analytics.csv${query}`);

describe("what each plan shows", () => {
  it("starter: views only, with nothing else in the answer", async () => {
    const { company, cookies } = await companyWithNumbers("starter");
    const response = await analytics(cookies, company.id, "?days=7");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({
      plan: "starter",
      metrics: ["views"],
      canExportCsv: false,
      isPlanCurrent: true,
    });
    expect(body.totals).toEqual({ views: 50 });
    expect(body.ads).toEqual([
      { id: expect.any(Number), title: "Waakye Friday", status: "active", views: 50 },
    ]);
    expect(Object.keys(body.daily[0]).sort()).toEqual(["day", "views"]);
  });

  it("business: views and impressions", async () => {
    const { company, cookies } = await companyWithNumbers("business");
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.metrics).toEqual(["views", "impressions"]);
    expect(body.totals).toEqual({ views: 50, impressions: 200 });
    expect(Object.keys(body.ads[0]).sort()).toEqual(["id", "impressions", "status", "title", "views"]);
    expect(body.daily.at(-1)).toEqual({ day: day(0), views: 20, impressions: 80 });
    expect(body.canExportCsv).toBe(false);
  });

  it("pro: full insights, with CTR = views ÷ impressions and completion rate = completions ÷ views", async () => {
    const { company, cookies } = await companyWithNumbers("pro");
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.metrics).toEqual([
      "views",
      "impressions",
      "clickThroughRate",
      "completionRate",
      "completions",
      "unlocks",
      "clicks",
      "likes",
      "shares",
      "redemptions",
    ]);
    expect(body.totals).toEqual({
      views: 50,
      impressions: 200,
      clickThroughRate: 0.25,
      completionRate: 0.4,
      completions: 20,
      unlocks: 16,
      clicks: 5,
      likes: 1,
      shares: 1,
      redemptions: 3,
    });
    expect(body.daily.at(-2)).toEqual({
      day: day(-1),
      views: 30,
      impressions: 120,
      completions: 12,
      unlocks: 10,
      clicks: 4,
      redemptions: 3,
    });
    expect(body.canExportCsv).toBe(false);
  });

  it("enterprise: everything pro shows, and the CSV export", async () => {
    const { company, cookies } = await companyWithNumbers("enterprise");
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.metrics).toHaveLength(10);
    expect(body.canExportCsv).toBe(true);
    expect((await csv(cookies, company.id, "?days=7")).statusCode).toBe(200);
  });

  it("rates are null (shown as —) when there is nothing to divide by", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "pro" });
    const quiet = await insertAd(company.id, "Not seen yet");
    const direct = await insertAd(company.id, "Opened from a link");
    await insertStats(direct.id, 0, { views: 3 });
    const body = (await analytics(cookies, company.id)).json();
    expect(body.totals).toMatchObject({
      views: 3,
      impressions: 0,
      clickThroughRate: null,
      completionRate: 0,
    });
    const row = (id: number) => body.ads.find((ad: { id: number }) => ad.id === id);
    expect(row(quiet.id)).toMatchObject({ views: 0, clickThroughRate: null, completionRate: null });
    expect(row(direct.id)).toMatchObject({ views: 3, clickThroughRate: null, completionRate: 0 });
  });

  it("follows the plan the admin sets: a downgrade removes metrics from the answer at once", async () => {
    const { company, cookies } = await companyWithNumbers("pro");
    await ctx.database.db.update(companies).set({ plan: "starter" }).where(eq(companies.id, company.id));
    expect((await analytics(cookies, company.id, "?days=7")).json().totals).toEqual({ views: 50 });
  });

  it("a lapsed plan keeps its numbers readable and says it lapsed", async () => {
    const { company, cookies } = await companyWithNumbers("pro");
    await ctx.database.db
      .update(companies)
      .set({ paidUntil: new Date(clock.now().getTime() - dayMs) })
      .where(eq(companies.id, company.id));
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.isPlanCurrent).toBe(false);
    expect(body.planPaidUntil).toBe(new Date(clock.now().getTime() - dayMs).toISOString());
    expect(body.totals.completionRate).toBe(0.4);
  });

  it("a business that has never paid says so, not that its plan lapsed", async () => {
    const { company, cookies } = await companyWithNumbers("starter");
    await ctx.database.db.update(companies).set({ paidUntil: null }).where(eq(companies.id, company.id));
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body).toMatchObject({ isPlanCurrent: false, planPaidUntil: null });
    expect(body.totals).toEqual({ views: 50 });
  });
});

describe("the numbers", () => {
  it("counts real impressions, views, completed watches and rewards from the app's own events", async () => {
    const owner = await signedInCompany(ctx.app, ctx.database.db, { plan: "pro" });
    const media = await upload(ctx.app, owner.cookies, `/api/companies/${owner.company.id}/media`, {
      file: { data: jpeg, name: "ad.jpg", type: "image/jpeg" },
    });
    const created = await sendAs(ctx.app, owner.cookies, "POST", `/api/companies/${owner.company.id}/ads`, {
      title: "Fufu and light soup",
      category: "Food & Dining",
      mediaId: media.json().id,
      durationSeconds: 10,
      rewardType: "discount",
      discountPercent: 10,
      discountCodes: ["FUFU-1", "FUFU-2"],
    });
    expect(created.statusCode).toBe(200);
    const adId = created.json().id as number;

    const [ama, kojo] = [await signedInUser(), await signedInUser()];
    for (const member of [ama, kojo, ama]) {
      await sendAs(ctx.app, member.cookies, "POST", "/api/ads/impressions", { adIds: [adId] });
    }
    await ctx.app.impressions.flush();
    const amaSession = (await sendAs(ctx.app, ama.cookies, "POST", "/api/watch/sessions", { adId })).json();
    await sendAs(ctx.app, kojo.cookies, "POST", "/api/watch/sessions", { adId });
    clock.advance(8_100);
    const done = await sendAs(
      ctx.app,
      ama.cookies,
      "POST",
      `/api/watch/sessions/${amaSession.sessionId}/progress`,
      { watchedSeconds: 8.1 },
    );
    expect(done.json().completed).toBe(true);

    const body = (await analytics(owner.cookies, owner.company.id, "?days=7")).json();
    expect(body.totals).toMatchObject({
      impressions: 2,
      views: 2,
      clickThroughRate: 1,
      completions: 1,
      completionRate: 0.5,
      unlocks: 1,
    });
    expect(body.daily.at(-1)).toMatchObject({ day: day(0), views: 2, impressions: 2, unlocks: 1 });
  });

  it("fills every day of the period, oldest first, and leaves out days outside it", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "business" });
    const ad = await insertAd(company.id, "Kelewele nights");
    await insertStats(ad.id, 0, { views: 5, impressions: 9 });
    await insertStats(ad.id, -6, { views: 2, impressions: 4 });
    await insertStats(ad.id, -7, { views: 100, impressions: 100 });
    await insertStats(ad.id, 1, { views: 100, impressions: 100 });

    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.period).toEqual({ days: 7, from: day(-6), to: day(0) });
    expect(body.daily.map((d: { day: string }) => d.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(day));
    expect(body.daily[0]).toEqual({ day: day(-6), views: 2, impressions: 4 });
    expect(body.daily.slice(1, 6).every((d: { views: number }) => d.views === 0)).toBe(true);
    expect(body.totals).toEqual({ views: 7, impressions: 13 });

    const month = (await analytics(cookies, company.id)).json();
    expect(month.period.days).toBe(30);
    expect(month.daily).toHaveLength(30);
    expect(month.totals.views).toBe(107);
    expect((await analytics(cookies, company.id, "?days=90")).json().daily).toHaveLength(90);
  });

  it("keeps deleted ads' history in the totals and lists them as deleted; other companies never count", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    const live = await insertAd(company.id, "Live ad");
    const deleted = await insertAd(company.id, "Deleted last week");
    const longGone = await insertAd(company.id, "Deleted long ago");
    await insertStats(live.id, -1, { views: 4 });
    await insertStats(deleted.id, -3, { views: 6 });
    await insertStats(longGone.id, -60, { views: 50 });
    await ctx.database.db
      .update(ads)
      .set({ deletedAt: clock.now(), isActive: false })
      .where(eq(ads.id, deleted.id));
    await ctx.database.db
      .update(ads)
      .set({ deletedAt: clock.now(), isActive: false })
      .where(eq(ads.id, longGone.id));
    const other = await signedInCompany(ctx.app, ctx.database.db, { plan: "starter" });
    await insertStats((await insertAd(other.company.id, "Someone else's")).id, -1, { views: 1000 });

    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.totals).toEqual({ views: 10 });
    expect(body.ads).toEqual([
      { id: live.id, title: "Live ad", status: "active", views: 4 },
      { id: deleted.id, title: "Deleted last week", status: "deleted", views: 6 },
    ]);
  });

  it("a company with no ads gets zeros, not an error", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "pro" });
    const body = (await analytics(cookies, company.id, "?days=7")).json();
    expect(body.ads).toEqual([]);
    expect(body.totals).toMatchObject({
      views: 0,
      impressions: 0,
      clickThroughRate: null,
      completionRate: null,
    });
    expect(body.daily).toHaveLength(7);
  });
});

describe("the period", () => {
  it("accepts 7, 30 or 90 days (30 when left out) and refuses anything else with a clear message", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "enterprise" });
    for (const query of ["?days=14", "?days=abc", "?days=", "?days=-7", "?days=7.0", "?days=7&days=30"]) {
      for (const call of [analytics, csv]) {
        const response = await call(cookies, company.id, query);
        expect(response.statusCode, `${query}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: "VALIDATION",
          message: "Choose a period of 7, 30 or 90 days",
        });
      }
    }
    expect((await analytics(cookies, company.id)).json().period.days).toBe(30);
    expect((await analytics(cookies, company.id, "?days=90")).json().period.days).toBe(90);
  });
});

describe("the CSV export", () => {
  it("is one row per ad per day, quoted properly and safe from spreadsheet formulas", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "enterprise" });
    await ctx.database.db
      .update(companies)
      .set({ username: "Kofi.Chop_Bar" })
      .where(eq(companies.id, company.id));
    const plain = await insertAd(company.id, 'Waakye, "the real one"');
    const formula = await insertAd(company.id, '=HYPERLINK("http://evil.example","Win")');
    await insertStats(plain.id, -1, { impressions: 40, views: 10, completions: 5, unlocks: 4, clicks: 2 });
    await insertStats(plain.id, 0, { impressions: 0, views: 0 });
    await insertStats(formula.id, 0, {
      impressions: 8,
      views: 2,
      completions: 1,
      unlocks: 1,
      redemptions: 1,
    });
    await insertInteraction(plain.id, "like", -1);
    await insertInteraction(plain.id, "share", -2);
    await insertInteraction(formula.id, "share", -20);

    const response = await csv(cookies, company.id, "?days=7");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="anigye-kofi-chop-bar-analytics-${day(-6)}-to-${day(0)}.csv"`,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const lines = response.body.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1)).toEqual([
      '"Date","Ad ID","Ad","Status","Views","Impressions","Click-through rate (%)","Completion rate (%)","Completed watches","Rewards unlocked","Map-link visits","Likes","Shares","Redemptions"',
      `"${day(-2)}",${plain.id},"Waakye, ""the real one""","active",0,0,,,0,0,0,0,1,0`,
      `"${day(-1)}",${plain.id},"Waakye, ""the real one""","active",10,40,25.0,50.0,5,4,2,1,0,0`,
      `"${day(0)}",${plain.id},"Waakye, ""the real one""","active",0,0,,,0,0,0,0,0,0`,
      `"${day(0)}",${formula.id},"'=HYPERLINK(""http://evil.example"",""Win"")","active",2,8,25.0,50.0,1,1,0,0,0,1`,
    ]);
  });

  it("lists every ad of the company on every day it existed, with zeros where nothing happened", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan: "enterprise" });
    const madeDaysAgo = async (title: string, days: number) => {
      const ad = await insertAd(company.id, title);
      const createdAt = new Date(clock.now().getTime() - days * dayMs);
      await ctx.database.db.update(ads).set({ createdAt }).where(eq(ads.id, ad.id));
      return ad;
    };
    const quiet = await madeDaysAgo("Quiet kelewele", 2);
    const busy = await madeDaysAgo("Busy waakye", 30);
    const today = await insertAd(company.id, "New today");
    const gone = await madeDaysAgo("Deleted and quiet", 10);
    await ctx.database.db.update(ads).set({ deletedAt: clock.now() }).where(eq(ads.id, gone.id));
    await insertStats(busy.id, -1, { impressions: 10, views: 4 });

    const response = await csv(cookies, company.id, "?days=7");
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .slice(1)
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",").slice(0, 6).join(","));
    const zeros = (offset: number, ad: { id: number; title: string }) =>
      `"${day(offset)}",${ad.id},"${ad.title}","active",0,0`;
    expect(rows).toEqual([
      zeros(-6, busy),
      zeros(-5, busy),
      zeros(-4, busy),
      zeros(-3, busy),
      zeros(-2, quiet),
      zeros(-2, busy),
      zeros(-1, quiet),
      `"${day(-1)}",${busy.id},"Busy waakye","active",4,10`,
      zeros(0, quiet),
      zeros(0, busy),
      zeros(0, today),
    ]);
  });

  it("is refused below Enterprise with the plan-limit error", async () => {
    for (const plan of ["starter", "business", "pro"] as const) {
      const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan });
      const response = await csv(cookies, company.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("PLAN_LIMIT");
      expect(response.json().message).toMatch(/^CSV export comes with the Enterprise plan\./);
    }
  });

  it("escapes fields the way RFC 4180 and OWASP ask", () => {
    expect(csvField("Kelewele")).toBe('"Kelewele"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("+233 24 000 0000")).toBe(`"'+233 24 000 0000"`);
    expect(csvField("-10% off")).toBe(`"'-10% off"`);
    expect(csvField("@everyone")).toBe(`"'@everyone"`);
    expect(csvField("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvField("=1+1,2")).toBe(`"'=1+1,2"`);
    // A spreadsheet splitting on ";" still sees one quoted cell, never a formula after the ";".
    expect(csvField('Promo;=HYPERLINK("http://evil","x")')).toBe('"Promo;=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField(-3)).toBe("-3");
    expect(csvField(null)).toBe("");
  });
});

describe("who may read a company's analytics", () => {
  it("refuses the signed-out (401), members (403) and other companies (403)", async () => {
    const { company } = await signedInCompany(ctx.app, ctx.database.db, { plan: "enterprise" });
    const member = await signedInUser();
    const otherOwner = await signedInCompany(ctx.app, ctx.database.db, { plan: "enterprise" });
    for (const call of [analytics, csv]) {
      expect((await call({}, company.id)).statusCode).toBe(401);
      expect((await call(member.cookies, company.id)).statusCode).toBe(403);
      const other = await call(otherOwner.cookies, company.id);
      expect(other.statusCode).toBe(403);
      expect(other.json().code).toBe("FORBIDDEN");
    }
  });

  it("lets the owner and a platform admin read it; an unknown company is 404 and a bad id 400", async () => {
    const { company, cookies } = await companyWithNumbers("enterprise");
    const admin = await signedInUser("admin");
    expect((await analytics(cookies, company.id)).statusCode).toBe(200);
    const asAdmin = await analytics(admin.cookies, company.id, "?days=7");
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().totals.views).toBe(50);
    expect((await csv(admin.cookies, company.id)).statusCode).toBe(200);
    expect((await analytics(admin.cookies, 2_000_000)).statusCode).toBe(404);
    const badId = await sendAs(ctx.app, admin.cookies, "GET", "/api/companies/abc/analytics");
    expect(badId.statusCode).toBe(400);
  });
});
