import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../test/members";
import { createTestContext, sendAs, type TestContext } from "../test/test-app";
import type { SecurityRequirements } from "./route-access";

type Operation = { operationId: string; security?: SecurityRequirements };
type Call = { method: string; path: string; security: SecurityRequirements };

let ctx: TestContext;
let calls: Call[];
beforeAll(async () => {
  ctx = await createTestContext();
  const document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  calls = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method,
      path,
      security: operation.security ?? [],
    })),
  );
});
afterAll(() => ctx.close());

const admitsSignedOut = (security: SecurityRequirements) =>
  security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
const admitsAnyMember = (security: SecurityRequirements) =>
  admitsSignedOut(security) || security.some((requirement) => requirement.memberSession?.length === 0);
const admitsMemberWithRole = (security: SecurityRequirements) =>
  security.some((requirement) => (requirement.memberSession?.length ?? 0) > 0);

/** Sends the call with no body and `1` for every path parameter: enough to meet its guard. */
async function send({ method, path }: Call, cookies: Record<string, string> = {}) {
  const url = path.replace(/\{\w+\}/g, "1");
  const response = await sendAs(ctx.app, cookies, method.toUpperCase() as InjectOptions["method"], url);
  return `${response.statusCode} ${response.statusCode >= 400 ? response.json().code : ""}`.trim();
}

// A call refused for its missing body, or for its made-up id before the handler's guard looked (one's own
// payment is looked up first), proves nothing either way.
const refusedBeforeTheGuard = new Set(["400 VALIDATION", "404 NOT_FOUND"]);

describe("who may call what, as the API document says (each route's config.access)", () => {
  it("declares who may call every operation", () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((call) => !Array.isArray(call.security))).toEqual([]);
  });

  it("answers signed-out callers as declared: 401 where a session is needed, never where none is", async () => {
    const wrong: string[] = [];
    let guarded = 0;
    for (const call of calls.filter((c) => c.path !== "/metrics")) {
      const answer = await send(call);
      if (refusedBeforeTheGuard.has(answer)) continue;
      const expected = admitsSignedOut(call.security) ? "no 401" : "401 UNAUTHENTICATED";
      if (expected === "401 UNAUTHENTICATED") guarded++;
      if (expected === "no 401" ? answer.startsWith("401") : answer !== expected) {
        wrong.push(`${call.method} ${call.path}: ${answer}, declared ${JSON.stringify(call.security)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(60);
  });

  it("refuses a member without the role an operation lists, and a member at a business's counter", async () => {
    const { cookies } = await signedInMember(ctx.database.db, "plain");
    const wrong: string[] = [];
    let refused = 0;
    for (const call of calls.filter((c) => c.path !== "/metrics" && !admitsAnyMember(c.security))) {
      const answer = await send(call, cookies);
      if (refusedBeforeTheGuard.has(answer)) continue;
      const expected = admitsMemberWithRole(call.security) ? "403 FORBIDDEN" : "401 UNAUTHENTICATED";
      refused++;
      if (answer !== expected) wrong.push(`${call.method} ${call.path}: ${answer}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(40);
  });
});
