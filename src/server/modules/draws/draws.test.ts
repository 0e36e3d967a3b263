import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDrawRecord } from "../../../../scripts/verify-draw";
import type { DrawPublic, DrawRecord } from "../../../shared/contracts/draws";
import { drawWinner, prizeHash, sha256Hex, verifyDrawRecord } from "../../../shared/draw-verification";
import {
  companies as companiesTable,
  competitions,
  notifications,
  prizeDraws,
  redemptions,
  rewards,
  users,
} from "../../db/schema";
import { createCompany, type UserInput } from "../../db/seed/factories";
import { runMemberJobs } from "../../jobs/member.job";
import { signedInMember } from "../../test/members";
import { createTestContext, sendAs, sendJson, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { newSealedSeed, sealPendingSeeds } from "./draw-seeds";
import { addMonthlyDrawEntry } from "./draws.service";

// November 2026 in Accra; the month's draw closes at the end of the 30th.
const clock = testClock(new Date("2026-11-10T09:00:00Z"));
const december = new Date("2026-12-01T09:00:00Z").getTime();
let ctx: TestContext;
let people = 0;

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
});
afterAll(async () => {
  await ctx.close();
});

function member(fields: UserInput = {}) {
  people++;
  return signedInMember(ctx.database.db, "entrant", { displayName: `Entrant ${people}`, ...fields });
}

async function enter(
  userId: number,
  times: number,
  kind: "prize_entry" | "loyalty_cycle" | "points" = "prize_entry",
) {
  const [row] = await ctx.database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  for (let n = 0; n < times; n++) {
    await addMonthlyDrawEntry(ctx.database.db, userId, row!.tier, clock.now(), {
      kind,
      key: `${kind}:${userId}:${n}:${Math.random()}`,
    });
  }
}

function randomRecord(size: number) {
  const entries = Array.from({ length: size }, (_, n) => ({
    member: `M-${Math.random().toString(16).slice(2, 14)}${n}`,
    count: 1 + Math.floor(Math.random() * 10),
  }));
  const seed = Math.random().toString(16).slice(2) + Math.random().toString(16).slice(2);
  const publicRandomness = Math.random() < 0.5 ? Math.random().toString(16).slice(2) : null;
  const outcome = drawWinner(seed, publicRandomness, entries)!;
  return {
    algorithm: "anigye-draw-v1",
    commitment: sha256Hex(seed),
    seed,
    publicRandomness,
    entries,
    entriesHash: outcome.entriesHash,
    totalEntries: outcome.totalEntries,
    winningTicket: outcome.winningTicket,
    winner: { member: outcome.winnerMember },
  };
}

describe("the published draw function", () => {
  it("gives the same winner for the same record, and the script written from the docs agrees on 1,000 random records", () => {
    for (let n = 0; n < 1000; n++) {
      const record = randomRecord(1 + (n % 40));
      expect(
        drawWinner(record.seed, record.publicRandomness, [...record.entries].reverse())!.winnerMember,
      ).toBe(record.winner.member);
      expect(verifyDrawRecord(record).holds).toBe(true);
      expect(checkDrawRecord(record)).toEqual([]);
    }
  });

  it("fails the check when one entry, the seed or the winner is changed", () => {
    const record = randomRecord(25);
    const oneMore = {
      ...record,
      entries: record.entries.map((e, i) =>
        i === 3 ? { ...e, count: e.count === 10 ? 9 : e.count + 1 } : e,
      ),
    };
    const otherSeed = { ...record, seed: `${record.seed}0` };
    const otherWinner = {
      ...record,
      winner: { member: record.entries.find((e) => e.member !== record.winner.member)!.member },
    };
    for (const tampered of [oneMore, otherSeed, otherWinner]) {
      expect(verifyDrawRecord(tampered).holds).toBe(false);
      expect(checkDrawRecord(tampered).length).toBeGreaterThan(0);
    }
    expect(verifyDrawRecord(otherSeed).problems).toContainEqual({ key: "draw.problem.commitment" });
  });

  it("holds for a draw nobody entered only when it names no winner", () => {
    const seed = "lonely-seed";
    const empty = {
      algorithm: "anigye-draw-v1",
      commitment: sha256Hex(seed),
      seed,
      entries: [],
      winner: null,
    };
    expect(verifyDrawRecord(empty).holds).toBe(true);
    expect(checkDrawRecord(empty)).toEqual([]);
    const claimed = { ...empty, winner: { member: "M-000000000000" } };
    expect(verifyDrawRecord(claimed).holds).toBe(false);
    expect(checkDrawRecord(claimed).length).toBeGreaterThan(0);
  });

  it("refuses more than 10 entries for a member", () => {
    const record = randomRecord(3);
    const over = { ...record, entries: [{ ...record.entries[0]!, count: 11 }, ...record.entries.slice(1)] };
    expect(verifyDrawRecord(over).problems).toContainEqual({
      key: "draw.problem.entryCount",
      values: { member: record.entries[0]!.member, count: 11, max: 10 },
    });
    expect(checkDrawRecord(over).join(" ")).toMatch(/1 to 10/);
  });
});

describe("the monthly draw", () => {
  let admin: Awaited<ReturnType<typeof member>>;
  let ama: Awaited<ReturnType<typeof member>>;
  let gold: Awaited<ReturnType<typeof member>>;
  let suspended: Awaited<ReturnType<typeof member>>;
  let drawId: number;
  let sealedNovemberSeed: string;

  beforeAll(async () => {
    admin = await member({ role: "admin" });
    ama = await member({ displayName: "Ama Winner-Maybe" });
    gold = await member({ tier: "gold", lifetimeXp: 6000 });
    suspended = await member();
    await enter(ama.user.id, 2);
    await enter(ama.user.id, 1, "loyalty_cycle");
    await enter(ama.user.id, 1, "points");
    await enter(gold.user.id, 12);
    await enter(suspended.user.id, 3);
    const [draw] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.drawMonth, 11));
    drawId = draw!.id;
  });

  it("announces a drand round by default, which the admin may withdraw while entries are open", async () => {
    const open = (await sendJson(ctx.app, "GET", `/api/draws/${drawId}`)).json() as DrawPublic;
    // The round drand's quicknet publishes at the draw time, 18:00 on 1 December.
    expect(open.drawDate).toBe("2026-12-01T18:00:00.000Z");
    expect(open.publicRandomnessSource).toBe(
      'drand quicknet round 34448212: the "randomness" at https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/34448212',
    );
    const withdrawn = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/draws/${drawId}`, {
      prizeTitle: "A Tecno phone",
      prizeValuePesewas: 150_000,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().publicRandomnessSource).toBeNull();
    // The admin's list carries the prize as it is, so the edit form starts from it (and a save that
    // only moves the date keeps the value).
    const listed = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/draws"))
      .json()
      .draws.find((d: { id: number; kind: string }) => d.id === drawId && d.kind === "monthly");
    expect(listed).toMatchObject({
      prizeTitle: "A Tecno phone",
      prizeDescription: null,
      prizeValuePesewas: 150_000,
    });
  });

  it("keeps the seed out of the database in plain text until the draw", async () => {
    const [row] = await ctx.database.db
      .select({ seed: prizeDraws.seed, sealedSeed: prizeDraws.sealedSeed })
      .from(prizeDraws)
      .where(eq(prizeDraws.id, drawId));
    expect(row!.seed).toBeNull();
    expect(row!.sealedSeed).toMatch(/^v1\./);
    sealedNovemberSeed = row!.sealedSeed!;
  });

  it("shows a member's entries and where they came from, with the tier bonus and the cap of 10", async () => {
    const mine = await sendAs(ctx.app, ama.cookies, "GET", "/api/draws/mine");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ entries: 4, maxEntries: 10 });
    expect(mine.json().sources).toEqual(
      expect.arrayContaining([
        { source: "prize_entry", count: 2 },
        { source: "loyalty_cycle", count: 1 },
        { source: "points", count: 1 },
      ]),
    );
    const golden = (await sendAs(ctx.app, gold.cookies, "GET", "/api/draws/mine")).json();
    expect(golden.entries).toBe(10);
    expect(golden.sources).toEqual([{ source: "prize_entry", count: 12 }]);
    const newcomer = await member({ tier: "gold", lifetimeXp: 5000 });
    await enter(newcomer.user.id, 3);
    const bonus = (await sendAs(ctx.app, newcomer.cookies, "GET", "/api/draws/mine")).json();
    expect(bonus.entries).toBe(5);
    expect(bonus.sources).toEqual([
      { source: "prize_entry", count: 3 },
      { source: "tier", count: 2 },
    ]);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, newcomer.user.id));
  });

  it("publishes the commitment and no seed while entries are open, and refuses to draw before they close", async () => {
    const open = (await sendJson(ctx.app, "GET", `/api/draws/${drawId}`)).json() as DrawPublic;
    expect(open.seed).toBeNull();
    expect(open.commitment).toMatch(/^[0-9a-f]{64}$/);
    // Dated when it opened (its first entry, on the app's clock), before its entries close.
    expect(open.openedAt).toBe("2026-11-10T09:00:00.000Z");
    expect(open.entries).toHaveLength(4);
    const early = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Entries are open until 2026-11-30/);
  });

  it("lets only admins run the draw", async () => {
    clock.advance(december - clock.now().getTime());
    const staff = await member({ role: "staff" });
    const company = await createCompany(ctx.database.db, {});
    expect((await sendJson(ctx.app, "POST", `/api/admin/draws/${drawId}/draw`, {})).statusCode).toBe(401);
    expect(
      (await sendAs(ctx.app, ama.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {})).statusCode,
    ).toBe(403);
    expect(
      (await sendAs(ctx.app, staff.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {})).statusCode,
    ).toBe(403);
    expect(company.id).toBeGreaterThan(0);
    expect((await sendAs(ctx.app, ama.cookies, "GET", "/api/admin/draws")).statusCode).toBe(403);
  });

  it("refuses a public randomness value nobody announced", async () => {
    const response = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {
      publicRandomness: "abc123",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.publicRandomness).toMatch(/No public randomness was announced/);
  });

  it("draws once under parallel requests, reveals the seed, leaves out suspended members and verifies", async () => {
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, suspended.user.id));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {}),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(4);

    const drawn = (await sendJson(ctx.app, "GET", `/api/draws/${drawId}`)).json() as DrawPublic;
    expect(sha256Hex(drawn.seed!)).toBe(drawn.commitment);
    expect(sealedNovemberSeed).not.toContain(drawn.seed!);
    expect(drawn.entries.map((e) => e.count).sort()).toEqual([10, 4]);
    expect(drawn.totalEntries).toBe(14);
    // The two suspended members' entries are in the published list, left out with the reason.
    expect(drawn.excluded.map((e) => [e.count, e.reason]).sort()).toEqual([
      [3, "suspended"],
      [5, "suspended"],
    ]);
    expect(["Ama Winner-Maybe", gold.user.displayName]).toContain(drawn.winner!.displayName);

    const recordResponse = await sendJson(ctx.app, "GET", `/api/draws/${drawId}/record`);
    expect(recordResponse.headers["content-disposition"]).toMatch(/attachment/);
    const record = recordResponse.json() as DrawRecord;
    expect(verifyDrawRecord(record).holds).toBe(true);
    const file = path.join(os.tmpdir(), `draw-${drawId}-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify(record));
    expect(execFileSync("npx", ["tsx", "scripts/verify-draw.ts", file], { encoding: "utf8" })).toMatch(
      /holds/,
    );
    fs.writeFileSync(file, JSON.stringify({ ...record, entries: record.entries.slice(1) }));
    expect(() => execFileSync("npx", ["tsx", "scripts/verify-draw.ts", file], { stdio: "pipe" })).toThrow();

    // The record carries the prize fixed when entries closed; a record with another prize fails.
    expect(record).toMatchObject({ prizeTitle: "A Tecno phone", prizeValuePesewas: 150_000 });
    expect(record.prizeHash).toBe(prizeHash({ prizeTitle: "A Tecno phone", prizeValuePesewas: 150_000 }));
    for (const otherPrize of [{ prizeTitle: "A Tecno phone case" }, { prizeValuePesewas: 1_500_000 }]) {
      const tampered = { ...record, ...otherPrize };
      expect(verifyDrawRecord(tampered).problems).toEqual([{ key: "draw.problem.prize" }]);
      expect(checkDrawRecord(tampered)).toEqual([
        "the prize is not the one fixed when entries closed (prizeHash)",
      ]);
    }
    fs.writeFileSync(file, JSON.stringify({ ...record, prizeTitle: "A Tecno phone case" }));
    expect(() => execFileSync("npx", ["tsx", "scripts/verify-draw.ts", file], { stdio: "pipe" })).toThrow();
  });

  it("tells the winner, lets only the winner claim, and only once", async () => {
    const [draw] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.id, drawId));
    const winner = draw!.winnerId === ama.user.id ? ama : gold;
    const loser = winner === ama ? gold : ama;
    const inbox = (await sendAs(ctx.app, winner.cookies, "GET", "/api/notifications")).json();
    expect(inbox.unread).toBeGreaterThanOrEqual(1);
    expect(inbox.notifications[0]).toMatchObject({ type: "draw_won", link: `/draws/${drawId}` });
    const loserInbox = (await sendAs(ctx.app, loser.cookies, "GET", "/api/notifications")).json();
    expect(loserInbox.notifications[0].type).toBe("draw_result");

    const view = (await sendAs(ctx.app, winner.cookies, "GET", `/api/draws/${drawId}`)).json() as DrawPublic;
    expect(view.canClaim).toBe(true);
    expect(view.yourMember).toBe(view.winner!.member);
    expect((await sendAs(ctx.app, loser.cookies, "POST", `/api/draws/${drawId}/claim`)).statusCode).toBe(403);
    expect((await sendAs(ctx.app, winner.cookies, "POST", `/api/draws/${drawId}/claim`)).statusCode).toBe(
      200,
    );
    expect((await sendAs(ctx.app, winner.cookies, "POST", `/api/draws/${drawId}/claim`)).statusCode).toBe(
      409,
    );

    const read = await sendAs(ctx.app, winner.cookies, "POST", "/api/notifications/read", {});
    expect(read.json()).toEqual({ unread: 0 });
  });

  it("lists the result for members and admins, with the winner's contact for admins only", async () => {
    const list = (await sendJson(ctx.app, "GET", "/api/draws")).json();
    expect(list.draws[0]).toMatchObject({ id: drawId, status: "drawn" });
    expect(JSON.stringify(list)).not.toMatch(/@example\.com/);
    const admins = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/draws")).json();
    expect(admins.draws.find((d: { id: number }) => d.id === drawId).winner.email).toMatch(/@example\.com/);
  });
});

describe("announced public randomness", () => {
  it("waits for the frozen entry list, must be typed at the draw when announced, and is mixed into the result", async () => {
    const admin = await member({ role: "admin" });
    const entrants = [];
    for (const times of [1, 4, 7]) {
      const entrant = await member();
      await enter(entrant.user.id, times);
      entrants.push(entrant);
    }
    const [draw] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.drawMonth, 12));
    const announce = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/draws/${draw!.id}`, {
      prizeTitle: "A bicycle",
      publicRandomnessSource: "drand quicknet round 9000000",
    });
    expect(announce.statusCode).toBe(200);
    clock.advance(new Date("2027-01-01T10:00:00Z").getTime() - clock.now().getTime());
    const late = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/draws/${draw!.id}`, {
      prizeTitle: "A bicycle",
      publicRandomnessSource: "drand quicknet round 9999999",
    });
    expect(late.statusCode).toBe(400);
    // Once entries close, the prize is fixed; the draw date may still move.
    const otherPrize = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/draws/${draw!.id}`, {
      prizeTitle: "A toy bicycle",
      publicRandomnessSource: "drand quicknet round 9000000",
    });
    expect(otherPrize.statusCode).toBe(409);
    expect(otherPrize.json().message).toBe(
      "Entries have closed, so the prize is fixed: it is in the draw's published record and can no longer change",
    );
    const later = await sendAs(ctx.app, admin.cookies, "PUT", `/api/admin/draws/${draw!.id}`, {
      prizeTitle: "A bicycle",
      publicRandomnessSource: "drand quicknet round 9000000",
      drawDate: "2027-01-03T18:00:00Z",
    });
    expect(later.statusCode).toBe(200);
    // Before the list is frozen and its hash published, an announced draw can't run.
    const tooSoon = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${draw!.id}/draw`, {
      publicRandomness: "a1b2c3d4",
    });
    expect(tooSoon.statusCode).toBe(409);
    const status = async () =>
      (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/draws"))
        .json()
        .draws.find((d: { id: number; kind: string }) => d.id === draw!.id && d.kind === "monthly").status;
    // The admin screen offers to run a draw only when it is ready: here, once the list is frozen.
    expect(await status()).toBe("open");
    expect(await runMemberJobs(ctx.app.deps, clock.now())).toContain("draws");
    expect(await status()).toBe("ready");
    const frozen = (await sendJson(ctx.app, "GET", `/api/draws/${draw!.id}`)).json() as DrawPublic;
    expect(frozen.seed).toBeNull();
    expect(frozen.entriesClosedAt).not.toBeNull();
    expect(frozen.entriesHash).toBe(drawWinner("any", null, frozen.entries)!.entriesHash);

    // A tier-up after entries close changes nothing; a suspension leaves the member out at the draw.
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, entrants[0]!.user.id));
    await ctx.database.db
      .update(users)
      .set({ tier: "diamond", lifetimeXp: 25_000 })
      .where(eq(users.id, entrants[1]!.user.id));
    const missing = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${draw!.id}/draw`, {});
    expect(missing.statusCode).toBe(400);
    const drawn = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${draw!.id}/draw`, {
      publicRandomness: "a1b2c3d4",
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json()).toMatchObject({
      publicRandomness: "a1b2c3d4",
      prizeTitle: "A bicycle",
      prizeHash: prizeHash({ prizeTitle: "A bicycle" }),
    });
    expect(verifyDrawRecord(drawn.json()).holds).toBe(true);
    const suspendedLine = frozen.entries.find((entry) => entry.count === 1)!;
    expect(drawn.json().entries).toEqual(frozen.entries.filter((entry) => entry !== suspendedLine));
    expect(drawn.json().excluded).toEqual([{ ...suspendedLine, reason: "suspended" }]);
    expect(drawn.json().entriesHash).toBe(frozen.entriesHash);
    // Another value gives another ticket (the first such value found), and the check then fails.
    const record = drawn.json() as DrawPublic;
    const tampered = ["x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8"].find(
      (value) =>
        drawWinner(record.seed!, value, record.entries, record.excluded)!.winningTicket !==
        record.winningTicket,
    );
    expect(verifyDrawRecord({ ...record, publicRandomness: tampered }).holds).toBe(false);
  });
});

describe("competitions", () => {
  it("shows requirements and progress, enters eligible members at the draw, and the job draws on the date", async () => {
    const admin = await member({ role: "admin" });
    const ad = await watchingKit(ctx, clock).publishAd(["FEB1", "FEB2"]);
    const company = ad.company;
    await ctx.database.db
      .update(companiesTable)
      .set({ name: "Sponsor Ltd" })
      .where(eq(companiesTable.id, company.id));
    const month = "2027-02";
    clock.advance(new Date("2027-02-03T10:00:00Z").getTime() - clock.now().getTime());
    const created = await sendAs(ctx.app, admin.cookies, "POST", "/api/admin/competitions", {
      title: "February fan",
      prizeTitle: "A hamper",
      sponsorCompanyId: company.id,
      minimumTier: "bronze",
      requiresPlus: true,
      minimumValidatedRedemptions: 1,
      minimumSocialShares: 1,
      month,
      drawDate: "2027-03-02T18:00:00Z",
    });
    expect(created.statusCode).toBe(201);
    const competitionId = created.json().id as number;
    const consumer = await member();
    const body = { title: "Mine", prizeTitle: "X", month, drawDate: "2027-03-02T18:00:00Z" };
    expect(
      (await sendAs(ctx.app, consumer.cookies, "POST", "/api/admin/competitions", body)).statusCode,
    ).toBe(403);

    const eligible = await member({ isPlus: true });
    const notPlus = await member();
    for (const who of [eligible, notPlus]) {
      const [reward] = await ctx.database.db
        .insert(rewards)
        .values({
          userId: who.user.id,
          adId: ad.id,
          companyId: company.id,
          rewardType: "xp",
          isShared: true,
          shareProofStatus: "verified",
          verifiedAt: clock.now(),
          expiresAt: new Date("2027-12-31T00:00:00Z"),
        })
        .returning();
      await ctx.database.db.insert(redemptions).values({
        userId: who.user.id,
        adId: ad.id,
        companyId: company.id,
        rewardId: reward!.id,
        method: "qr",
        createdAt: clock.now(),
      });
    }
    const progressResponse = await sendAs(ctx.app, notPlus.cookies, "GET", "/api/competitions");
    const progress = progressResponse.json();
    const mine = progress.competitions.find((c: { id: number }) => c.id === competitionId);
    expect(mine.sponsor).toEqual({ id: company.id, name: "Sponsor Ltd" });
    expect(mine.progress).toMatchObject({
      validatedRedemptions: 1,
      socialShares: 1,
      plusMet: false,
      eligible: false,
    });
    const yes = (await sendAs(ctx.app, eligible.cookies, "GET", "/api/competitions")).json();
    expect(yes.competitions.find((c: { id: number }) => c.id === competitionId).progress.eligible).toBe(true);

    clock.advance(new Date("2027-03-02T18:01:00Z").getTime() - clock.now().getTime());
    await runMemberJobs(ctx.app.deps, clock.now());
    const result = (
      await sendJson(ctx.app, "GET", `/api/competitions/${competitionId}`)
    ).json() as DrawPublic;
    expect(result.entries).toHaveLength(1);
    expect(result.winner!.displayName).toBe(eligible.user.displayName);
    expect(verifyDrawRecord(result).holds).toBe(true);
    const [row] = await ctx.database.db.select().from(competitions).where(eq(competitions.id, competitionId));
    expect(row!.winnerId).toBe(eligible.user.id);
    const inbox = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, eligible.user.id));
    expect(inbox.map((n) => n.type)).toContain("draw_won");
  });
});

describe("seeds kept in plain text before sealing", () => {
  it("are sealed at start and the draw still reveals the committed seed", async () => {
    const admin = await member({ role: "admin" });
    const seed = "f".repeat(64);
    const [legacy] = await ctx.database.db
      .insert(competitions)
      .values({
        title: "Old competition",
        year: 2027,
        month: 3,
        prizeTitle: "A radio",
        minimumValidatedRedemptions: 0,
        minimumSocialShares: 0,
        requiresPlus: false,
        drawDate: new Date("2027-04-02T18:00:00Z"),
        seed,
        seedHash: sha256Hex(seed),
      })
      .returning();
    expect(await sealPendingSeeds(ctx.database.db, ctx.app.config.configEncryptionKey)).toBe(1);
    const [sealed] = await ctx.database.db.select().from(competitions).where(eq(competitions.id, legacy!.id));
    expect(sealed!.seed).toBeNull();
    expect(sealed!.sealedSeed).not.toContain(seed);
    clock.advance(new Date("2027-04-01T10:00:00Z").getTime() - clock.now().getTime());
    const drawn = await sendAs(
      ctx.app,
      admin.cookies,
      "POST",
      `/api/admin/competitions/${legacy!.id}/draw`,
      {},
    );
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().seed).toBe(seed);
    expect(verifyDrawRecord(drawn.json()).holds).toBe(true);
  });

  it("are sealed again with the current key when the key changed, once the old key is given", async () => {
    const admin = await member({ role: "admin" });
    const oldKey = Buffer.alloc(32, 9);
    const [moved] = await ctx.database.db
      .insert(competitions)
      .values({
        title: "Competition from before the new key",
        year: 2027,
        month: 4,
        prizeTitle: "A fan",
        minimumValidatedRedemptions: 0,
        minimumSocialShares: 0,
        requiresPlus: false,
        drawDate: new Date("2027-05-02T18:00:00Z"),
        ...newSealedSeed(oldKey),
      })
      .returning();
    clock.advance(new Date("2027-05-01T10:00:00Z").getTime() - clock.now().getTime());
    const path = `/api/admin/competitions/${moved!.id}/draw`;
    const refused = await sendAs(ctx.app, admin.cookies, "POST", path, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/CONFIG_ENCRYPTION_KEY_PREVIOUS/);
    const key = ctx.app.config.configEncryptionKey;
    expect(await sealPendingSeeds(ctx.database.db, key, [oldKey])).toBe(1);
    expect(await sealPendingSeeds(ctx.database.db, key, [oldKey])).toBe(0);
    const drawn = await sendAs(ctx.app, admin.cookies, "POST", path, {});
    expect(drawn.statusCode).toBe(200);
    expect(sha256Hex(drawn.json().seed)).toBe(moved!.seedHash);
  });
});

describe("a member suspended at the draw", () => {
  /** Entries in the month of `day`, closed by the job when the month ends, the draw run with a typed value. */
  async function closedDraw(day: string, entrants: { times: number }[]) {
    clock.advance(new Date(day).getTime() - clock.now().getTime());
    const people = [];
    for (const { times } of entrants) {
      const entrant = await member();
      await enter(entrant.user.id, times);
      people.push(entrant);
    }
    const month = new Date(day).getUTCMonth() + 1;
    const [draw] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.drawMonth, month));
    const nextMonth = Date.UTC(new Date(day).getUTCFullYear(), month, 1, 0, 1);
    clock.advance(nextMonth - clock.now().getTime());
    await runMemberJobs(ctx.app.deps, clock.now());
    const frozen = (await sendJson(ctx.app, "GET", `/api/draws/${draw!.id}`)).json() as DrawPublic;
    expect(frozen.entriesClosedAt).not.toBeNull();
    return { drawId: draw!.id, people, frozen };
  }

  async function suspend(userId: number, isActive = false) {
    await ctx.database.db.update(users).set({ isActive }).where(eq(users.id, userId));
  }

  function verifiesWithTheScript(record: DrawRecord) {
    const file = path.join(os.tmpdir(), `draw-${record.id}-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify(record));
    return execFileSync("npx", ["tsx", "scripts/verify-draw.ts", file], { encoding: "utf8" });
  }

  it("can't win: their entries are published as left out, nobody else is drawn for them, and the record verifies", async () => {
    const admin = await member({ role: "admin" });
    // The only member of June's frozen list is suspended before the draw.
    const { drawId, people, frozen } = await closedDraw("2027-06-10T09:00:00Z", [{ times: 3 }]);
    const [lone] = people;
    await suspend(lone!.user.id);
    const drawn = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {
      publicRandomness: "f00d",
    });
    expect(drawn.statusCode).toBe(200);
    const record = (await sendJson(ctx.app, "GET", `/api/draws/${drawId}/record`)).json() as DrawRecord;
    expect(record.winner).toBeNull();
    expect(record.entries).toEqual([]);
    expect(record.excluded).toEqual([{ member: frozen.entries[0]!.member, count: 3, reason: "suspended" }]);
    expect(record.entriesHash).toBe(frozen.entriesHash);
    expect(record.totalEntries).toBe(0);
    expect(verifyDrawRecord(record).holds).toBe(true);
    expect(verifiesWithTheScript(record)).toMatch(/holds.*left out at the draw: M-[0-9a-f]{12} suspended/);
    const [row] = await ctx.database.db.select().from(prizeDraws).where(eq(prizeDraws.id, drawId));
    expect(row!.winnerId).toBeNull();
    // Reactivated after the draw, they have nothing to claim.
    await suspend(lone!.user.id, true);
    expect((await sendAs(ctx.app, lone!.cookies, "POST", `/api/draws/${drawId}/claim`)).statusCode).toBe(403);
  });

  it("the winner is drawn from the others, and the record verifies in the browser's function and with npm run verify-draw", async () => {
    const admin = await member({ role: "admin" });
    const { drawId, people, frozen } = await closedDraw("2027-07-10T09:00:00Z", [
      { times: 10 },
      { times: 1 },
    ]);
    const [heavy, light] = people;
    await suspend(heavy!.user.id);
    const drawn = await sendAs(ctx.app, admin.cookies, "POST", `/api/admin/draws/${drawId}/draw`, {
      publicRandomness: "beef",
    });
    expect(drawn.statusCode).toBe(200);
    const view = (await sendAs(ctx.app, light!.cookies, "GET", `/api/draws/${drawId}`)).json() as DrawPublic;
    expect(view.winner!.displayName).toBe(light!.user.displayName);
    expect(view.canClaim).toBe(true);
    const heavyLine = frozen.entries.find((entry) => entry.count === 10)!;
    expect(view.excluded).toEqual([{ ...heavyLine, reason: "suspended" }]);
    expect(view.entries).toEqual(frozen.entries.filter((entry) => entry !== heavyLine));
    expect(view.totalEntries).toBe(1);
    expect(verifyDrawRecord(view).holds).toBe(true);

    const record = (await sendJson(ctx.app, "GET", `/api/draws/${drawId}/record`)).json() as DrawRecord;
    expect(verifiesWithTheScript(record)).toMatch(/holds/);
    expect(checkDrawRecord(record)).toEqual([]);
    // Putting the left-out entries back among the tickets, or dropping them from the record, fails both.
    const backIn = { ...record, entries: [...record.entries, heavyLine], excluded: [] };
    const dropped = { ...record, excluded: [] };
    for (const tampered of [backIn, dropped]) {
      expect(verifyDrawRecord(tampered).holds).toBe(false);
      expect(checkDrawRecord(tampered).length).toBeGreaterThan(0);
    }
    expect(checkDrawRecord({ ...record, excluded: [{ ...heavyLine, reason: "disliked" }] })).toContain(
      `${heavyLine.member} is left out for no known reason (disliked)`,
    );
    // The admin list counts only the entries drawn from.
    const listed = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/draws"))
      .json()
      .draws.find((d: { id: number; kind: string }) => d.id === drawId && d.kind === "monthly");
    expect(listed).toMatchObject({ members: 1, totalEntries: 1 });
  });
});
