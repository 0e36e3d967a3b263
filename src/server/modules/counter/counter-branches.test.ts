import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyBranches, fraudDetection, qrScanLogs, redemptions, rewards } from "../../db/schema";
import { shopWithCounter } from "../../test/counter-shop";
import { signedInMember } from "../../test/members";
import {
  createTestContext,
  sendAs,
  sessionCookieFrom,
  type TestContext,
  testClock,
} from "../../test/test-app";
import { watchingKit } from "../../test/watching";

// Counter work is recorded at a branch (docs/product-rules.md#counter-branch-of-a-scan), the dashboard
// shows it by branch, and the same member at two branches minutes apart is flagged
// (docs/product-rules.md#counter-suspicious-scans).
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
let shops = 0;
let codes = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "branch-counter-phone" };
type Cookies = Record<string, string>;

const shop = () => shopWithCounter(ctx, `branch-shop-${++shops}`);
const member = (name = "Ama Owusu") => signedInMember(ctx.database.db, "branches", { displayName: name });
const memberQr = async (cookies: Cookies) =>
  (await sendAs(ctx.app, cookies, "GET", "/api/loyalty/qr")).json() as { qrData: string };
const scan = (cookies: Cookies, body: Record<string, unknown>) =>
  sendAs(ctx.app, cookies, "POST", "/api/merchant/scans", body, device);

async function branchOf(companyId: number, name: string, change: { deletedAt?: Date } = {}) {
  const [branch] = await ctx.database.db
    .insert(companyBranches)
    .values({ companyId, name, address: `${name} road`, ...change })
    .returning();
  return branch!.id;
}

/** The branch every business starts with (its first location), renamed for the test's reading. */
async function firstBranchOf(companyId: number, name: string) {
  const [branch] = await ctx.database.db
    .update(companyBranches)
    .set({ name })
    .where(eq(companyBranches.companyId, companyId))
    .returning();
  return branch!.id;
}

async function closeBranch(branchId: number) {
  await ctx.database.db
    .update(companyBranches)
    .set({ deletedAt: clock.now() })
    .where(eq(companyBranches.id, branchId));
}

const staffUrl = (companyId: number) => `/api/companies/${companyId}/staff`;

async function assign(owner: Cookies, companyId: number, staffId: number, branchId: number | null) {
  return sendAs(ctx.app, owner, "PATCH", `${staffUrl(companyId)}/${staffId}`, { branchId });
}

/** A second staff member of the shop, signed in at the counter. */
async function colleague(counter: Awaited<ReturnType<typeof shop>>, name: string, branchId?: number) {
  const added = await sendAs(ctx.app, counter.owner, "POST", staffUrl(counter.companyId), {
    name,
    pin: "3691",
    ...(branchId === undefined ? {} : { branchId }),
  });
  expect(added.statusCode, added.body).toBe(200);
  const login = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
    username: counter.username,
    staffName: name,
    pin: "3691",
  });
  expect(login.statusCode, login.body).toBe(200);
  return { id: added.json().id as number, cookies: sessionCookieFrom(login) };
}

async function lastLog(companyId: number) {
  const rows = await ctx.database.db.select().from(qrScanLogs).where(eq(qrScanLogs.companyId, companyId));
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

async function stamp(staff: Cookies, customer: Cookies) {
  const { qrData } = await memberQr(customer);
  const stamped = await scan(staff, { qrData, action: "stamp", purchaseAmount: 30 });
  expect(stamped.statusCode, stamped.body).toBe(200);
  return stamped;
}

async function rewardAt(userId: number, companyId: number) {
  const ad = await kit.publishAd([`BR-${++codes}`]);
  const [row] = await ctx.database.db
    .insert(rewards)
    .values({ adId: ad.id, userId, companyId, rewardType: "discount", discountPercent: 10 })
    .returning();
  return row!;
}

describe("assigning counter staff to a branch", () => {
  it("lets the owner assign, move and unassign a staff member, and lists the branch", async () => {
    const counter = await shop();
    const osu = await branchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    const assigned = await assign(counter.owner, counter.companyId, counter.staffId, osu);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ id: counter.staffId, name: "Esi", branchId: osu });
    expect((await assign(counter.owner, counter.companyId, counter.staffId, madina)).json().branchId).toBe(
      madina,
    );
    const listed = await sendAs(ctx.app, counter.owner, "GET", staffUrl(counter.companyId));
    expect(listed.json()).toEqual([expect.objectContaining({ name: "Esi", branchId: madina })]);
    expect(
      (await assign(counter.owner, counter.companyId, counter.staffId, null)).json().branchId,
    ).toBeNull();

    const kojo = await colleague(counter, "Kojo", osu);
    const kojoRow = (await sendAs(ctx.app, counter.owner, "GET", staffUrl(counter.companyId)))
      .json()
      .find((staff: { id: number }) => staff.id === kojo.id);
    expect(kojoRow.branchId).toBe(osu);
  });

  it("refuses another business's branch, a closed one and a made-up one, changing nothing", async () => {
    const counter = await shop();
    const other = await shop();
    const own = await branchOf(counter.companyId, "Osu");
    const theirs = await branchOf(other.companyId, "Kumasi");
    const closed = await branchOf(counter.companyId, "Old shop", { deletedAt: clock.now() });
    await assign(counter.owner, counter.companyId, counter.staffId, own);
    for (const branchId of [theirs, closed, 2_000_000_000]) {
      const refused = await assign(counter.owner, counter.companyId, counter.staffId, branchId);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        message: "Choose one of your branches",
        fields: { branchId: "Choose one of your branches" },
      });
    }
    const added = await sendAs(ctx.app, counter.owner, "POST", staffUrl(counter.companyId), {
      name: "Yaw",
      pin: "1234",
      branchId: theirs,
    });
    expect(added.statusCode).toBe(400);
    const staff = (await sendAs(ctx.app, counter.owner, "GET", staffUrl(counter.companyId))).json();
    expect(staff).toEqual([expect.objectContaining({ name: "Esi", branchId: own })]);
    for (const branchId of ["1", 0, -3, 1.5]) {
      const bad = await sendAs(
        ctx.app,
        counter.owner,
        "PATCH",
        `${staffUrl(counter.companyId)}/${counter.staffId}`,
        {
          branchId,
        },
      );
      expect(bad.statusCode, String(branchId)).toBe(400);
    }
  });

  it("lets only the business's owner assign its staff", async () => {
    const counter = await shop();
    const other = await shop();
    const own = await branchOf(counter.companyId, "Osu");
    const ama = await member();
    const url = `${staffUrl(counter.companyId)}/${counter.staffId}`;
    expect((await sendAs(ctx.app, {}, "PATCH", url, { branchId: own })).statusCode).toBe(401);
    expect((await sendAs(ctx.app, ama.cookies, "PATCH", url, { branchId: own })).statusCode).toBe(403);
    expect((await sendAs(ctx.app, counter.staff, "PATCH", url, { branchId: own })).statusCode).toBe(401);
    expect((await sendAs(ctx.app, other.owner, "PATCH", url, { branchId: own })).statusCode).toBe(403);
    // Another business's staff member, through one's own business: not found.
    const stranger = await sendAs(
      ctx.app,
      counter.owner,
      "PATCH",
      `${staffUrl(counter.companyId)}/${other.staffId}`,
      {
        branchId: own,
      },
    );
    expect(stranger.statusCode).toBe(404);
    const staff = (await sendAs(ctx.app, counter.owner, "GET", staffUrl(counter.companyId))).json();
    expect(staff[0].branchId).toBeNull();
  });
});

describe("the branch the counter names in its header", () => {
  const branchNameOf = async (cookies: Cookies) => {
    const me = await sendAs(ctx.app, cookies, "GET", "/api/merchant/me");
    expect(me.statusCode, me.body).toBe(200);
    return me.json().actor.branchName as string | null;
  };

  it("is the staff member's branch, else the business's only one, else none", async () => {
    const counter = await shop();
    await firstBranchOf(counter.companyId, "Osu");
    expect(await branchNameOf(counter.staff)).toBe("Osu");
    expect(await branchNameOf(counter.owner)).toBe("Osu");

    const madina = await branchOf(counter.companyId, "Madina");
    expect(await branchNameOf(counter.staff)).toBeNull();
    expect(await branchNameOf(counter.owner)).toBeNull();
    await assign(counter.owner, counter.companyId, counter.staffId, madina);
    expect(await branchNameOf(counter.staff)).toBe("Madina");

    // Signing in answers with it too.
    const kojo = await colleague(counter, "Kojo", madina);
    const login = await sendAs(ctx.app, {}, "POST", "/api/merchant/login", {
      username: counter.username,
      staffName: "Kojo",
      pin: "3691",
    });
    expect(login.json().actor).toMatchObject({ staffName: "Kojo", branchName: "Madina" });
    expect(await branchNameOf(kojo.cookies)).toBe("Madina");

    // A closed branch is no longer named.
    await closeBranch(madina);
    expect(await branchNameOf(counter.staff)).toBe("Osu");
  });
});

describe("the branch counter work is recorded at", () => {
  it("records a staff member's branch on stamps, look-ups, points and reward redemptions", async () => {
    const counter = await shop();
    await branchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    await assign(counter.owner, counter.companyId, counter.staffId, madina);
    const ama = await member();

    await stamp(counter.staff, ama.cookies);
    expect(await lastLog(counter.companyId)).toMatchObject({ scanType: "stamp", branchId: madina });

    const { qrData } = await memberQr(ama.cookies);
    expect((await scan(counter.staff, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect(await lastLog(counter.companyId)).toMatchObject({ scanType: "lookup", branchId: madina });

    const points = await sendAs(
      ctx.app,
      counter.staff,
      "POST",
      "/api/merchant/points",
      { qrData, points: 5 },
      device,
    );
    expect(points.statusCode, points.body).toBe(200);
    expect(await lastLog(counter.companyId)).toMatchObject({
      scanType: "points",
      branchId: madina,
      points: 5,
    });

    const reward = await rewardAt(ama.user.id, counter.companyId);
    const shown = (await sendAs(ctx.app, ama.cookies, "POST", `/api/rewards/${reward.id}/qr`)).json();
    const redeemed = await scan(counter.staff, { qrData: shown.qrData, action: "redeem" });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await lastLog(counter.companyId)).toMatchObject({ scanType: "redeem", branchId: madina });
    const [redemption] = await ctx.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.rewardId, reward.id));
    expect(redemption).toMatchObject({ method: "qr", staffId: counter.staffId, branchId: madina });
  });

  it("records the staff member's branch on a redemption confirmed with their staff code", async () => {
    const counter = await shop();
    await branchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    await assign(counter.owner, counter.companyId, counter.staffId, madina);
    const ama = await member();
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const redeemed = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: reward.id,
      method: "staff",
      staffCode: counter.staffCode,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const [redemption] = await ctx.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.rewardId, reward.id));
    expect(redemption).toMatchObject({ method: "staff", branchId: madina });
  });

  it("records the only open branch for the owner and unassigned staff, and none when there are several", async () => {
    const counter = await shop();
    const ama = await member();
    const osu = await firstBranchOf(counter.companyId, "Osu");
    await branchOf(counter.companyId, "Gone", { deletedAt: clock.now() });
    await stamp(counter.staff, ama.cookies);
    expect(await lastLog(counter.companyId)).toMatchObject({ staffId: counter.staffId, branchId: osu });
    const { qrData } = await memberQr(ama.cookies);
    expect((await scan(counter.owner, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect(await lastLog(counter.companyId)).toMatchObject({ staffId: null, branchId: osu });

    // A second open branch: the owner's and an unassigned staff member's scans are at no branch.
    const madina = await branchOf(counter.companyId, "Madina");
    expect((await scan(counter.owner, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await lastLog(counter.companyId)).branchId).toBeNull();
    expect((await scan(counter.staff, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await lastLog(counter.companyId)).branchId).toBeNull();

    // No open branch at all: none either.
    await closeBranch(osu);
    await closeBranch(madina);
    expect((await scan(counter.staff, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await lastLog(counter.companyId)).branchId).toBeNull();
  });

  it("follows a move to another branch on the staff member's next scan, and a closed branch", async () => {
    const counter = await shop();
    const osu = await firstBranchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    await assign(counter.owner, counter.companyId, counter.staffId, osu);
    const ama = await member();
    const lookup = async () => {
      const { qrData } = await memberQr(ama.cookies);
      expect((await scan(counter.staff, { qrData, action: "lookup" })).statusCode).toBe(200);
      return (await lastLog(counter.companyId)).branchId;
    };
    expect(await lookup()).toBe(osu);
    await assign(counter.owner, counter.companyId, counter.staffId, madina);
    expect(await lookup()).toBe(madina);
    // Madina closes (kept for history): Esi's work goes to the only open branch left.
    await closeBranch(madina);
    expect(await lookup()).toBe(osu);
  });
});

describe("the merchant dashboard by branch", () => {
  it("counts today's and this month's work at each branch, with every open branch listed", async () => {
    const counter = await shop();
    const osu = await firstBranchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    const quiet = await branchOf(counter.companyId, "Quiet corner");
    await assign(counter.owner, counter.companyId, counter.staffId, osu);
    const kojo = await colleague(counter, "Kojo", madina);
    const ama = await member();
    const kofi = await member("Kofi Mensah");

    await stamp(counter.staff, ama.cookies); // Osu, three days before
    clock.advance(3 * 24 * 60 * 60 * 1000);
    await stamp(counter.staff, ama.cookies); // Osu, today
    await stamp(kojo.cookies, kofi.cookies); // Madina, today
    const { qrData } = await memberQr(kofi.cookies);
    const points = await sendAs(
      ctx.app,
      kojo.cookies,
      "POST",
      "/api/merchant/points",
      { qrData, points: 7 },
      device,
    );
    expect(points.statusCode, points.body).toBe(200);
    // The owner's scan with three open branches is at none.
    expect((await scan(counter.owner, { qrData, action: "lookup" })).statusCode).toBe(200);

    const dashboard = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard");
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const byBranch = dashboard.json().byBranch as {
      branchId: number | null;
      branchName: string;
      today: Record<string, number>;
      month: Record<string, number>;
    }[];
    expect(byBranch.map((row) => [row.branchId, row.branchName])).toEqual([
      [osu, "Osu"],
      [madina, "Madina"],
      [quiet, "Quiet corner"],
      [null, "No branch"],
    ]);
    const [atOsu, atMadina, atQuiet, atNone] = byBranch;
    expect(atOsu!.today).toMatchObject({ scans: 1, stamps: 1, points: 0 });
    expect(atOsu!.month).toMatchObject({ scans: 2, stamps: 2 });
    expect(atMadina!.today).toMatchObject({ scans: 2, stamps: 1, points: 7 });
    expect(atMadina!.month).toMatchObject({ scans: 2, stamps: 1, points: 7 });
    expect(atQuiet!.month).toMatchObject({ scans: 0, stamps: 0, points: 0, redemptions: 0 });
    expect(atNone!.today).toMatchObject({ scans: 1, stamps: 0 });
    expect(dashboard.json().byStaff.map((row: { staffName: string }) => row.staffName)).toEqual([
      "Esi",
      "Kojo",
      "Owner",
    ]);
    expect(dashboard.json().month).toMatchObject({ scans: 5, stamps: 3, points: 7 });

    // A redemption confirmed with Kojo's staff code counts at his branch.
    const reward = await rewardAt(ama.user.id, counter.companyId);
    const kojoCode = (await sendAs(ctx.app, counter.owner, "GET", staffUrl(counter.companyId)))
      .json()
      .find((staff: { id: number }) => staff.id === kojo.id).staffCode;
    const redeemed = await sendAs(ctx.app, ama.cookies, "POST", "/api/redemptions", {
      rewardId: reward.id,
      method: "staff",
      staffCode: kojoCode,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const after = (await sendAs(ctx.app, counter.owner, "GET", "/api/merchant/dashboard")).json();
    expect(after.byBranch[1]).toMatchObject({ branchName: "Madina", today: { redemptions: 1 } });
    expect(after.byBranch[0]).toMatchObject({ branchName: "Osu", today: { redemptions: 0 } });
  });

  it("names work at no branch in the staff's language", async () => {
    const counter = await shop();
    await branchOf(counter.companyId, "Madina");
    const ama = await member();
    await stamp(counter.staff, ama.cookies);
    const twi = await sendAs(ctx.app, counter.staff, "GET", "/api/merchant/dashboard", undefined, {
      "accept-language": "tw",
    });
    expect(twi.json().byBranch.at(-1)).toMatchObject({
      branchId: null,
      branchName: "Dwumadibea biara nni hɔ",
    });
  });
});

describe("the same member at two branches minutes apart", () => {
  async function signalsOf(userId: number) {
    return ctx.database.db.select().from(fraudDetection).where(eq(fraudDetection.userId, userId));
  }

  it("flags two branches of one business, and not the same branch twice", async () => {
    const counter = await shop();
    const osu = await firstBranchOf(counter.companyId, "Osu");
    const madina = await branchOf(counter.companyId, "Madina");
    await assign(counter.owner, counter.companyId, counter.staffId, osu);
    const kojo = await colleague(counter, "Kojo", madina);
    const kwame = await colleague(counter, "Kwame", osu);
    const ama = await member();

    await stamp(counter.staff, ama.cookies);
    clock.advance(2 * 60 * 1000);
    // Kwame at the same branch minutes later: not two places.
    const { qrData } = await memberQr(ama.cookies);
    expect((await scan(kwame.cookies, { qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await lastLog(counter.companyId)).suspiciousReasons).not.toContain("two_places_minutes_apart");
    expect((await signalsOf(ama.user.id)).map((s) => s.eventType)).not.toContain("impossible_travel");

    clock.advance(2 * 60 * 1000);
    const again = await memberQr(ama.cookies);
    expect((await scan(kojo.cookies, { qrData: again.qrData, action: "lookup" })).statusCode).toBe(200);
    const flagged = await lastLog(counter.companyId);
    expect(flagged).toMatchObject({ branchId: madina, isSuspicious: true });
    expect(flagged.suspiciousReasons).toContain("two_places_minutes_apart");
    const signals = await signalsOf(ama.user.id);
    expect(signals.map((s) => s.eventType)).toContain("impossible_travel");
    expect(signals.find((s) => s.eventType === "impossible_travel")!.suspiciousActivity).toMatchObject({
      companyId: counter.companyId,
      branchId: madina,
      staffId: kojo.id,
    });

    // More than 10 minutes after the last scan elsewhere: not flagged.
    clock.advance(11 * 60 * 1000);
    const later = await memberQr(ama.cookies);
    expect((await scan(counter.staff, { qrData: later.qrData, action: "lookup" })).statusCode).toBe(200);
    expect((await lastLog(counter.companyId)).suspiciousReasons).not.toContain("two_places_minutes_apart");
  });

  it("flags branches of two businesses, and two businesses whose branch is unknown", async () => {
    const first = await shop();
    const second = await shop();
    const third = await shop();
    const osu = await firstBranchOf(first.companyId, "Osu");
    const adum = await firstBranchOf(second.companyId, "Adum");
    await closeBranch(await firstBranchOf(third.companyId, "Closed"));
    const ama = await member();
    clock.advance(60 * 60 * 1000);
    await stamp(first.staff, ama.cookies);
    clock.advance(60 * 1000);
    await stamp(second.staff, ama.cookies);
    expect((await lastLog(first.companyId)).branchId).toBe(osu);
    expect((await lastLog(second.companyId)).branchId).toBe(adum);
    expect((await lastLog(second.companyId)).suspiciousReasons).toContain("two_places_minutes_apart");
    // The third shop has no branch: compared by business.
    clock.advance(60 * 1000);
    await stamp(third.staff, ama.cookies);
    expect(await lastLog(third.companyId)).toMatchObject({ branchId: null });
    expect((await lastLog(third.companyId)).suspiciousReasons).toContain("two_places_minutes_apart");
  });
});
