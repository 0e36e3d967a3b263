import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads";
import { auditLog } from "../../db/schema/audit";
import { sessions } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { qrScanLogs } from "../../db/schema/counter";
import { payments } from "../../db/schema/payments";
import { createCompany } from "../../db/seed/factories";
import { signedInCompany } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";

const clock = testClock();
const dayMs = 86_400_000;
const suspendedMessage = "This business account is suspended. Contact Anigye support.";
let ctx: TestContext;
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  admin = (await signedInMember(ctx.database.db, "boss", { role: "admin", displayName: "Ama Admin" }))
    .cookies;
  member = (await signedInMember(ctx.database.db, "kwame")).cookies;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const companyRow = async (id: number) =>
  (await db().select().from(companies).where(eq(companies.id, id)))[0]!;

/** The audit log's entries of one action, newest first. */
function auditEntries(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe("admin business routes are for admins only", () => {
  it("refuses signed-out callers, members and business owners, and changes nothing", async () => {
    const owner = await signedInCompany(ctx.app, db(), { name: "Untouchable Shop", address: "1 Safe Road" });
    const id = owner.company.id;
    const calls = [
      ["GET", "/api/admin/companies", undefined],
      ["GET", `/api/admin/companies/${id}`, undefined],
      ["PATCH", `/api/admin/companies/${id}`, { name: "Hijacked" }],
      ["POST", `/api/admin/companies/${id}/status`, { status: "suspended", reason: "Not an admin" }],
      [
        "PUT",
        `/api/admin/companies/${id}/plan`,
        { plan: "enterprise", paidUntil: null, reason: "Free upgrade" },
      ],
      ["POST", `/api/admin/companies/${id}/setup-link`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await sendAs(ctx.app, {}, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await sendAs(ctx.app, member, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await sendAs(ctx.app, owner.cookies, method, url, body)).statusCode, `${method} ${url}`).toBe(
        403,
      );
    }
    const row = await companyRow(id);
    expect(row).toMatchObject({ name: "Untouchable Shop", status: "active", plan: "starter" });
  });
});

describe("the businesses list", () => {
  const prefix = "Pagingtest";
  let made: number[] = [];

  beforeAll(async () => {
    made = [];
    for (let i = 0; i < 30; i++) {
      const company = await createCompany(db(), {
        name: `${prefix} Shop ${i}`,
        plan: i % 3 === 0 ? "pro" : "starter",
        status: i % 5 === 0 ? "suspended" : "active",
      });
      made.push(company.id);
    }
    await db()
      .insert(ads)
      .values([
        { companyId: made.at(-1)!, title: "One", category: "Food & Dining" },
        { companyId: made.at(-1)!, title: "Two", category: "Food & Dining", isActive: false },
      ]);
  });

  it("pages 25 at a time, newest first, with the total in X-Total-Count", async () => {
    const first = await sendAs(ctx.app, admin, "GET", `/api/admin/companies?q=${prefix}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("30");
    const firstPage = first.json() as { id: number; plan: { adsUsed: number; adsLive: number } }[];
    expect(firstPage).toHaveLength(25);
    expect(firstPage.map((c) => c.id)).toEqual([...made].reverse().slice(0, 25));
    // Each item keeps the profile shape, ads counted for the page's businesses.
    expect(firstPage[0]!.plan).toMatchObject({ adsUsed: 2, adsLive: 1 });
    expect(firstPage[1]!.plan).toMatchObject({ adsUsed: 0, adsLive: 0 });

    const second = await sendAs(ctx.app, admin, "GET", `/api/admin/companies?q=${prefix}&page=2`);
    expect(second.json().map((c: { id: number }) => c.id)).toEqual([...made].reverse().slice(25));
    const beyond = await sendAs(ctx.app, admin, "GET", `/api/admin/companies?q=${prefix}&page=3`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers["x-total-count"]).toBe("30");

    // Without a search every business is counted, this file's others included.
    const all = await sendAs(ctx.app, admin, "GET", "/api/admin/companies");
    expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(30);
    expect(all.json()).toHaveLength(25);
  });

  it("filters by status and plan in SQL", async () => {
    const suspended = await sendAs(
      ctx.app,
      admin,
      "GET",
      `/api/admin/companies?q=${prefix}&status=suspended`,
    );
    expect(suspended.headers["x-total-count"]).toBe("6");
    expect(suspended.json().every((c: { status: string }) => c.status === "suspended")).toBe(true);
    const pro = await sendAs(
      ctx.app,
      admin,
      "GET",
      `/api/admin/companies?q=${prefix}&plan=pro&status=active`,
    );
    // i % 3 === 0 gives pro (10 of them); of those, i % 5 === 0 (0, 15) are suspended.
    expect(pro.headers["x-total-count"]).toBe("8");
    expect(pro.json().every((c: { plan: { plan: string } }) => c.plan.plan === "pro")).toBe(true);
  });

  it("searches name, username and contact email, with % and _ taken literally", async () => {
    const percent = await createCompany(db(), { name: "100% Natural_Juice", username: "juicy-one" });
    await createCompany(db(), { name: "1000 Natural Juices", username: "juicy-two" });
    const byEmail = await createCompany(db(), {
      name: "Quiet Shop",
      contactEmail: "Owner.Quiet@Example.com",
    });

    const literal = await sendAs(
      ctx.app,
      admin,
      "GET",
      `/api/admin/companies?q=${encodeURIComponent("100%")}`,
    );
    expect(literal.json().map((c: { id: number }) => c.id)).toEqual([percent.id]);
    const underscore = await sendAs(ctx.app, admin, "GET", "/api/admin/companies?q=Natural_");
    expect(underscore.json().map((c: { id: number }) => c.id)).toEqual([percent.id]);
    const username = await sendAs(ctx.app, admin, "GET", "/api/admin/companies?q=JUICY-T");
    expect(username.json().map((c: { name: string }) => c.name)).toEqual(["1000 Natural Juices"]);
    const email = await sendAs(ctx.app, admin, "GET", "/api/admin/companies?q=owner.quiet%40");
    expect(email.json().map((c: { id: number }) => c.id)).toEqual([byEmail.id]);
  });

  it.each([
    ["page=0", "page"],
    ["page=two", "page"],
    ["status=closed", "status"],
    ["plan=gold", "plan"],
  ])("refuses ?%s", async (query, field) => {
    const response = await sendAs(ctx.app, admin, "GET", `/api/admin/companies?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });
});

describe("one business in full", () => {
  it("gives profile, plan, the 10 newest payments, ads by status, staff, scans and setup", async () => {
    const { company, cookies } = await signedInCompany(ctx.app, db(), { plan: "pro" });
    const now = clock.now().getTime();
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          companyId: company.id,
          amountPesewas: 500_00,
          reference: `DETAIL-${company.id}-${i}`,
          status: i === 11 ? ("rejected" as const) : ("succeeded" as const),
          reason: i === 11 ? "No money arrived" : null,
          paymentMethod: "momo_manual",
          createdAt: new Date(now - (12 - i) * 60_000),
        })),
      );
    await db()
      .insert(ads)
      .values([
        { companyId: company.id, title: "Live", category: "Food & Dining" },
        { companyId: company.id, title: "Paused", category: "Food & Dining", isActive: false },
        {
          companyId: company.id,
          title: "Over",
          category: "Food & Dining",
          expiresAt: new Date(now - dayMs),
        },
        { companyId: company.id, title: "Gone", category: "Food & Dining", deletedAt: new Date(now) },
      ]);
    const staff = await sendAs(ctx.app, cookies, "POST", `/api/companies/${company.id}/staff`, {
      name: "Esi",
      pin: "4821",
    });
    expect(staff.statusCode).toBe(200);
    await db()
      .insert(qrScanLogs)
      .values([
        { companyId: company.id, staffId: staff.json().id, scanType: "stamp", accepted: true },
        { companyId: company.id, scanType: "redeem", accepted: false, isSuspicious: true },
        {
          companyId: company.id,
          scanType: "stamp",
          accepted: true,
          createdAt: new Date(now - 40 * dayMs),
          scannedAt: new Date(now - 40 * dayMs),
        },
      ]);

    const response = await sendAs(ctx.app, admin, "GET", `/api/admin/companies/${company.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: company.id,
      name: company.name,
      status: "active",
      paymentStatus: "paid",
      setup: { finished: true, linkExpiresAt: null },
      lastStatusChange: null,
      plan: { plan: "pro", isCurrent: true, adsUsed: 3, adsLive: 2 },
      ads: { counts: { total: 3, active: 1, paused: 1, expired: 1 } },
      scans: { last30Days: { total: 2, accepted: 1, suspicious: 1 } },
    });
    expect(detail.payments).toHaveLength(10);
    expect(detail.payments[0]).toMatchObject({
      reference: `DETAIL-${company.id}-11`,
      status: "rejected",
      reason: "No money arrived",
      amount: 500_00,
    });
    expect(detail.ads.newest.map((ad: { title: string }) => ad.title).sort()).toEqual([
      "Live",
      "Over",
      "Paused",
    ]);
    expect(detail.ads.newest.find((ad: { title: string }) => ad.title === "Over").status).toBe("expired");
    expect(detail.staff).toEqual([expect.objectContaining({ name: "Esi", isActive: true })]);
    expect(detail.staff[0]).not.toHaveProperty("staffCode");
    expect(detail.scans.recent).toHaveLength(3);
    expect(detail.scans.recent.map((scan: { staffName: string }) => scan.staffName)).toContain("Esi");
    // Nothing secret leaves the server.
    expect(response.body).not.toMatch(/passwordHash|setupTokenHash|pinHash/);
  });

  it("tells whether setup is finished and until when the link works", async () => {
    const registered = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      name: "New Shop",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Accra",
      address: "2 Ring Road",
      latitude: 5.6,
      longitude: -0.19,
      contactEmail: "newshop@example.com",
    });
    const detail = (
      await sendAs(ctx.app, admin, "GET", `/api/admin/companies/${registered.json().id}`)
    ).json();
    expect(detail.setup.finished).toBe(false);
    expect(new Date(detail.setup.linkExpiresAt).getTime()).toBe(clock.now().getTime() + 72 * 3600_000);
  });

  it("answers 404 for a business that doesn't exist", async () => {
    const response = await sendAs(ctx.app, admin, "GET", "/api/admin/companies/999999");
    expect(response.statusCode).toBe(404);
  });
});

describe("correcting a business's details", () => {
  it("saves what changed and records before and after", async () => {
    const company = await createCompany(db(), {
      name: "Old Name",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Accra",
      address: "1 Old Road",
      contactEmail: "old@example.com",
    });
    const response = await sendAs(ctx.app, admin, "PATCH", `/api/admin/companies/${company.id}`, {
      name: "  New Name ",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Kumasi",
      address: "1 Old Road",
      contactEmail: "NEW@example.com",
      contactPhone: "024 123 4567",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "New Name",
      city: "Kumasi",
      contactEmail: "new@example.com",
      contactPhone: "+233241234567",
    });
    expect((await companyRow(company.id)).location).toBe("Kumasi");
    const [entry] = await auditEntries("company.update");
    expect(entry).toMatchObject({
      targetType: "company",
      targetId: String(company.id),
      actorName: "Ama Admin",
    });
    expect(entry!.before).toEqual({
      name: "Old Name",
      city: "Accra",
      contactEmail: "old@example.com",
      contactPhone: null,
    });
    expect(entry!.after).toEqual({
      name: "New Name",
      city: "Kumasi",
      contactEmail: "new@example.com",
      contactPhone: "+233241234567",
    });

    // An emptied contact is removed while the other remains.
    const cleared = await sendAs(ctx.app, admin, "PATCH", `/api/admin/companies/${company.id}`, {
      contactEmail: "",
    });
    expect(cleared.json()).toMatchObject({ contactEmail: null, contactPhone: "+233241234567" });
  });

  it.each([
    [{ name: "" }, "name", "Business name is required"],
    [{ category: "Mining", subcategory: "Gold" }, "category", "Choose a category from the catalogue"],
    [{ category: "Food & Dining" }, "subcategory", "Choose a subcategory of Food & Dining"],
    [{ subcategory: "Laptops" }, "subcategory", "Choose a subcategory of Food & Dining"],
    [{ city: "Lagos" }, "city", "Choose a city"],
    [{ address: "x".repeat(201) }, "address", "Address must be at most 200 characters"],
    [{ contactEmail: "not-an-email" }, "contactEmail", "Enter a valid contact email"],
    [
      { contactEmail: null, contactPhone: "" },
      "contactEmail",
      "Keep a contact email or phone: setup links and sign-in links go there",
    ],
  ])("refuses %o and changes nothing", async (change, field, message) => {
    const company = await createCompany(db(), {
      name: "Steady Shop",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Tamale",
      address: "3 Steady Road",
      contactEmail: "steady@example.com",
    });
    const before = await companyRow(company.id);
    const logged = (await auditEntries("company.update")).length;
    const response = await sendAs(ctx.app, admin, "PATCH", `/api/admin/companies/${company.id}`, {
      name: "Renamed anyway",
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await companyRow(company.id)).toEqual(before);
    expect(await auditEntries("company.update")).toHaveLength(logged);
  });
});

describe("suspending a business", () => {
  it("ends the owner's and counter staff's sessions, refuses their sign-ins plainly, hides its ads, and reactivation restores", async () => {
    const owner = await signedInCompany(ctx.app, db(), { plan: "pro" });
    const { company } = owner;
    await sendAs(ctx.app, owner.cookies, "POST", `/api/companies/${company.id}/staff`, {
      name: "Kojo",
      pin: "2580",
    });
    const staffLogin = () =>
      sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
        username: company.username,
        staffName: "Kojo",
        pin: "2580",
      });
    const counterLogin = await staffLogin();
    expect(counterLogin.statusCode).toBe(200);
    const counter = sessionCookieFrom(counterLogin);
    const [ad] = await db()
      .insert(ads)
      .values({
        companyId: company.id,
        title: "Suspension test ad",
        category: "Food & Dining",
        rewardType: "xp",
      })
      .returning();
    const discoverIds = async () =>
      (await sendAs(ctx.app, member, "GET", "/api/ads/discovery")).json().map((a: { id: number }) => a.id);
    expect(await discoverIds()).toContain(ad!.id);

    const missingReason = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/status`, {
      status: "suspended",
    });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().fields.reason).toBe("Give a reason");
    expect((await companyRow(company.id)).status).toBe("active");

    const suspended = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/status`, {
      status: "suspended",
      reason: "Fake receipts reported by members",
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().status).toBe("suspended");
    const [entry] = await auditEntries("company.suspend");
    expect(entry).toMatchObject({
      targetId: String(company.id),
      reason: "Fake receipts reported by members",
      before: { status: "active" },
      after: { status: "suspended" },
    });

    // Suspending signs the owner and the counter staff out everywhere at once.
    const businessSessions = await db().select().from(sessions).where(eq(sessions.companyId, company.id));
    expect(businessSessions).toEqual([]);
    expect((await sendAs(ctx.app, owner.cookies, "GET", `/api/companies/${company.id}`)).statusCode).toBe(
      401,
    );
    expect((await sendAs(ctx.app, owner.cookies, "GET", "/api/companies/me")).json()).toEqual({
      company: null,
    });
    expect((await sendAs(ctx.app, counter, "GET", "/api/merchant/log")).statusCode).toBe(401);
    expect((await sendAs(ctx.app, counter, "GET", "/api/merchant/me")).json()).toEqual({ actor: null });

    // Signing in again is refused with a clear message (a wrong PIN learns nothing).
    const ownerLogin = await sendAs(ctx.app, {}, "POST", "/api/companies/login", {
      username: company.username,
      password: "shop-password-1",
    });
    expect(ownerLogin.statusCode).toBe(403);
    expect(ownerLogin.json().message).toBe(suspendedMessage);
    const refusedStaff = await staffLogin();
    expect(refusedStaff.statusCode).toBe(403);
    expect(refusedStaff.json().message).toBe(suspendedMessage);
    const wrongPin = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
      username: company.username,
      staffName: "Kojo",
      pin: "0000",
    });
    expect(wrongPin.statusCode).toBe(401);

    expect(await discoverIds()).not.toContain(ad!.id);
    const detail = (await sendAs(ctx.app, admin, "GET", `/api/admin/companies/${company.id}`)).json();
    expect(detail.lastStatusChange).toMatchObject({
      status: "suspended",
      reason: "Fake receipts reported by members",
      by: "Ama Admin",
    });

    const again = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/status`, {
      status: "suspended",
      reason: "Twice",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This business is already suspended.");

    const reactivated = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/status`, {
      status: "active",
      reason: "Receipts checked: genuine",
    });
    expect(reactivated.statusCode).toBe(200);
    expect((await auditEntries("company.reactivate"))[0]).toMatchObject({
      reason: "Receipts checked: genuine",
    });
    expect(await discoverIds()).toContain(ad!.id);
    const back = await sendAs(ctx.app, {}, "POST", "/api/companies/login", {
      username: company.username,
      password: "shop-password-1",
    });
    expect(back.statusCode).toBe(200);
    expect((await staffLogin()).statusCode).toBe(200);
  });
});

describe("setting a plan by hand", () => {
  it("needs a reason, and records the plan before and after with it", async () => {
    const { company } = await signedInCompany(ctx.app, db(), { plan: "starter", paidUntil: null });
    const url = `/api/admin/companies/${company.id}/plan`;
    const paidUntil = new Date(clock.now().getTime() + 30 * dayMs).toISOString();

    const missing = await sendAs(ctx.app, admin, "PUT", url, { plan: "pro", paidUntil });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.reason).toBe("Give a reason");
    const short = await sendAs(ctx.app, admin, "PUT", url, { plan: "pro", paidUntil, reason: " ok " });
    expect(short.json().fields.reason).toBe("Give a reason of at least 3 characters");
    const long = await sendAs(ctx.app, admin, "PUT", url, {
      plan: "pro",
      paidUntil,
      reason: "x".repeat(501),
    });
    expect(long.json().fields.reason).toBe("Keep the reason to 500 characters");
    expect(await companyRow(company.id)).toMatchObject({ plan: "starter", paidUntil: null });

    const set = await sendAs(ctx.app, admin, "PUT", url, { plan: "pro", paidUntil, reason: "Paid in cash" });
    expect(set.statusCode).toBe(200);
    expect(set.json().plan).toMatchObject({ plan: "pro", isCurrent: true, maxAds: 5 });
    const [entry] = await auditEntries("company.plan");
    expect(entry).toMatchObject({
      targetId: String(company.id),
      reason: "Paid in cash",
      actorName: "Ama Admin",
    });
    expect(entry!.before).toEqual({ plan: "starter", paidUntil: null, paymentStatus: "pending" });
    expect(entry!.after).toEqual({ plan: "pro", paidUntil, paymentStatus: "paid" });
  });
});

describe("resending a setup link", () => {
  it("is recorded, and refused for a business that has finished setup or doesn't exist", async () => {
    const registered = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      name: "Link Shop",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Accra",
      address: "4 Link Road",
      latitude: 5.6,
      longitude: -0.19,
      contactPhone: "0244000555",
    });
    const id = registered.json().id;
    const sent = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${id}/setup-link`);
    expect(sent.statusCode).toBe(200);
    const [entry] = await auditEntries("company.setup_link");
    expect(entry).toMatchObject({ targetId: String(id), after: { sentTo: "sms" } });

    const { company } = await signedInCompany(ctx.app, db());
    const done = await sendAs(ctx.app, admin, "POST", `/api/admin/companies/${company.id}/setup-link`);
    expect(done.statusCode).toBe(409);
    expect((await sendAs(ctx.app, admin, "POST", "/api/admin/companies/999999/setup-link")).statusCode).toBe(
      404,
    );
  });
});

describe("registering a business", () => {
  it("is recorded in the audit log with who registered it and what was registered", async () => {
    const registered = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      name: "Audited Chop Bar",
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Kumasi",
      address: "9 Record Street",
      latitude: 6.69,
      longitude: -1.62,
      contactEmail: "owner@audited.example",
      plan: "business",
    });
    expect(registered.statusCode).toBe(200);
    const [entry] = await auditEntries("company.create");
    expect(entry).toMatchObject({
      targetType: "company",
      targetId: String(registered.json().id),
      actorName: "Ama Admin",
      before: null,
      after: {
        name: "Audited Chop Bar",
        city: "Kumasi",
        address: "9 Record Street",
        contactEmail: "owner@audited.example",
        plan: "business",
      },
    });
  });

  it("records nothing when the registration is refused", async () => {
    const logged = (await auditEntries("company.create")).length;
    const refused = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", { name: "No City" });
    expect(refused.statusCode).toBe(400);
    expect(await auditEntries("company.create")).toHaveLength(logged);
  });
});
