import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "../../db/seed/factories";
import { createTestContext, type TestContext } from "../../test/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  // Counted: verified, active consumers. Not counted: unverified, deactivated, deleted, staff, admin.
  await createUser(db);
  await createUser(db);
  await createUser(db, { isEmailVerified: false, emailVerifiedAt: null });
  await createUser(db, { isActive: false });
  await createUser(db, { deletedAt: new Date() });
  await createUser(db, { role: "staff" });
  await createUser(db, { role: "admin" });

  for (let i = 0; i < 22; i++)
    await createCompany(db, { name: `Shop ${String(i).padStart(2, "0")}`, logo: `/media/logo-${i}.webp` });
  await createCompany(db, { name: "No Logo Shop" });
  await createCompany(db, { name: "Hidden Shop", logo: "/media/h.webp", showInCarousel: false });
  await createCompany(db, { name: "Suspended Shop", logo: "/media/s.webp", status: "suspended" });
  await createCompany(db, { name: "Closed Shop", logo: "/media/c.webp", deletedAt: new Date() });
});
afterAll(() => ctx.close());

describe("GET /api/stats/public", () => {
  it("counts active consumers and active companies only", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/stats/public" });
    expect(response.statusCode).toBe(200);
    // 22 with logos + the one without + the hidden one are active; suspended and deleted are not.
    expect(response.json()).toEqual({ totalUsers: 2, totalCompanies: 24 });
  });
});

describe("GET /api/companies/carousel", () => {
  it("lists at most 20 active companies with a logo, each as id, name and logo only", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/companies/carousel" });
    expect(response.statusCode).toBe(200);
    const companies = response.json() as { id: number; name: string; logo: string }[];
    expect(companies).toHaveLength(20);
    for (const company of companies) {
      expect(Object.keys(company).sort()).toEqual(["id", "logo", "name"]);
      expect(company.name).toMatch(/^Shop \d\d$/);
    }
  });
});
