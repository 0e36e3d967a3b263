import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ads } from "../../db/schema/ads";
import { companies, companyBranches, companyStaff } from "../../db/schema/companies";
import { signedInOwner } from "../../test/company-session";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInAdmin, signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext } from "../../test/test-app";

let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInAdmin(ctx.database.db, "branchadmin")).cookies;
});
afterAll(() => ctx.close());

const osu = {
  name: "Osu",
  address: "Oxford Street, Osu, Accra",
  latitude: 5.5571,
  longitude: -0.1818,
  phone: "024 123 4567",
  businessHours: "Mon-Sat 8am-8pm",
};

let shops = 0;
/** A business in Kumasi (its first branch) on the given plan, with its owner's session. */
async function owner(plan: "starter" | "business" | "pro" | "enterprise" = "pro") {
  shops++;
  return signedInOwner(ctx.database.db, {
    plan,
    username: `branch-shop-${shops}`,
    city: "Kumasi",
    location: "Adum",
    address: "Prempeh II Street, Adum",
    latitude: 6.6915,
    longitude: -1.6237,
    phone: "+233302123456",
  });
}

const branchesUrl = (companyId: number) => `/api/companies/${companyId}/branches`;

describe("a business's branches", () => {
  it("starts with its location as its first branch, and shows the plan's limit", async () => {
    const { company, cookies } = await owner("pro");
    const list = await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      limit: 2,
      branches: [
        {
          id: expect.any(Number),
          name: "Adum",
          address: "Prempeh II Street, Adum",
          latitude: 6.6915,
          longitude: -1.6237,
          phone: "+233302123456",
          businessHours: null,
          directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=6.6915,-1.6237",
        },
      ],
    });
  });

  it("adds, changes and removes a branch", async () => {
    const { company, cookies } = await owner("pro");
    const added = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), osu);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ ...osu, phone: "+233241234567" });
    const id = added.json().id;

    const changed = await sendAs(ctx.app, cookies, "PATCH", `${branchesUrl(company.id)}/${id}`, {
      name: "Osu Oxford Street",
      businessHours: "",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: "Osu Oxford Street",
      businessHours: null,
      address: osu.address,
    });

    const removed = await sendAs(ctx.app, cookies, "DELETE", `${branchesUrl(company.id)}/${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json();
    expect(after.branches.map((b: { name: string }) => b.name)).toEqual(["Adum"]);
    const [kept] = await ctx.database.db.select().from(companyBranches).where(eq(companyBranches.id, id));
    expect(kept!.deletedAt).not.toBeNull();
    expect((await sendAs(ctx.app, cookies, "DELETE", `${branchesUrl(company.id)}/${id}`)).statusCode).toBe(
      404,
    );
  });

  it("refuses bad input with a message for each field, changing nothing", async () => {
    const { company, cookies } = await owner("enterprise");
    const bad = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
      name: "x".repeat(81),
      address: "",
      latitude: 91,
      longitude: -181,
      phone: "12345678",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: "Branch name must be at most 80 characters",
      address: "Address is required",
      latitude: "Latitude must be between -90 and 90",
      longitude: "Longitude must be between -180 and 180",
      phone: "Enter a valid Ghana phone number, e.g. 024 123 4567",
    });
    const missing = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.name).toBe("Branch name is required");
    const empty = await sendAs(ctx.app, cookies, "PATCH", `${branchesUrl(company.id)}/1`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Change at least one field");
    const list = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json();
    expect(list.branches).toHaveLength(1);
  });

  it("refuses a second live branch of the same name, whatever its case", async () => {
    const { company, cookies } = await owner("enterprise");
    expect((await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), osu)).statusCode).toBe(201);
    const again = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), { ...osu, name: "OSU" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already have a branch named OSU.");
    const first = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches[0];
    const renamed = await sendAs(ctx.app, cookies, "PATCH", `${branchesUrl(company.id)}/${first.id}`, {
      name: "osu",
    });
    expect(renamed.statusCode).toBe(409);
  });

  it("keeps the plan's limit: a Starter business has one branch and is told why it can't add", async () => {
    const { company, cookies } = await owner("starter");
    const refused = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), osu);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "PLAN_LIMIT",
      message:
        "Your Starter plan allows 1 branch and you have 1. Remove a branch or move to a bigger plan to add another.",
    });
  });

  it("lets only one of many parallel adds through at the limit", async () => {
    const { company, cookies } = await owner("pro");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), { ...osu, name: `Osu ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 201 || a.json().code === "PLAN_LIMIT")).toBe(true);
    const live = await ctx.database.db
      .select()
      .from(companyBranches)
      .where(and(eq(companyBranches.companyId, company.id), isNull(companyBranches.deletedAt)));
    expect(live).toHaveLength(2);
  });

  it("follows the admin's setting, and a business over it after a change keeps its branches", async () => {
    const { company, cookies } = await owner("business");
    expect((await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().limit).toBe(5);
    expect((await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), osu)).statusCode).toBe(201);
    const lowered = await sendAs(ctx.app, admin, "PUT", "/api/admin/settings/branch_limit_business", {
      value: 1,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    try {
      const list = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json();
      expect(list.limit).toBe(1);
      expect(list.branches).toHaveLength(2);
      const refused = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
        ...osu,
        name: "Labone",
      });
      expect(refused.json().message).toBe(
        "Your Business plan allows 1 branch and you have 2. Remove a branch or move to a bigger plan to add another.",
      );
      const unlimited = await sendAs(ctx.app, admin, "PUT", "/api/admin/settings/branch_limit_business", {
        value: 0,
      });
      expect(unlimited.statusCode).toBe(200);
      expect((await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().limit).toBeNull();
      expect(
        (await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), { ...osu, name: "Labone" }))
          .statusCode,
      ).toBe(201);
    } finally {
      await sendAs(ctx.app, admin, "PUT", "/api/admin/settings/branch_limit_business", { value: 5 });
    }
  });

  it("never removes the last branch", async () => {
    const { company, cookies } = await owner("pro");
    const [only] = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches;
    const refused = await sendAs(ctx.app, cookies, "DELETE", `${branchesUrl(company.id)}/${only.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This is your only branch. A business keeps at least one: add another branch before removing this one.",
    );
  });

  it("removing a branch unassigns its staff and the ads that named it, in one go", async () => {
    const counter = await shopWithCounter(ctx, `branch-counter-${Date.now().toString(36)}`);
    const added = (await sendAs(ctx.app, counter.owner, "POST", branchesUrl(counter.companyId), osu)).json();
    await ctx.database.db
      .update(companyStaff)
      .set({ branchId: added.id })
      .where(eq(companyStaff.id, counter.staffId));
    const [ad] = await ctx.database.db
      .insert(ads)
      .values({
        companyId: counter.companyId,
        title: "Osu special",
        category: "Food & Dining",
        adType: "image",
        durationSeconds: 10,
        branchId: added.id,
        branchName: "Osu",
        locationAddress: osu.address,
      })
      .returning();
    const renamed = await sendAs(
      ctx.app,
      counter.owner,
      "PATCH",
      `${branchesUrl(counter.companyId)}/${added.id}`,
      {
        name: "Osu Junction",
        address: "Osu Junction, Accra",
      },
    );
    expect(renamed.statusCode).toBe(200);
    const [copied] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad!.id));
    expect(copied).toMatchObject({ branchName: "Osu Junction", locationAddress: "Osu Junction, Accra" });

    expect(
      (await sendAs(ctx.app, counter.owner, "DELETE", `${branchesUrl(counter.companyId)}/${added.id}`))
        .statusCode,
    ).toBe(204);
    const [staff] = await ctx.database.db
      .select()
      .from(companyStaff)
      .where(eq(companyStaff.id, counter.staffId));
    expect(staff!.branchId).toBeNull();
    const [after] = await ctx.database.db.select().from(ads).where(eq(ads.id, ad!.id));
    expect(after).toMatchObject({ branchId: null, branchName: null, locationAddress: null });
  });

  it("keeps the profile's location and the first branch one place", async () => {
    const { company, cookies } = await owner("pro");
    const [first] = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches;
    const moved = await sendAs(ctx.app, cookies, "PATCH", `${branchesUrl(company.id)}/${first.id}`, {
      address: "Kejetia Market, Kumasi",
      latitude: 6.6966,
      longitude: -1.6253,
    });
    expect(moved.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ address: "Kejetia Market, Kumasi", latitude: 6.6966, longitude: -1.6253 });

    const profile = await sendAs(ctx.app, cookies, "PATCH", `/api/companies/${company.id}/profile`, {
      address: "Asafo Market, Kumasi",
      phone: "0244000111",
    });
    expect(profile.statusCode).toBe(200);
    const [branch] = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches;
    expect(branch).toMatchObject({
      address: "Asafo Market, Kumasi",
      phone: "+233244000111",
      latitude: 6.6966,
    });
  });

  it("makes a business an admin registers start with its location as its first branch", async () => {
    const created = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      name: `Auntie Muni's Waakye ${Date.now().toString(36)}`,
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Tamale",
      address: "Gumbihini Road, Tamale",
      latitude: 9.4008,
      longitude: -0.8393,
      contactEmail: `muni-${Date.now().toString(36)}@example.com`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = await sendAs(ctx.app, admin, "GET", branchesUrl(created.json().id));
    expect(list.json().branches).toEqual([
      expect.objectContaining({ name: "Tamale", address: "Gumbihini Road, Tamale", latitude: 9.4008 }),
    ]);
  });
});

describe("what a branch may be called and where it may be", () => {
  const invisibleNames = ["\u202e", "\u200b\u200b", "\u200b \u202e\u2060", "\u3164", "\u2800"];

  it("needs a name with something to see: only invisible characters are refused, changing nothing", async () => {
    const { company, cookies } = await owner("enterprise");
    const [first] = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches;
    for (const name of invisibleNames) {
      const added = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), { ...osu, name });
      expect(added.statusCode, JSON.stringify(name)).toBe(400);
      expect(added.json()).toEqual({
        code: "VALIDATION",
        message: "Branch name can't be only spaces or invisible characters",
        fields: { name: "Branch name can't be only spaces or invisible characters" },
      });
      const renamed = await sendAs(ctx.app, cookies, "PATCH", `${branchesUrl(company.id)}/${first.id}`, {
        name,
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json().fields.name).toBe("Branch name can't be only spaces or invisible characters");
    }
    expect((await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches).toEqual([first]);
    // A name with letters is taken as typed, stray invisible characters and all.
    const named = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
      ...osu,
      name: "\u200bOsu",
    });
    expect(named.statusCode, named.body).toBe(201);
  });

  it("must be pinned in a country the platform serves: Ghana by default, more when an admin adds one", async () => {
    const { company, cookies } = await owner("enterprise");
    const [first] = (await sendAs(ctx.app, cookies, "GET", branchesUrl(company.id))).json().branches;
    const outside = "This pin is outside Ghana, where Anigye works: check the latitude and longitude";
    for (const [latitude, longitude] of [
      [0, 0], // the Gulf of Guinea
      [6.2286, 1.5936], // Aného, Togo
      [51.5072, -0.1276], // London: Accra's longitude, another continent
      [-5.5571, -0.1818], // Osu's pin with the wrong sign
    ]) {
      const added = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
        ...osu,
        latitude,
        longitude,
      });
      expect(added.statusCode, `${latitude}, ${longitude}`).toBe(400);
      expect(added.json()).toEqual({ code: "VALIDATION", message: outside, fields: { latitude: outside } });
    }
    // Moving a pin, even by one of its numbers, is checked where it lands; other changes aren't held up.
    const item = `${branchesUrl(company.id)}/${first.id}`;
    const moved = await sendAs(ctx.app, cookies, "PATCH", item, { longitude: 10 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ latitude: outside });
    expect((await sendAs(ctx.app, cookies, "PATCH", item, { latitude: 9.4008 })).statusCode).toBe(200);
    expect((await sendAs(ctx.app, cookies, "PATCH", item, { name: "Adum Central" })).statusCode).toBe(200);
    // From the border to the coast, anywhere in Ghana will do.
    for (const [name, latitude, longitude] of [
      ["Paga", 10.9858, -1.1128],
      ["Aflao", 6.1176, 1.1935],
      ["Half Assini", 5.0531, -2.8833],
    ] as const) {
      const added = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
        ...osu,
        name,
        latitude,
        longitude,
      });
      expect(added.statusCode, `${name}: ${added.body}`).toBe(201);
    }
    // An admin's business in the Atlantic is refused the same way.
    const adminMade = await sendAs(ctx.app, admin, "POST", "/api/admin/companies", {
      name: `Null Island Chop ${Date.now().toString(36)}`,
      category: "Food & Dining",
      subcategory: "Chop Bars",
      city: "Accra",
      address: "Nowhere",
      latitude: 0,
      longitude: 0,
      contactEmail: `null-island-${Date.now().toString(36)}@example.com`,
    });
    expect(adminMade.statusCode).toBe(400);
    expect(adminMade.json().fields).toEqual({ latitude: outside });

    // The platform comes to Togo: Aného's pins are taken, and the refusal names both countries.
    const widened = await sendAs(ctx.app, admin, "PUT", "/api/admin/settings/served_countries", {
      value: "gh tg",
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json()).toMatchObject({ value: "GH, TG", group: "branches" });
    try {
      const aneho = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
        ...osu,
        name: "Aného",
        latitude: 6.2286,
        longitude: 1.5936,
      });
      expect(aneho.statusCode, aneho.body).toBe(201);
      const nowhere = await sendAs(ctx.app, cookies, "POST", branchesUrl(company.id), {
        ...osu,
        name: "Nowhere",
        latitude: 0,
        longitude: 0,
      });
      expect(nowhere.json().message).toBe(
        "This pin is outside Ghana or Togo, where Anigye works: check the latitude and longitude",
      );
    } finally {
      await sendAs(ctx.app, admin, "PUT", "/api/admin/settings/served_countries", { value: "GH" });
    }
  });

  it("takes only countries it knows the place of in the admin's setting", async () => {
    const put = (value: unknown) =>
      sendAs(ctx.app, admin, "PUT", "/api/admin/settings/served_countries", { value });
    for (const value of ["", "Ghana", "GH, XX", "NG"]) {
      const refused = await put(value);
      expect(refused.statusCode, JSON.stringify(value)).toBe(400);
    }
    expect((await put("XX")).json().fields.value).toBe(
      "Use country codes separated by commas, from GH (Ghana), TG (Togo), CI (Côte d'Ivoire), BF (Burkina Faso)",
    );
    const list = (await sendAs(ctx.app, admin, "GET", "/api/admin/settings")).json();
    const served = list.settings.find((setting: { key: string }) => setting.key === "served_countries");
    expect(served).toMatchObject({ type: "text", value: "GH", defaultValue: "GH", group: "branches" });
  });
});

describe("who may manage branches", () => {
  it("is the business's owner or an admin; nobody else", async () => {
    const counter = await shopWithCounter(ctx, `branch-who-${Date.now().toString(36)}`);
    const other = await owner("enterprise");
    const member = await signedInMember(ctx.database.db, "branchmember");
    const url = branchesUrl(counter.companyId);
    const [first] = (await sendAs(ctx.app, counter.owner, "GET", url)).json().branches;
    const item = `${url}/${first.id}`;
    const calls = [
      ["GET", url, undefined],
      ["POST", url, osu],
      ["PATCH", item, { name: "Renamed" }],
      ["DELETE", item, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await sendAs(ctx.app, {}, method, path, body)).statusCode, `${method} signed out`).toBe(401);
      // A counter session is no owner's: the owner's dashboard asks it to sign in as the owner.
      expect(
        (await sendAs(ctx.app, counter.staff, method, path, body)).statusCode,
        `${method} by staff`,
      ).toBe(401);
      for (const [who, cookies] of [
        ["a member", member.cookies],
        ["another owner", other.cookies],
      ] as const) {
        expect((await sendAs(ctx.app, cookies, method, path, body)).statusCode, `${method} by ${who}`).toBe(
          403,
        );
      }
    }
    expect((await sendAs(ctx.app, counter.owner, "GET", url)).json().branches).toEqual([first]);
    // Another owner can't reach this business's branch through their own company's path either.
    const theirs = await sendAs(
      ctx.app,
      other.cookies,
      "PATCH",
      `${branchesUrl(other.company.id)}/${first.id}`,
      {
        name: "Stolen",
      },
    );
    expect(theirs.statusCode).toBe(404);
    const byAdmin = await sendAs(ctx.app, admin, "POST", url, osu);
    expect(byAdmin.statusCode).toBe(201);
  });
});
