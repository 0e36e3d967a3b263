import { isDeepStrictEqual } from "node:util";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryCatalogue } from "../shared/categories";
import { createCompany } from "./db/seed/factories";
import { guardDeclaredAccess } from "./modules/auth";
import { requireDeclaredAccess } from "./plugins/route-access";
import { registerSessions } from "./plugins/sessions";
import { signedInOwner } from "./test/company-session";
import { signedInAdmin, signedInMember } from "./test/members";
import { createTestContext, sendAs, sessionCookieFrom, type TestContext } from "./test/test-app";

/*
 * The authorisation matrix: every /api/admin/* and /api/staff/* route the app's router holds, called as
 * each kind of caller. The route list is read from the router, so a new admin route is checked (and
 * fails here until it has a sample body below) without anyone remembering to add it.
 */

type Method = "get" | "head" | "post" | "put" | "delete" | "patch";
const callers = ["signed out", "consumer", "staff", "company owner", "counter staff", "admin"] as const;
type Caller = (typeof callers)[number];

const firstCategory = Object.keys(categoryCatalogue)[0]!;
/** A body each write route accepts, so the refusal comes from authorisation, not from validation. */
const sampleBodies: Record<string, unknown> = {
  "post /api/admin/companies": {
    name: "Matrix Shop",
    category: firstCategory,
    subcategory: categoryCatalogue[firstCategory as keyof typeof categoryCatalogue][0],
    city: "Accra",
    address: "1 Matrix Road",
    googleMapsUrl: "https://maps.google.com/?q=matrix",
    contactEmail: "matrix@example.com",
  },
  "post /api/admin/companies/{companyId}/setup-link": {},
  "put /api/admin/companies/{companyId}/plan": { plan: "business", paidUntil: null, reason: "Matrix check" },
  "patch /api/admin/companies/{companyId}": { address: "2 Matrix Road" },
  "post /api/admin/companies/{companyId}/status": { status: "suspended", reason: "Matrix check" },
  "put /api/admin/settings/{key}": { value: 25 },
  // Member 1 is the matrix's consumer: made active and a plain member again, so later calls still see them.
  "post /api/admin/users/{id}/status": { status: "active", reason: "Matrix check" },
  "post /api/admin/users/{id}/role": { role: "user", reason: "Matrix check" },
  "post /api/admin/violations/{id}/decision": { action: "dismiss", notes: "Matrix check" },
  "put /api/admin/oauth-config": {
    clientId: "matrix.apps.googleusercontent.com",
    clientSecret: "matrix-secret",
    issuer: "https://accounts.google.com",
  },
  // A local port nothing listens on: the test fails fast, with no call to the internet.
  "post /api/admin/oauth-config/test": { issuer: "http://127.0.0.1:9" },
  "post /api/admin/ussd/simulator": { phoneNumber: "0270000998" },
  "put /api/admin/draws/{id}": { prizeTitle: "A radio" },
  "post /api/admin/draws/{id}/draw": {},
  "post /api/admin/competitions": {
    title: "Matrix",
    prizeTitle: "A hamper",
    month: "2099-01",
    drawDate: "2099-02-03T18:00:00Z",
  },
  "post /api/admin/competitions/{id}/draw": {},
  "post /api/admin/payments/{id}/decision": { status: "rejected", notes: "Not received" },
  "post /api/admin/withdrawals/{id}/decision": { decision: "reject", note: "Matrix check" },
  "post /api/staff/share-proofs/{id}/decision": { status: "rejected", staffNotes: "No post" },
  "post /api/staff/purchases/{id}/decision": { status: "rejected", reason: "Unreadable" },
  "post /api/admin/signups/{kind}/{id}/invite": {},
};
/** The admin's company writes (suspension among them) go to a company of their own, not the owner caller's. */
const pathValues: Record<string, string> = { key: "xp_share", kind: "consumer" };

let ctx: TestContext;
let cookiesOf: Record<Caller, Record<string, string>>;
let routes: { method: Method; path: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const consumer = await signedInMember(ctx.database.db, "matrix-consumer");
  const staff = await signedInMember(ctx.database.db, "matrix-staff", { role: "staff" });
  const admin = await signedInAdmin(ctx.database.db, "matrix-admin");
  const { company, cookies: ownerCookies } = await signedInOwner(ctx.database.db, {
    username: "matrix-owner",
    plan: "pro",
  });
  pathValues.companyId = String((await createCompany(ctx.database.db, { username: "matrix-target" })).id);
  await sendAs(ctx.app, ownerCookies, "POST", `/api/companies/${company.id}/staff`, {
    name: "Esi",
    pin: "2580",
  });
  const counterLogin = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
    username: "matrix-owner",
    staffName: "Esi",
    pin: "2580",
  });
  expect(counterLogin.statusCode, counterLogin.body).toBe(200);
  cookiesOf = {
    "signed out": {},
    consumer: consumer.cookies,
    staff: staff.cookies,
    "company owner": ownerCookies,
    "counter staff": sessionCookieFrom(counterLogin),
    admin: admin.cookies,
  };
  routes = registeredRoutes(ctx.app).filter((route) => /^\/api\/(admin|staff)\//.test(route.path));
});
afterAll(async () => {
  await ctx.close();
});

/**
 * Every route in the app's router, its path parameters written as in the OpenAPI document (`{id}`); read
 * from the router's own listing, so a route left out of the document is listed too.
 */
function registeredRoutes(app: FastifyInstance): { method: Method; path: string }[] {
  const found: { method: Method; path: string }[] = [];
  const branch: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const node = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    branch.length = node[1]!.length / 4;
    branch.push(node[2]!);
    const path = branch.join("").replace(/:(\w+)/g, "{$1}");
    for (const method of node[3]?.split(", ") ?? []) {
      found.push({ method: method.toLowerCase() as Method, path });
    }
  }
  return found;
}

const reads = new Set<Method>(["get", "head"]);

function call(caller: Caller, route: { method: Method; path: string }) {
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? "1");
  const body = reads.has(route.method) ? undefined : sampleBodies[`${route.method} ${route.path}`];
  return sendAs(ctx.app, cookiesOf[caller], route.method.toUpperCase() as "GET", url, body);
}

/**
 * What each caller must get: 401 signed out, 403 signed in without the role. The declared-access guard knows
 * a business's session too (an owner or counter staff is refused 403 there); the staff routes need a member
 * session, so a business is 401 there.
 */
function expected(caller: Caller, path: string): "unauthenticated" | "forbidden" | "allowed" {
  if (caller === "admin") return "allowed";
  if (caller === "staff") return path.startsWith("/api/staff/") ? "allowed" : "forbidden";
  if (caller === "consumer") return "forbidden";
  if (caller === "signed out") return "unauthenticated";
  return path.startsWith("/api/admin/") ? "forbidden" : "unauthenticated";
}

/** The one error shape, the same for every refusal of its kind. */
const refusals = {
  unauthenticated: { status: 401, body: { code: "UNAUTHENTICATED", message: "Please sign in to continue" } },
  forbidden: { status: 403, body: { code: "FORBIDDEN", message: "You do not have permission to do that" } },
} as const;

describe("the admin and staff authorisation matrix", () => {
  it("covers every admin and staff route, each with a sample body for its writes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes).toContainEqual({ method: "get", path: "/api/admin/signups/export.csv" });
    expect(routes).toContainEqual({ method: "head", path: "/api/admin/companies/{companyId}" });
    const missing = routes
      .filter((route) => !reads.has(route.method) && !(`${route.method} ${route.path}` in sampleBodies))
      .map((route) => `${route.method} ${route.path}`);
    expect(missing, "add a sample body for each new write route").toEqual([]);
  });

  it("refuses everyone but the right role on the server, and never answers 5xx", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const caller of callers) {
        const response = await call(caller, route);
        const want = expected(caller, route.path);
        const ok =
          want === "allowed"
            ? response.statusCode < 500 && response.statusCode !== 401 && response.statusCode !== 403
            : response.statusCode === refusals[want].status &&
              (route.method === "head" || isDeepStrictEqual(response.json(), refusals[want].body));
        if (!ok)
          wrong.push(`${caller} ${route.method} ${route.path} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the admin routes refuse before they read anything", () => {
  const unreadable: { name: string; payload: unknown; headers: Record<string, string> }[] = [
    { name: "an empty body", payload: {}, headers: {} },
    { name: "a body of the wrong shape", payload: { name: 7, status: ["x"], plan: null }, headers: {} },
    { name: "a body that isn't JSON", payload: "{not json", headers: { "content-type": "application/json" } },
  ];

  it.each(unreadable)(
    "answers 401 signed out and 403 to a member or a business with $name",
    async ({ payload, headers }) => {
      const adminRoutes = routes.filter((route) => route.path.startsWith("/api/admin/"));
      expect(adminRoutes.length).toBeGreaterThanOrEqual(30);
      const wrong: string[] = [];
      for (const route of adminRoutes) {
        const url = `${route.path.replace(/\{(\w+)\}/g, "not-a-number")}?limit=-5&status=%00&before=x`;
        const body = reads.has(route.method) ? undefined : payload;
        for (const [caller, status] of [
          ["signed out", 401],
          ["consumer", 403],
          ["company owner", 403],
          ["counter staff", 403],
        ] as const) {
          const method = route.method.toUpperCase() as "GET";
          const response = await sendAs(ctx.app, cookiesOf[caller], method, url, body, headers);
          const answer = route.method === "head" ? {} : response.json();
          if (response.statusCode !== status || "fields" in answer) {
            wrong.push(`${caller} ${route.method} ${route.path} → ${response.statusCode} ${response.body}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe("the declared-access guard", () => {
  async function appWithTheGuard() {
    const app = Fastify();
    await app.register(fastifyCookie);
    registerSessions(app, { db: ctx.database.db, secureCookies: false });
    requireDeclaredAccess(app);
    guardDeclaredAccess(app);
    return app;
  }

  it("holds for a route that a plugin registers with its own hooks, and lets an admin in", async () => {
    const app = await appWithTheGuard();
    await app.register(
      async (scope) => {
        // A plugin that tries to leave the route out of the guard: the guard is not the route's to drop.
        scope.addHook("onRoute", (route) => {
          route.onRequest = [];
        });
        scope.get("/reports", { config: { access: "admin" } }, async () => ({ shown: true }));
      },
      { prefix: "/api/admin" },
    );
    const member = await signedInMember(ctx.database.db, "scope-member");
    const admin = await signedInAdmin(ctx.database.db, "scope-admin");
    const statuses = [];
    for (const cookies of [{}, member.cookies, cookiesOf["company owner"], admin.cookies]) {
      statuses.push((await app.inject({ method: "GET", url: "/api/admin/reports", cookies })).statusCode);
    }
    await app.close();
    expect(statuses).toEqual([401, 403, 403, 200]);
  });

  it("stops the server at start when a route declares no access, or less than admin under /api/admin", async () => {
    const undeclared = await appWithTheGuard();
    expect(() => undeclared.get("/api/new-thing", async () => ({}))).toThrow(
      'GET /api/new-thing declares no access: add config: { access: "…" }',
    );
    const tooOpen = await appWithTheGuard();
    expect(() =>
      tooOpen.get("/api/admin/new-report", { config: { access: "member" } }, async () => ({})),
    ).toThrow('its access must be "admin", not "member"');
    await Promise.all([undeclared.close(), tooOpen.close()]);
  });
});
