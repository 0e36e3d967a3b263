import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { sessions } from "../db/schema/auth";
import { createUser } from "../db/seed/factories";
import { hashSessionToken } from "../modules/auth/session.service";
import { registerSessions, sessionCookieName } from "./sessions";

let database: DatabaseHandle;
let userId: number;

async function appWithSessions(secureCookies: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCookie);
  registerSessions(app, { db: database.db, secureCookies });
  app.post("/sign-in", async (_request, reply) => {
    await reply.startSession({ kind: "user", userId });
    return { ok: true };
  });
  app.post("/sign-out", async (_request, reply) => {
    await reply.endSession();
    return { ok: true };
  });
  app.get("/whoami", async (request) => ({ userId: (await request.getSession())?.userId ?? null }));
  return app;
}

function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : [setCookie ?? ""];
  return all.find((c) => c.startsWith(`${sessionCookieName}=`)) ?? "";
}

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  userId = (await createUser(database.db)).id;
});
afterAll(() => database.close());

describe("server-side sessions", () => {
  it("sets an HttpOnly, SameSite=Lax cookie and stores only the token's hash", async () => {
    const app = await appWithSessions(false);
    const response = await app.inject({ method: "POST", url: "/sign-in" });
    const cookie = sessionCookieOf(response.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const rows = await database.db.select().from(sessions);
    expect(rows.map((r) => r.id)).toContain(hashSessionToken(token));
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    const app = await appWithSessions(true);
    const response = await app.inject({ method: "POST", url: "/sign-in" });
    expect(sessionCookieOf(response.headers["set-cookie"])).toMatch(/Secure/);
  });

  it("recognises the session, gives a new id at each sign-in and forgets it at sign-out", async () => {
    const app = await appWithSessions(false);
    const first = sessionCookieOf(
      (await app.inject({ method: "POST", url: "/sign-in" })).headers["set-cookie"],
    );
    const firstToken = first.split(";")[0]!.split("=")[1]!;
    const cookies = { [sessionCookieName]: firstToken };
    expect((await app.inject({ method: "GET", url: "/whoami", cookies })).json()).toEqual({ userId });

    const second = sessionCookieOf(
      (await app.inject({ method: "POST", url: "/sign-in", cookies })).headers["set-cookie"],
    );
    const secondToken = second.split(";")[0]!.split("=")[1]!;
    expect(secondToken).not.toBe(firstToken);
    expect((await app.inject({ method: "GET", url: "/whoami", cookies })).json()).toEqual({ userId: null });

    const secondCookies = { [sessionCookieName]: secondToken };
    await app.inject({ method: "POST", url: "/sign-out", cookies: secondCookies });
    expect((await app.inject({ method: "GET", url: "/whoami", cookies: secondCookies })).json()).toEqual({
      userId: null,
    });
  });

  it("ignores a made-up token", async () => {
    const app = await appWithSessions(false);
    const response = await app.inject({
      method: "GET",
      url: "/whoami",
      cookies: { [sessionCookieName]: "forged" },
    });
    expect(response.json()).toEqual({ userId: null });
  });
});
