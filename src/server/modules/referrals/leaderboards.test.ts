import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema/ledger";
import type { UserInput } from "../../db/seed/factories";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { creditXp } from "../ledger/ledger.service";
import { periodRange } from "./leaderboards.read-model";

const clock = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(() => ctx.close());

let members = 0;
async function member(xp: number, fields: UserInput = {}) {
  members++;
  const signedIn = await signedInMember(ctx.database.db, "board", {
    displayName: `Board Member ${members}`,
    ...fields,
  });
  const { user } = signedIn;
  if (xp > 0) {
    await creditXp(ctx.database.db, {
      userId: user.id,
      amount: xp,
      reason: "test",
      idempotencyKey: `board-test:${user.id}`,
    });
  }
  return signedIn;
}

/** The board is cached 30 s per instance; move the server's clock past it before reading again. */
function board(cookies: Record<string, string>, query: string) {
  clock.advance(31_000);
  return sendAs(ctx.app, cookies, "GET", `/api/leaderboards${query}`);
}

describe("periods", () => {
  it("weeks start on Monday and months on the 1st, in Accra", () => {
    const wednesday = new Date("2026-01-14T18:30:00Z");
    expect(periodRange("week", wednesday)).toEqual({
      from: new Date("2026-01-12T00:00:00Z"),
      to: new Date("2026-01-19T00:00:00Z"),
    });
    const sunday = new Date("2026-01-18T23:59:59Z");
    expect(periodRange("week", sunday).from).toEqual(new Date("2026-01-12T00:00:00Z"));
    expect(periodRange("month", wednesday)).toEqual({
      from: new Date("2026-01-01T00:00:00Z"),
      to: new Date("2026-02-01T00:00:00Z"),
    });
    expect(periodRange("month", new Date("2026-12-31T12:00:00Z")).to).toEqual(
      new Date("2027-01-01T00:00:00Z"),
    );
  });
});

describe("the leaderboard", () => {
  it("ranks members by XP earned in the period, filters by city and exposes display names only", async () => {
    const kumasi = await member(300, { city: "Kumasi", displayName: "Kwabena Kumasi" });
    const accraTop = await member(500, { city: "Accra", displayName: "Akosua Accra" });
    const accraLow = await member(120, { city: "Accra", displayName: "Yaw Accra" });
    const staff = await member(900, { role: "staff", displayName: "Platform Staff" });
    const deleted = await member(800, { deletedAt: new Date(), displayName: "Gone Member" });
    // XP from last year does not count this period.
    await ctx.database.db.insert(ledgerEntries).values({
      userId: accraLow.user.id,
      currency: "xp",
      amount: 10_000,
      reason: "test",
      idempotencyKey: `board-old:${accraLow.user.id}`,
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    });

    for (const period of ["week", "month"]) {
      const all = await board({}, `?period=${period}`);
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.you).toBeNull();
      expect(body.entries.map((e: { displayName: string }) => e.displayName)).toEqual([
        "Akosua Accra",
        "Kwabena Kumasi",
        "Yaw Accra",
      ]);
      expect(body.entries[0]).toEqual({
        rank: 1,
        displayName: "Akosua Accra",
        tier: "bronze",
        xp: 500,
        isYou: false,
      });
      const text = all.body;
      for (const m of [kumasi, accraTop, accraLow, staff, deleted]) {
        expect(text).not.toContain(m.user.email);
        expect(text).not.toContain(m.user.anigyeId);
        expect(text).not.toContain(`"id"`);
      }
      expect(text).not.toContain("@");
    }

    const accra = (await board(accraLow.cookies, "?period=week&city=Accra")).json();
    expect(accra.city).toBe("Accra");
    expect(accra.entries).toEqual([
      expect.objectContaining({ rank: 1, displayName: "Akosua Accra", isYou: false }),
      expect.objectContaining({ rank: 2, displayName: "Yaw Accra", xp: 120, isYou: true }),
    ]);
    expect(accra.you).toEqual({ rank: 2, xp: 120, optedOut: false });

    // Outside the city the member has XP but no rank on that board.
    const inKumasi = (await board(accraLow.cookies, "?period=week&city=Kumasi")).json();
    expect(inKumasi.you).toEqual({ rank: null, xp: 120, optedOut: false });
  });

  it("shares a rank on a tie and ranks a member outside the top 50", async () => {
    const a = await member(50, { city: "Tamale", displayName: "Tie A" });
    const b = await member(50, { city: "Tamale", displayName: "Tie B" });
    const body = (await board(a.cookies, "?period=month&city=Tamale")).json();
    expect(body.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 1]);
    expect(body.you).toMatchObject({ rank: 1, xp: 50 });
    void b;

    const crowd = await Promise.all(Array.from({ length: 51 }, () => member(1_000, { city: "Cape Coast" })));
    const last = await member(10, { city: "Cape Coast" });
    const capeCoast = (await board(last.cookies, "?period=week&city=Cape%20Coast")).json();
    expect(capeCoast.entries).toHaveLength(50);
    expect(capeCoast.entries.some((e: { isYou: boolean }) => e.isYou)).toBe(false);
    expect(capeCoast.you).toEqual({ rank: 52, xp: 10, optedOut: false });
    expect(crowd).toHaveLength(51);
  });

  it("hides a member who opted out, and tells them so", async () => {
    const shy = await member(700, { city: "Other", displayName: "Shy Member" });
    const before = (await board(shy.cookies, "?period=week&city=Other")).json();
    expect(before.entries).toEqual([expect.objectContaining({ displayName: "Shy Member", isYou: true })]);

    const optOut = await sendAs(ctx.app, shy.cookies, "PUT", "/api/profile/preferences", {
      leaderboardOptOut: true,
    });
    expect(optOut.statusCode).toBe(200);
    // Even before the cached board refreshes, the member no longer sees themselves on it.
    const cached = (
      await sendAs(ctx.app, shy.cookies, "GET", "/api/leaderboards?period=week&city=Other")
    ).json();
    expect(cached.entries).toEqual([]);
    const after = (await board(shy.cookies, "?period=week&city=Other")).json();
    expect(after.entries).toEqual([]);
    expect(after.you).toEqual({ rank: null, xp: 700, optedOut: true });
    const publicView = (await board({}, "?period=week")).json();
    expect(publicView.entries.map((e: { displayName: string }) => e.displayName)).not.toContain("Shy Member");
  });

  it("refuses a bad period or city with a 400", async () => {
    expect((await sendAs(ctx.app, {}, "GET", "/api/leaderboards?period=year")).statusCode).toBe(400);
    expect((await sendAs(ctx.app, {}, "GET", "/api/leaderboards?city=Lagos")).statusCode).toBe(400);
    for (const odd of ["period=%00", "period=week&period=month", `city=${"x".repeat(10_000)}`, "city=a%ZZ"]) {
      expect((await sendAs(ctx.app, {}, "GET", `/api/leaderboards?${odd}`)).statusCode).toBe(400);
    }
    expect((await sendAs(ctx.app, {}, "GET", "/api/leaderboards?city=")).json().city).toBeNull();
    const byDefault = await sendAs(ctx.app, {}, "GET", "/api/leaderboards");
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json().period).toBe("week");
  });
});
