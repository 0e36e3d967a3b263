import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads";
import { rewards } from "../../db/schema/rewards";
import { watchProgress } from "../../db/schema/watch";
import { createUser } from "../../db/seed/factories";
import { signedInCompany } from "../../test/company-session";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInMember(ctx.database.db, "members-admin", {
    role: "admin",
    displayName: "Adjoa Admin",
  });
});
afterAll(() => ctx.close());

const asAdmin = (method: "GET" | "POST", url: string, body?: unknown) =>
  sendAs(ctx.app, admin.cookies, method, url, body);

describe("the admin overview", () => {
  it("counts members, businesses by plan, today's activity and the open queues", async () => {
    const before = (await asAdmin("GET", "/api/admin/overview")).json();
    await signedInMember(ctx.database.db, "overview-new");
    const after = await asAdmin("GET", "/api/admin/overview");
    expect(after.statusCode).toBe(200);
    expect(after.json().members.total).toBe(before.members.total + 1);
    expect(after.json().members.joinedToday).toBe(before.members.joinedToday + 1);
    expect(after.json()).toMatchObject({
      activeCompaniesByPlan: { starter: 0, business: 0, pro: 0, enterprise: 0 },
      revenueThisMonthPesewas: 0,
      queues: { paymentsWaiting: 0, shareProofs: 0, purchases: 0, violations: 0 },
    });
  });
});

describe("finding members", () => {
  it("matches an Anigye ID, a phone number, or the start of a name or email, 25 a page", async () => {
    const ama = await createUser(ctx.database.db, {
      email: "ama.search@example.com",
      username: "ama-search",
      displayName: "Ama Searchable",
      phoneNumber: "+233241110001",
    });
    for (const n of Array.from({ length: 27 }, (_, i) => i)) {
      await createUser(ctx.database.db, {
        email: `bulk${n}@example.com`,
        username: `bulk-${n}`,
        displayName: `Bulk Member ${n}`,
      });
    }
    const byName = await asAdmin("GET", "/api/admin/users?q=ama%20sea");
    expect(byName.json().items.map((item: { id: number }) => item.id)).toEqual([ama.id]);
    const byId = await asAdmin("GET", `/api/admin/users?q=${ama.anigyeId.toLowerCase()}`);
    expect(byId.json().items[0]).toMatchObject({ id: ama.id, status: "active", role: "user" });
    const byPhone = await asAdmin("GET", "/api/admin/users?q=024%20111%200001");
    expect(byPhone.json().total).toBe(1);
    // A wildcard typed into the box is text, not a pattern.
    expect((await asAdmin("GET", "/api/admin/users?q=%25")).json().total).toBe(0);

    const first = (await asAdmin("GET", "/api/admin/users?q=bulk")).json();
    const second = (await asAdmin("GET", "/api/admin/users?q=bulk&page=2")).json();
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(second.items).toHaveLength(2);
    expect((await asAdmin("GET", "/api/admin/users?page=0")).statusCode).toBe(400);
  });
});

describe("suspending and reactivating a member", () => {
  it("ends their sessions, refuses sign-in with the reason, and lets them back in when reactivated", async () => {
    const member = await signedInMember(ctx.database.db, "suspend-me", { password: "Kente-Cloth-2026!" });
    const login = () =>
      sendAs(ctx.app, {}, "POST", "/api/auth/login", {
        email: member.user.email,
        password: "Kente-Cloth-2026!",
      });

    const noReason = await asAdmin("POST", `/api/admin/users/${member.user.id}/status`, {
      status: "suspended",
    });
    expect(noReason.statusCode).toBe(400);
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/auth/me")).statusCode).toBe(200);

    const suspended = await asAdmin("POST", `/api/admin/users/${member.user.id}/status`, {
      status: "suspended",
      reason: "Shared codes with strangers",
    });
    expect(suspended.json()).toMatchObject({ id: member.user.id, status: "suspended" });
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Your Anigye account is suspended. Reason: Shared codes with strangers. If you think this is a mistake, reply to any Anigye email or contact support.",
    );
    // A wrong password learns nothing about the suspension.
    const stranger = await sendAs(ctx.app, {}, "POST", "/api/auth/login", {
      email: member.user.email,
      password: "Not-The-Password-1!",
    });
    expect(stranger.json().message).toBe("Invalid email or password");

    const reactivated = await asAdmin("POST", `/api/admin/users/${member.user.id}/status`, {
      status: "active",
      reason: "Appeal accepted",
    });
    expect(reactivated.json().status).toBe("active");
    expect((await login()).statusCode).toBe(200);

    const audit = await asAdmin("GET", "/api/admin/audit?action=member.");
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      "member.reactivate",
      "member.suspend",
    ]);
  });

  it("won't let an admin suspend or demote themselves", async () => {
    const own = await asAdmin("POST", `/api/admin/users/${admin.user.id}/status`, {
      status: "suspended",
      reason: "Oops",
    });
    expect(own.statusCode).toBe(403);
    const role = await asAdmin("POST", `/api/admin/users/${admin.user.id}/role`, {
      role: "user",
      reason: "Oops",
    });
    expect(role.statusCode).toBe(403);
  });
});

describe("making staff and admins", () => {
  it("gives a member the staff queues, and only an admin may do it", async () => {
    const member = await signedInMember(ctx.database.db, "future-staff");
    const staff = await signedInMember(ctx.database.db, "existing-staff", { role: "staff" });
    const byStaff = await sendAs(ctx.app, staff.cookies, "POST", `/api/admin/users/${member.user.id}/role`, {
      role: "admin",
      reason: "Promote me",
    });
    expect(byStaff.statusCode).toBe(403);
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/staff/share-proofs")).statusCode).toBe(403);

    const made = await asAdmin("POST", `/api/admin/users/${member.user.id}/role`, {
      role: "staff",
      reason: "Joins the proof team",
    });
    expect(made.json()).toMatchObject({ role: "staff" });
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/staff/share-proofs")).statusCode).toBe(200);
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/admin/users")).statusCode).toBe(403);
    const bad = await asAdmin("POST", `/api/admin/users/${member.user.id}/role`, {
      role: "owner",
      reason: "x y z",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a member's page, and answers 404 for no such member", async () => {
    const member = await signedInMember(ctx.database.db, "page-member");
    const page = await asAdmin("GET", `/api/admin/users/${member.user.id}`);
    expect(page.json()).toMatchObject({
      member: { id: member.user.id, xpPoints: 0, xpLedgerSum: 0, status: "active" },
      risk: { score: 0, reasons: [], summary: "0: no signals in the last 30 days" },
      ledger: [],
      devices: [],
    });
    expect((await asAdmin("GET", "/api/admin/users/999999")).statusCode).toBe(404);
  });

  it("names each reward's and view's ad and business, not their row numbers", async () => {
    const db = ctx.database.db;
    const member = await signedInMember(db, "named-rewards");
    const { company } = await signedInCompany(ctx.app, db, { name: "Auntie Efua's Kelewele" });
    const [ad] = await db
      .insert(ads)
      .values({
        companyId: company.id,
        title: "Kelewele Friday 10% off",
        category: "Food & Dining",
        durationSeconds: 10,
      })
      .returning();
    await db
      .insert(rewards)
      .values({ adId: ad!.id, userId: member.user.id, companyId: company.id, rewardType: "discount" });
    await db
      .insert(watchProgress)
      .values({ adId: ad!.id, userId: member.user.id, watchedSeconds: 10, completed: true });

    const page = (await asAdmin("GET", `/api/admin/users/${member.user.id}`)).json();
    expect(page.rewards).toEqual([
      expect.objectContaining({
        adId: ad!.id,
        adTitle: "Kelewele Friday 10% off",
        companyId: company.id,
        companyName: "Auntie Efua's Kelewele",
        rewardType: "discount",
      }),
    ]);
    expect(page.views).toEqual([
      expect.objectContaining({ adId: ad!.id, adTitle: "Kelewele Friday 10% off" }),
    ]);
  });
});

describe("a suspended member in Twi", () => {
  it("tells a suspended member why in Twi too, the admin's reason as they wrote it", async () => {
    const member = await signedInMember(ctx.database.db, "suspend-twi", { password: "Kente-Cloth-2026!" });
    await asAdmin("POST", `/api/admin/users/${member.user.id}/status`, {
      status: "suspended",
      reason: "Shared codes with strangers",
    });
    const refused = await sendAs(
      ctx.app,
      {},
      "POST",
      "/api/auth/login",
      { email: member.user.email, password: "Kente-Cloth-2026!" },
      { "accept-language": "tw" },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      twiOf(
        "Your Anigye account is suspended. Reason: {reason} If you think this is a mistake, reply to any Anigye email or contact support.",
        { reason: "Shared codes with strangers." },
      ),
    );
  });
});
