import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { paths } from "../../generated/api-types";
import { createCompany, createUser } from "../db/seed/factories";
import { createTestContext, type TestContext } from "../test/test-app";

// An integrator's client, generated from /api/openapi.json (openapi-typescript writes src/generated/api-types.ts,
// `npm run lint:openapi` keeps it current) and typed by it: tsc checks every path, body and answer below.

let ctx: TestContext;
let client: ReturnType<typeof createClient<paths>>;
beforeAll(async () => {
  ctx = await createTestContext();
  const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  // A client that is not a browser says so on writes (the API's cross-site guard).
  client = createClient<paths>({ baseUrl: address, headers: { "X-Requested-With": "anigye-client-test" } });
});
afterAll(() => ctx.close());

describe("a client generated from the OpenAPI document", () => {
  it("reads the landing page's public counters", async () => {
    await createUser(ctx.database.db, { email: "ama@example.com", username: "ama" });
    const { data, error } = await client.GET("/api/stats/public");
    expect(error).toBeUndefined();
    expect(data?.totalUsers).toBe(1);
  });

  it("signs a member in and reads their own account with the session cookie", async () => {
    await createUser(ctx.database.db, {
      email: "kofi@example.com",
      username: "kofi",
      password: "correct horse battery",
    });
    const signIn = await client.POST("/api/auth/login", {
      body: { email: "kofi@example.com", password: "correct horse battery" },
    });
    expect(signIn.error).toBeUndefined();
    expect(signIn.data?.user.username).toBe("kofi");
    const sessionCookie = signIn.response.headers.getSetCookie().find((c) => c.startsWith("anigye_sid="));
    expect(sessionCookie).toBeDefined();

    const me = await client.GET("/api/auth/me", {
      headers: { cookie: sessionCookie!.split(";")[0]! },
    });
    expect(me.data?.user.email).toBe("kofi@example.com");
  });

  it("gets the documented error shape when a member call has no session", async () => {
    const { data, error, response } = await client.GET("/api/auth/me");
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expect(error?.code).toBe("UNAUTHENTICATED");
    expect(error?.message).toBeTruthy();
  });

  it("fills path parameters and query strings from typed options", async () => {
    const shop = await createCompany(ctx.database.db, { username: "mama-shop", name: "Mama's Kitchen" });
    const { data } = await client.GET("/api/companies/{companyId}/reviews", {
      params: { path: { companyId: String(shop.id) }, query: { before: 10 } },
    });
    expect(data?.reviews).toEqual([]);
  });

  it("refuses a path or a body the API doesn't have, in tsc and on the server alike", async () => {
    // @ts-expect-error: login needs a password (an @ts-expect-error that is not needed fails typecheck)
    const noPassword = await client.POST("/api/auth/login", { body: { email: "kofi@example.com" } });
    expect(noPassword.response.status).toBe(400);
    expect(noPassword.error?.code).toBe("VALIDATION");
    // @ts-expect-error: no such path
    const unknown = await client.GET("/api/stats/private");
    expect(unknown.response.status).toBe(404);
  });
});
