import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { ads } from "../db/schema/ads";
import { users } from "../db/schema/auth";
import { watchProgress } from "../db/schema/watch";
import { createCompany, createUser } from "../db/seed/factories";
import { createTestContext, sendAs, sessionCookieFrom, type TestContext } from "../test/test-app";

// docs/product-rules.md#kept-sessions: an instance keeps a member's session and watched ads between the
// database's change notices. What a member must never notice: a sign-out, suspension or finished watch that
// an instance ignores.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ keepMemberState: true });
  await listening(ctx.database);
});
afterAll(() => ctx.close());

/** Waits until the instance hears the database's change notices (it starts listening when built). */
async function listening(database: DatabaseHandle) {
  const deadline = Date.now() + 10_000;
  while (!database.memberChanges.live) {
    if (Date.now() > deadline) throw new Error("the instance never started listening");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function signedInMember(app: FastifyInstance = ctx.app) {
  const user = await createUser(ctx.database.db, { password: "member-pass-99" });
  const login = await sendAs(app, {}, "POST", "/api/auth/login", {
    email: user.email,
    password: "member-pass-99",
  });
  return { user, cookies: sessionCookieFrom(login) };
}

const me = (app: FastifyInstance, cookies: Record<string, string>) =>
  sendAs(app, cookies, "GET", "/api/auth/me").then((response) => response.statusCode);

describe("what an instance keeps about a member", () => {
  it("drops a kept session as soon as the member is suspended, whoever wrote it", async () => {
    const member = await signedInMember();
    expect(await me(ctx.app, member.cookies)).toBe(200);
    expect(await me(ctx.app, member.cookies)).toBe(200);
    // Written straight to the database, as another instance or an admin tool would.
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id));
    await expect.poll(() => me(ctx.app, member.cookies), { timeout: 2_000, interval: 20 }).toBe(401);
  });

  it("shows the member's own change on their next read, before any notice", async () => {
    const member = await signedInMember();
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/auth/me")).json().user.displayName).not.toBe(
      "Akua Renamed",
    );
    const saved = await sendAs(ctx.app, member.cookies, "PATCH", "/api/profile", {
      displayName: "Akua Renamed",
    });
    expect(saved.statusCode).toBe(200);
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/auth/me")).json().user.displayName).toBe(
      "Akua Renamed",
    );
  });

  it("marks an ad watched in Discover once the member finishes it", async () => {
    const company = await createCompany(ctx.database.db, { plan: "enterprise" });
    const [ad] = await ctx.database.db
      .insert(ads)
      .values({
        companyId: company.id,
        title: "Kelewele Friday",
        category: "Food & Dining",
        adType: "image",
        imageUrl: "/media/kelewele.webp",
        thumbnailUrl: "/media/kelewele-thumb.webp",
        durationSeconds: 8,
        rewardType: "xp",
        xpPointsReward: 10,
      })
      .returning();
    const member = await signedInMember();
    const poll = (etag?: string) =>
      ctx.app.inject({
        method: "GET",
        url: "/api/ads/discovery",
        cookies: member.cookies,
        headers: etag ? { "if-none-match": etag } : {},
      });
    const first = await poll();
    expect(first.json().find((card: { id: number }) => card.id === ad!.id)).toMatchObject({
      isWatched: false,
    });
    expect((await poll(first.headers.etag as string)).statusCode).toBe(304);

    await ctx.database.db
      .insert(watchProgress)
      .values({ userId: member.user.id, adId: ad!.id, completed: true });
    await expect
      .poll(
        async () => {
          const answer = await poll(first.headers.etag as string);
          return (
            answer.statusCode === 200 && answer.json().find((card: { id: number }) => card.id === ad!.id)
          );
        },
        { timeout: 2_000, interval: 20 },
      )
      .toMatchObject({ isWatched: true });
  });

  it.runIf(process.env.DATABASE_URL)(
    "trusts nothing kept while it can't hear the database, and listens again by itself",
    async () => {
      const member = await signedInMember();
      expect(await me(ctx.app, member.cookies)).toBe(200);
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      await expect.poll(() => ctx.database.memberChanges.live, { timeout: 5_000 }).toBe(false);
      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.user.id));
      expect(await me(ctx.app, member.cookies)).toBe(401);
      await expect.poll(() => ctx.database.memberChanges.live, { timeout: 10_000 }).toBe(true);
    },
  );
});

describe.runIf(process.env.DATABASE_URL)("two instances on one database", () => {
  let other: { app: FastifyInstance; handle: DatabaseHandle };
  beforeAll(async () => {
    const handle = await openDatabase({ databaseUrl: ctx.databaseUrl, poolSize: 4 });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", MAX_EVENT_LOOP_DELAY_MS: "0" });
    const app = await buildApp({ config, db: handle.db, memberChanges: handle.memberChanges });
    await app.ready();
    other = { app, handle };
    await listening(handle);
  });
  afterAll(async () => {
    await other.app.close();
    await other.handle.close();
  });

  it("a sign-out on one instance ends the session the other kept", async () => {
    const member = await signedInMember();
    expect(await me(other.app, member.cookies)).toBe(200);
    expect(await me(other.app, member.cookies)).toBe(200);
    expect((await sendAs(ctx.app, member.cookies, "POST", "/api/auth/logout")).statusCode).toBe(200);
    await expect.poll(() => me(other.app, member.cookies), { timeout: 2_000, interval: 20 }).toBe(401);
  });
});
