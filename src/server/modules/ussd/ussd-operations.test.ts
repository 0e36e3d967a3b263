import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ussdSessions } from "../../db/schema";
import { runAccountCleanup } from "../../jobs/account-cleanup.job";
import { signedInAdmin } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";

/*
 * USSD operations (docs/product-rules.md#ussd-operations): sessions counted per provider in /metrics and
 * per Accra day on the admin's overview at the price the admin sets, and sessions past 30 days deleted.
 */

const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let rows = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

const dayMs = 86_400_000;

/** A session row as the menus would leave it, begun at `createdAt`. */
async function sessionAt(createdAt: Date, provider: "hubtel" | "africastalking", simulated = false) {
  rows++;
  await ctx.database.db.insert(ussdSessions).values({
    provider,
    sessionId: simulated
      ? `simulator-00000000-0000-4000-8000-${String(rows).padStart(12, "0")}`
      : `ops-${rows}`,
    phoneNumber: "+233270000555",
    state: { screen: "main" },
    lastRequestKey: "sequence:1",
    lastAnswer: { text: "", end: false },
    createdAt,
    updatedAt: createdAt,
  });
}

async function metric(name: string, labels: string): Promise<number | undefined> {
  const response = await ctx.app.inject({ method: "GET", url: "/metrics" });
  const line = response.body.split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(" ").at(-1)) : undefined;
}

describe("USSD sessions counted", () => {
  it("in /metrics, per provider over the last 24 hours, the simulator's apart", async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    const before = {
      hubtel: (await metric("anigye_ussd_sessions_24h", 'provider="hubtel"')) ?? 0,
      africastalking: (await metric("anigye_ussd_sessions_24h", 'provider="africastalking"')) ?? 0,
      simulator: (await metric("anigye_ussd_sessions_24h", 'provider="simulator"')) ?? 0,
    };
    await sessionAt(hoursAgo(1), "hubtel");
    await sessionAt(hoursAgo(2), "hubtel");
    await sessionAt(hoursAgo(3), "africastalking");
    await sessionAt(hoursAgo(1), "hubtel", true);
    await sessionAt(hoursAgo(30), "hubtel"); // yesterday's, outside the window
    expect(await metric("anigye_ussd_sessions_24h", 'provider="hubtel"')).toBe(before.hubtel + 2);
    expect(await metric("anigye_ussd_sessions_24h", 'provider="africastalking"')).toBe(
      before.africastalking + 1,
    );
    expect(await metric("anigye_ussd_sessions_24h", 'provider="simulator"')).toBe(before.simulator + 1);
  });

  it("on the admin's overview: each of the last 7 Accra days, priced at the admin's setting", async () => {
    const admin = await signedInAdmin(ctx.database.db, "opsadmin");
    const overview = async () => (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/overview")).json();
    const now = clock.now();
    const start = (await overview()).ussd;
    expect(start.sessionPricePesewas).toBe(0);
    expect(start.days.map((day: { date: string }) => day.date)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);

    // Today: two provider sessions (one just after midnight) and one simulated; 6 days ago: one; 7 days ago
    // is outside the week.
    await sessionAt(new Date("2026-11-23T00:00:01Z"), "hubtel");
    await sessionAt(new Date(now.getTime() - 60_000), "africastalking");
    await sessionAt(new Date(now.getTime() - 60_000), "hubtel", true);
    await sessionAt(new Date("2026-11-17T23:59:59Z"), "hubtel");
    await sessionAt(new Date("2026-11-16T23:59:59Z"), "hubtel");

    // The price is an admin's setting, in whole pesewas within its bounds.
    const put = (value: unknown) =>
      sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/ussd_session_price_pesewas", { value });
    expect((await put(-1)).statusCode).toBe(400);
    expect((await put(10_001)).statusCode).toBe(400);
    expect((await put(2.5)).statusCode).toBe(400);
    expect((await put(7)).statusCode).toBe(200);

    const ussd = (await overview()).ussd;
    const added = (date: string) => {
      const day = ussd.days.find((d: { date: string }) => d.date === date);
      const was = start.days.find((d: { date: string }) => d.date === date);
      return {
        sessions: day.sessions - was.sessions,
        simulated: day.simulated - was.simulated,
        cost: day.costPesewas,
      };
    };
    expect(ussd.sessionPricePesewas).toBe(7);
    expect(added("2026-11-23")).toMatchObject({ sessions: 2, simulated: 1 });
    expect(added("2026-11-17")).toMatchObject({ sessions: 1, simulated: 0 });
    for (const day of ussd.days) expect(day.costPesewas).toBe(day.sessions * 7);
    expect(ussd.totalSessions).toBe(start.totalSessions + 3);
    expect(ussd.totalCostPesewas).toBe(ussd.totalSessions * 7);
  });
});

describe("old USSD sessions", () => {
  it("are deleted by the cleanup job after 30 days, and no sooner", async () => {
    const now = new Date();
    await sessionAt(new Date(now.getTime() - 31 * dayMs), "hubtel");
    await sessionAt(new Date(now.getTime() - 29 * dayMs), "africastalking");
    const before = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(like(ussdSessions.sessionId, "ops-%"));
    const old = before.filter((row) => row.createdAt.getTime() < now.getTime() - 30 * dayMs).map((r) => r.id);
    expect(old.length).toBeGreaterThan(0);

    expect(await runAccountCleanup(ctx.database.db, now, { info() {} })).toBe(true);

    const after = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(like(ussdSessions.sessionId, "ops-%"));
    expect(after.map((row) => row.id)).toEqual(
      before.filter((row) => !old.includes(row.id)).map((r) => r.id),
    );
    for (const id of old) {
      expect(await ctx.database.db.select().from(ussdSessions).where(eq(ussdSessions.id, id))).toHaveLength(
        0,
      );
    }
  });
});
