import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "./db/seed/factories";
import { createSession } from "./modules/auth/session.service";
import { createTestContext, type TestContext } from "./test/test-app";

/**
 * No request may answer 5xx. Every route in the OpenAPI document is called with wrong types, missing and
 * unknown fields, huge strings, NUL characters, malformed JSON and odd path ids, signed out and signed in
 * (a member who is an admin and a business owner at once, so the checks past authorisation run too).
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  pattern?: string;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const huge = "a".repeat(100_000);
const oddIds = ["1", "0", "-1", "%201", "1e3", "0x10", "99999999999", "abc", "%00", "1%2F2", "%E0%A4%A"];
const oddValues: unknown[] = [
  null,
  12345,
  -1e308,
  1e308,
  "x",
  "a\u0000b",
  huge,
  true,
  [],
  {},
  [1, "b"],
  { $ne: 1 },
];
const rawBodies = ['{"a":', "null", "[]", '"text"', "{}", `{"__proto__":{"admin":true}}`, "\u0000"];

/** A plausible value for a schema, so a request gets past the first check and deeper code runs. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return "x";
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, depth + 1)]),
      );
    case "array":
      return [sample(schema.items, depth + 1)];
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1);
    case "boolean":
      return true;
    default:
      if (schema.format === "email") return "fuzz@example.com";
      if (schema.pattern?.includes("0-9")) return "1";
      return "Kente";
  }
}

/** The body, then one change at a time: each field missing, or replaced by each odd value; an unknown field. */
function bodyVariants(schema: JsonSchema | undefined): unknown[] {
  const base = sample(schema);
  if (typeof base !== "object" || base === null || Array.isArray(base)) return [base, ...oddValues];
  const fields = Object.keys(base);
  const variants: unknown[] = [base, { ...base, unknownField: "x" }];
  for (const field of fields) {
    const { [field]: _dropped, ...missing } = base as Record<string, unknown>;
    variants.push(missing);
    for (const odd of oddValues) variants.push({ ...base, [field]: odd });
  }
  return variants;
}

function fill(path: string, replacement: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => replacement(name));
}

let ctx: TestContext;
let everyone: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Fresh sessions for each route: a fuzzed sign-out or account deletion must not end the next route's. */
async function freshSessions() {
  const admin = await createUser(ctx.database.db, { role: "admin", password: "fuzz-admin-pass" });
  const company = await createCompany(ctx.database.db, { plan: "enterprise", password: "fuzz-shop-pass" });
  const meta = { ipAddress: "10.99.0.1", userAgent: "fuzz" };
  const member = await createSession(ctx.database.db, { kind: "user", userId: admin.id }, meta);
  const business = await createSession(ctx.database.db, { kind: "company", companyId: company.id }, meta);
  return { anigye_sid: member.token, anigye_biz: business.token, companyId: String(company.id) };
}

async function expectNo5xx(request: InjectOptions, label: string) {
  const response = await ctx.app.inject(request);
  expect(
    response.statusCode,
    `${label} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
}

describe("fuzzing every route in the OpenAPI document", () => {
  it("never answers 5xx", { timeout: 600_000 }, async () => {
    const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const headers = { "x-device-fingerprint": "fuzz", "content-type": "application/json" };
    let requests = 0;
    for (const [path, byMethod] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        const sessions = await freshSessions();
        everyone = { anigye_sid: sessions.anigye_sid, anigye_biz: sessions.anigye_biz };
        const own = fill(path, (name) => (name === "companyId" ? sessions.companyId : "1"));
        const verb = method.toUpperCase() as InjectOptions["method"];
        const send = async (request: Omit<InjectOptions, "method">, what: string) => {
          for (const cookies of [{}, everyone]) {
            requests++;
            await expectNo5xx({ method: verb, headers, cookies, ...request }, `${method} ${path} ${what}`);
          }
        };

        for (const param of path.match(/\{(\w+)\}/g) ?? []) {
          for (const odd of oddIds)
            await send({ url: own.replace(param.slice(1, -1), odd) }, `${param}=${odd}`);
          const name = param.slice(1, -1);
          for (const odd of oddIds) {
            await send(
              { url: fill(path, (n) => (n === name ? odd : n === "companyId" ? sessions.companyId : "1")) },
              `${name}=${odd}`,
            );
          }
        }
        for (const query of (operation.parameters ?? []).filter((p) => p.in === "query")) {
          for (const odd of ["", "abc", "-1", "1e9", huge, "%00", "a%ZZ"]) {
            await send({ url: `${own}?${query.name}=${odd}` }, `?${query.name}=${odd.slice(0, 20)}`);
          }
          await send({ url: `${own}?${query.name}=1&${query.name}=2` }, `?${query.name} twice`);
        }

        const jsonBody = operation.requestBody?.content?.["application/json"]?.schema;
        if (["POST", "PUT", "PATCH", "DELETE"].includes(verb as string)) {
          for (const body of bodyVariants(jsonBody)) {
            await send(
              { url: own, payload: JSON.stringify(body) },
              `body ${JSON.stringify(body).slice(0, 60)}`,
            );
          }
          for (const raw of rawBodies) await send({ url: own, payload: raw }, `raw body ${raw}`);
          await send(
            { url: own, payload: "x=1", headers: { ...headers, "content-type": "text/plain" } },
            "text body",
          );
          await send(
            {
              url: own,
              payload: "--b\r\nbroken",
              headers: { ...headers, "content-type": "multipart/form-data; boundary=b" },
            },
            "broken multipart",
          );
        } else {
          await send({ url: own }, "plain");
        }
      }
    }
    expect(requests).toBeGreaterThan(3000);
  });

  it("answers unknown and oddly encoded paths without a 5xx", async () => {
    for (const url of [
      "/api/%",
      "/api/..%2f..%2fetc/passwd",
      "/api/ads/%E0%A4%A",
      "/api/\u0000",
      "/%2e%2e/",
      "/api/ads//1",
    ]) {
      await expectNo5xx({ method: "GET", url }, url);
      await expectNo5xx(
        { method: "POST", url, headers: { "x-device-fingerprint": "fuzz" }, payload: "{}" },
        url,
      );
    }
  });
});
