import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

// State-changing calls that take no body: the action is the whole request.
const bodilessActions = new Set([
  "post /api/auth/logout",
  "post /api/companies/logout",
  "post /api/profile/sign-out-everywhere",
  "post /api/admin/companies/{companyId}/setup-link",
  "post /api/admin/signups/{kind}/{id}/invite",
  "post /api/companies/{companyId}/ads/{adId}/pause",
  "post /api/companies/{companyId}/ads/{adId}/resume",
  "delete /api/companies/{companyId}/ads/{adId}",
  "delete /api/companies/{companyId}/staff/{staffId}",
  "delete /api/ads/{adId}/like",
  "put /api/ads/{adId}/like",
  "post /api/companies/{companyId}/staff/{staffId}/unlock",
  "post /api/rewards/{id}/qr",
  "post /api/merchant/logout",
  "post /api/reviews/{id}/helpful",
  "post /api/draws/{id}/claim",
  "post /api/competitions/{id}/claim",
]);

let ctx: TestContext;
let document: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => ctx.close());

function operations() {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );
}

describe("the OpenAPI document at /api/openapi.json", () => {
  it("is valid OpenAPI 3 (and the validator does refuse a broken one)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
    const broken = await new Validator().validate({
      openapi: "3.1.0",
      paths: { "/x": { get: { responses: 7 } } },
    });
    expect(broken.valid).toBe(false);
  });

  it("lists the API's routes, the ones other clients rely on included", () => {
    for (const [method, path] of [
      ["post", "/api/auth/login"],
      ["post", "/api/auth/register"],
      ["get", "/api/ads/discovery"],
      ["post", "/api/watch/sessions/{sessionId}/progress"],
      ["get", "/api/rewards/mine"],
      ["post", "/api/companies/login"],
      ["post", "/api/companies/{companyId}/media"],
      ["get", "/api/companies/{companyId}/analytics.csv"],
      ["post", "/api/coming-soon/users"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(operations().length).toBeGreaterThanOrEqual(60);
  });

  it("gives every route a summary, a tag, its request schemas and a response schema", () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations()) {
      const name = `${method} ${path}`;
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      for (const param of path.match(/\{(\w+)\}/g) ?? []) {
        const documented = operation.parameters?.find((p) => p.in === "path" && `{${p.name}}` === param);
        if (!documented?.schema) problems.push(`${name}: path parameter ${param} has no schema`);
      }
      const success = Object.entries(operation.responses ?? {}).find(([status]) => /^[23]/.test(status));
      if (!success) problems.push(`${name}: no success response`);
      else if (
        // A redirect or a 204 (No Content) has no body to describe.
        !success[0].startsWith("3") &&
        success[0] !== "204" &&
        !Object.values(success[1].content ?? {}).some((c) => c.schema)
      ) {
        problems.push(`${name}: the success response has no schema`);
      }
      if (["post", "put", "patch"].includes(method) && !bodilessActions.has(name)) {
        const body = Object.values(operation.requestBody?.content ?? {});
        if (!body.some((c) => c.schema)) problems.push(`${name}: no request body schema`);
      }
      if (!operation.responses?.["4XX"]) problems.push(`${name}: the error shape is not documented`);
    }
    expect(problems).toEqual([]);
  });

  it("names every operation once, with ids that change only on purpose (a generated client's method names)", async () => {
    const named = operations().map(({ path, method, operation }) => ({
      id: operation.operationId,
      path,
      method,
    }));
    expect(named.filter(({ id }) => !id)).toEqual([]);
    const ids = named.map(({ id }) => id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // A renamed or vanished id breaks integrators' clients: the list changes only with `vitest -u`.
    const list = named.map(({ id, method, path }) => `${id} ${method.toUpperCase()} ${path}`).sort();
    await expect(`${list.join("\n")}\n`).toMatchFileSnapshot("./openapi-operation-ids.txt");
  });

  it("says which headers a client that is not a browser sends", async () => {
    const description = (document as unknown as { info: { description: string } }).info.description;
    expect(description).toContain("X-Device-Fingerprint");
    expect(description).toContain("application/json");
  });
});

describe("the reference page at /api/docs", () => {
  it("is served from this server with its own assets", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("swagger-ui");
    const bundle = await ctx.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(bundle.statusCode).toBe(200);
    const config = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(config.json().paths["/api/auth/login"]).toBeDefined();
  });
});
