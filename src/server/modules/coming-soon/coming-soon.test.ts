import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { comingSoonUserRequest } from "../../../shared/contracts/coming-soon";
import { earlyAccessSignups, merchantInterestSignups } from "../../db/schema/coming-soon";
import { rateLimits } from "../../db/schema/rate-limit";
import { translateMessage } from "../../lib/i18n";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, sendJson, type TestContext } from "../../test/test-app";
import { registerEarlyAccessMember } from "./coming-soon.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(earlyAccessSignups);
  await ctx.database.db.delete(merchantInterestSignups);
  await ctx.database.db.delete(rateLimits);
});

const validUser = {
  name: "Akosua Mensah",
  email: "Akosua@Example.com",
  phone: "024 123 4567",
  location: "Kumasi",
  age: "25-34",
  gender: "female",
};

const validBusiness = {
  businessName: "Adjoa's Beads",
  contactName: "Adjoa Boateng",
  email: "adjoa@example.com",
  phone: "+233 20 123 4567",
  category: "Retail & Shopping",
  location: "Cape Coast",
  businessSize: "small",
  currentAdvertising: ["social-media", "word-of-mouth"],
  monthlyAdBudget: "500-1000",
  targetAudience: "Students and tourists",
  businessGoals: "More walk-in customers",
  launchTimeframe: "1-month",
};

const countUsers = async () => (await ctx.database.db.select().from(earlyAccessSignups)).length;
const countBusinesses = async () => (await ctx.database.db.select().from(merchantInterestSignups)).length;

describe("POST /api/coming-soon/users", () => {
  it("stores a signup with the email lower-cased and the phone in E.164", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/users", validUser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      alreadyRegistered: false,
      // The launch day (Nov 25, 2025) has passed: no promise of a future launch.
      message: "You're on the list! Anigye has launched: create your account to start collecting rewards.",
    });
    const [row] = await ctx.database.db.select().from(earlyAccessSignups);
    expect(row).toMatchObject({
      name: "Akosua Mensah",
      email: "akosua@example.com",
      phone: "+233241234567",
      city: "Kumasi",
      age: "25-34",
      gender: "female",
      isConverted: false,
    });
  });

  it.each([
    ["name", "Name is required"],
    ["email", "Email is required"],
    ["phone", "Phone is required"],
  ])("refuses a signup without %s, naming the field, and stores nothing", async (field, message) => {
    for (const value of [undefined, "", "   "]) {
      const response = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
        ...validUser,
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION", message, fields: { [field]: message } });
    }
    expect(await countUsers()).toBe(0);
  });

  it.each([
    [{ email: "not-an-email" }, "email", "Enter a valid email address"],
    [{ phone: "12345" }, "phone", "Enter a valid Ghana phone number, e.g. 024 123 4567"],
    [{ phone: "+44 7911 123456" }, "phone", "Enter a valid Ghana phone number, e.g. 024 123 4567"],
    [{ age: "17-20" }, "age", "Choose a valid age range"],
    [{ gender: "robot" }, "gender", "Choose a valid gender"],
    [{ name: "x".repeat(101) }, "name", "Name must be at most 100 characters"],
  ])("refuses %o with a message on %s", async (change, field, message) => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/users", { ...validUser, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await countUsers()).toBe(0);
  });

  it("accepts the optional fields left empty", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
      ...validUser,
      location: "",
      age: "",
      gender: "",
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers a second signup with the same email kindly and keeps one row", async () => {
    await sendJson(ctx.app, "POST", "/api/coming-soon/users", validUser);
    const again = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
      ...validUser,
      email: "AKOSUA@example.COM",
      name: "Someone Else",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, alreadyRegistered: true });
    expect(again.json().message).toBe(
      "This email is already on the list. Anigye has launched: create your account to start collecting rewards.",
    );
    const rows = await ctx.database.db.select().from(earlyAccessSignups);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Akosua Mensah");
  });

  it("answers in Twi when the member asks for Twi", async () => {
    const response = await sendAs(ctx.app, {}, "POST", "/api/coming-soon/users", validUser, {
      "accept-language": "tw",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      "Wo din wɔ list no so! Anigye afi ase: bue w'akawnt na fi ase nya akatua.",
    );
  });

  it("promises to tell the member of the launch only before the launch day in Accra", async () => {
    const signup = comingSoonUserRequest.parse(validUser);
    const dayBefore = new Date("2025-11-24T23:59:00Z");
    const first = await registerEarlyAccessMember(ctx.database.db, signup, dayBefore);
    expect(translateMessage(first.saying.message, "en", first.saying.values)).toBe(
      "We'll notify you when Anigye launches!",
    );
    expect(translateMessage(first.saying.message, "tw", first.saying.values)).toBe(
      "Yɛbɛka akyerɛ wo bere a Anigye bɛfi ase!",
    );
    const again = await registerEarlyAccessMember(ctx.database.db, signup, dayBefore);
    expect(translateMessage(again.saying.message, "en", again.saying.values)).toBe(
      "This email is already on the list. We'll notify you when Anigye launches!",
    );
    const launchDay = await registerEarlyAccessMember(
      ctx.database.db,
      signup,
      new Date("2025-11-25T00:00:00Z"),
    );
    expect(translateMessage(launchDay.saying.message, "en", launchDay.saying.values)).toBe(
      "This email is already on the list. Anigye has launched: create your account to start collecting rewards.",
    );
  });

  it("keeps exactly one row when the same email signs up 20 times at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => sendJson(ctx.app, "POST", "/api/coming-soon/users", validUser)),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(responses.filter((r) => r.json().alreadyRegistered === false)).toHaveLength(1);
    expect(await countUsers()).toBe(1);
  });

  it("refuses a body that is not JSON with the error shape", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/coming-soon/users",
      headers: { "content-type": "application/json", "x-requested-with": "anigye" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "BAD_REQUEST", message: "The request body is not valid JSON" });
  });

  it("limits signups per IP address and says when to try again", async () => {
    for (let i = 0; i < 60; i++) {
      const ok = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
        ...validUser,
        email: `p${i}@example.com`,
      });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
      ...validUser,
      email: "late@example.com",
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countUsers()).toBe(60);
  });
});

describe("POST /api/coming-soon/businesses", () => {
  it("stores every field of the business form", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", validBusiness);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      alreadyRegistered: false,
      message: "We'll contact you with early access details!",
    });
    const [row] = await ctx.database.db.select().from(merchantInterestSignups);
    expect(row).toMatchObject({
      company: "Adjoa's Beads",
      name: "Adjoa Boateng",
      email: "adjoa@example.com",
      phone: "+233201234567",
      businessType: "Retail & Shopping",
      location: "Cape Coast",
      businessSize: "small",
      currentMarketing: "social-media; word-of-mouth",
      expectedSpend: "500-1000",
      targetAudience: "Students and tourists",
      goals: "More walk-in customers",
      urgency: "1-month",
      isConverted: false,
    });
  });

  it.each([
    ["businessName", "Business name is required"],
    ["contactName", "Contact name is required"],
    ["email", "Email is required"],
    ["phone", "Phone is required"],
  ])("refuses a signup without %s and stores nothing", async (field, message) => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", {
      ...validBusiness,
      [field]: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    expect(await countBusinesses()).toBe(0);
  });

  it.each([
    [{ category: "Mining" }, "category", "Choose a valid business category"],
    [{ businessSize: "huge" }, "businessSize", "Choose a valid business size"],
    [{ monthlyAdBudget: "1-2" }, "monthlyAdBudget", "Choose a valid monthly ad budget"],
    [{ launchTimeframe: "someday" }, "launchTimeframe", "Choose a valid launch timeframe"],
    [{ currentAdvertising: ["billboards"] }, "currentAdvertising.0", "Choose valid advertising methods"],
    [{ currentAdvertising: "print" }, "currentAdvertising", "Current advertising must be a list"],
  ])("refuses %o", async (change, field, message) => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", {
      ...validBusiness,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await countBusinesses()).toBe(0);
  });

  it("accepts a signup with only the required fields", async () => {
    const { businessName, contactName, email, phone } = validBusiness;
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", {
      businessName,
      contactName,
      email,
      phone,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(merchantInterestSignups);
    expect(row).toMatchObject({ company: "Adjoa's Beads", currentMarketing: null, businessSize: null });
  });

  it("answers a repeated business email kindly", async () => {
    await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", validBusiness);
    const again = await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", {
      ...validBusiness,
      email: "ADJOA@example.com",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadyRegistered).toBe(true);
    expect(await countBusinesses()).toBe(1);
  });
});

describe("a signup reaches the admin", () => {
  it("lists and exports both forms' signups for the admin, ready to invite", async () => {
    const admin = (await signedInMember(ctx.database.db, "coming-soon-admin", { role: "admin" })).cookies;
    await sendJson(ctx.app, "POST", "/api/coming-soon/users", validUser);
    await sendJson(ctx.app, "POST", "/api/coming-soon/businesses", validBusiness);

    const members = await sendAs(ctx.app, admin, "GET", "/api/admin/signups?kind=consumer");
    expect(members.json()).toMatchObject({
      total: 1,
      items: [
        {
          name: "Akosua Mensah",
          email: "akosua@example.com",
          phone: "+233241234567",
          city: "Kumasi",
          age: "25-34",
          gender: "female",
          isConverted: false,
        },
      ],
    });
    const businesses = await sendAs(ctx.app, admin, "GET", "/api/admin/signups?kind=merchant");
    expect(businesses.json()).toMatchObject({
      total: 1,
      items: [
        {
          name: "Adjoa Boateng",
          company: "Adjoa's Beads",
          email: "adjoa@example.com",
          businessType: "Retail & Shopping",
          businessSize: "small",
          expectedSpend: "500-1000",
          urgency: "1-month",
        },
      ],
    });

    const membersCsv = await sendAs(ctx.app, admin, "GET", "/api/admin/signups/export.csv?kind=consumer");
    expect(membersCsv.body).toContain("Akosua Mensah,,akosua@example.com,+233241234567,25-34,female");
    const businessesCsv = await sendAs(ctx.app, admin, "GET", "/api/admin/signups/export.csv?kind=merchant");
    expect(businessesCsv.body).toContain("Adjoa's Beads,Retail & Shopping,small,Cape Coast");
    expect(businessesCsv.body).toContain("social-media; word-of-mouth,More walk-in customers");

    const memberId = members.json().items[0].id;
    const invited = await sendAs(ctx.app, admin, "POST", `/api/admin/signups/consumer/${memberId}/invite`);
    expect(invited.statusCode).toBe(200);
  });
});

describe("cross-site request forgery defence", () => {
  const post = (headers: Record<string, string>) =>
    ctx.app.inject({ method: "POST", url: "/api/coming-soon/users", payload: validUser, headers });

  it("refuses a state change without the app's header", async () => {
    const response = await post({});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused" });
  });

  it("refuses a request the browser marks as cross-site", async () => {
    expect((await post({ "x-requested-with": "anigye", "sec-fetch-site": "cross-site" })).statusCode).toBe(
      403,
    );
  });

  it("refuses a request from a foreign origin", async () => {
    expect((await post({ "x-requested-with": "anigye", origin: "https://evil.example" })).statusCode).toBe(
      403,
    );
  });

  it("accepts a same-origin request", async () => {
    const response = await post({
      "x-requested-with": "anigye",
      origin: "http://localhost:80",
      host: "localhost:80",
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.$count(earlyAccessSignups, sql`true`)).toBe(1);
  });
});
