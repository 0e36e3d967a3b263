import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/audit";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";
import { rewards } from "../../db/schema/rewards";
import { signedInAdmin, signedInMember } from "../../test/members";
import { sendAs } from "../../test/test-app";
import { setUpWatchingTests } from "../../test/watching";
import { sumXpLedger } from "../ledger";

const t = setUpWatchingTests();
/**
 * A member who tries to skip ahead five times on one ad (each report refused and logged), then watches
 * it for real and earns its 25 XP and code: five too-fast signals (10 each) reach the threshold of 50.
 */
async function tooFastWatcher(code: string) {
  const ad = await t.kit.publishAd([code]);
  const cheat = await t.kit.member();
  const session = (await t.kit.start(cheat.cookies, ad.id)).json();
  for (let i = 0; i < 5; i++) {
    t.clock.advance(500);
    const refused = await t.kit.report(cheat.cookies, session.sessionId, 9);
    expect(refused.statusCode).toBe(400);
  }
  t.clock.advance(9_000);
  const earned = await t.kit.report(cheat.cookies, session.sessionId, 9);
  expect(earned.json()).toMatchObject({ completed: true, xpPoints: 25 });
  return { ad, cheat };
}

async function pendingCaseOf(adminCookies: Record<string, string>, userId: number) {
  const queue = await sendAs(t.ctx.app, adminCookies, "GET", "/api/admin/violations?status=pending");
  expect(queue.statusCode).toBe(200);
  return queue.json().items.find((item: { userId: number }) => item.userId === userId);
}

async function balanceOf(userId: number) {
  const [row] = await t.ctx.database.db
    .select({ xpPoints: users.xpPoints })
    .from(users)
    .where(eq(users.id, userId));
  return row!.xpPoints;
}

describe("anti-cheat review", () => {
  it("opens a case with its evidence when signals reach the threshold, and explains the score", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const { cheat, ad } = await tooFastWatcher("FAST-CASE-1");

    const risk = await sendAs(t.ctx.app, admin.cookies, "GET", `/api/admin/risk/users/${cheat.user.id}`);
    expect(risk.json()).toMatchObject({
      score: 50,
      reasons: [{ type: "watch_faster_than_real_time", count: 5, points: 50, text: "5 too-fast watches" }],
      summary: "50: 5 too-fast watches",
    });

    const open = await pendingCaseOf(admin.cookies, cheat.user.id);
    expect(open).toMatchObject({
      type: "watch_faster_than_real_time",
      status: "pending",
      // At the review threshold (50) a case is not "low": reaching the threshold is what opened it.
      severity: "medium",
      member: { displayName: cheat.user.displayName, status: "active" },
      evidence: { score: 50, reasons: [{ text: "5 too-fast watches" }] },
    });
    expect(open.evidence.signals).toHaveLength(5);
    expect(open.evidence.signals[0]).toMatchObject({ type: "watch_faster_than_real_time", adId: ad.id });

    const feed = await sendAs(
      t.ctx.app,
      admin.cookies,
      "GET",
      `/api/admin/fraud/events?type=watch_faster_than_real_time&userId=${cheat.user.id}`,
    );
    expect(feed.json()).toMatchObject({ total: 5, page: 1 });
    expect(feed.json().types).toContain("many_accounts_on_device");
    const none = await sendAs(
      t.ctx.app,
      admin.cookies,
      "GET",
      `/api/admin/fraud/events?type=duplicate_receipt&userId=${cheat.user.id}`,
    );
    expect(none.json()).toMatchObject({ total: 0, items: [] });
  });

  it("reverses what the evidence shows was earned with reversing rows, once, keeping the ledger balanced", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const { cheat } = await tooFastWatcher("FAST-CASE-2");
    const open = await pendingCaseOf(admin.cookies, cheat.user.id);
    expect(await balanceOf(cheat.user.id)).toBe(25);

    // Two admins (and a double click) decide at once: exactly one decision is carried out.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        sendAs(t.ctx.app, admin.cookies, "POST", `/api/admin/violations/${open.id}/decision`, {
          action: "reverse",
          notes: "Skipped ahead five times, then claimed the reward.",
        }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const decided = attempts.find((response) => response.statusCode === 200)!.json();
    expect(decided).toMatchObject({
      xpReversed: 25,
      rewardsWithdrawn: 1,
      violation: { status: "actioned", actionTaken: "reverse" },
    });
    expect(attempts.find((response) => response.statusCode === 409)!.json().message).toMatch(
      /already decided/,
    );

    expect(await balanceOf(cheat.user.id)).toBe(0);
    expect(await sumXpLedger(t.ctx.database.db, cheat.user.id)).toBe(0);
    const rows = await t.ctx.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, cheat.user.id));
    const reversal = rows.find((row) => row.reason === "reversal")!;
    const credit = rows.find((row) => row.reason === "ad_watch")!;
    expect(credit.amount).toBe(25); // the earning row is untouched
    expect(reversal).toMatchObject({ amount: -25, reversesEntryId: credit.id });

    // The unused code was withdrawn (it now shows as ended); the member's page shows it all balanced.
    const [reward] = await t.ctx.database.db.select().from(rewards).where(eq(rewards.userId, cheat.user.id));
    expect(reward!.isUsed).toBe(false);
    expect(reward!.expiresAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const page = await sendAs(t.ctx.app, admin.cookies, "GET", `/api/admin/users/${cheat.user.id}`);
    expect(page.json().member).toMatchObject({ xpPoints: 0, xpLedgerSum: 0 });
    expect(page.json().ledger.map((row: { reason: string }) => row.reason)).toContain("reversal");

    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "violation.reverse"));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetId: String(open.id) });

    const notices = await sendAs(t.ctx.app, cheat.cookies, "GET", "/api/notifications");
    expect(JSON.stringify(notices.json())).toContain("We removed 25 XP and 1 unused rewards");
  });

  it("never reverses a row twice or drives a balance negative when a new case names the same ad", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const { cheat, ad } = await tooFastWatcher("FAST-CASE-3");
    const first = await pendingCaseOf(admin.cookies, cheat.user.id);
    await sendAs(t.ctx.app, admin.cookies, "POST", `/api/admin/violations/${first.id}/decision`, {
      action: "reverse",
      notes: "First reversal.",
    });
    // One more refused report (on another ad) opens a second case; its evidence names the first ad again.
    const other = await t.kit.publishAd(["FAST-CASE-3B"]);
    const again = (await t.kit.start(cheat.cookies, other.id)).json();
    t.clock.advance(300);
    expect((await t.kit.report(cheat.cookies, again.sessionId, 9)).statusCode).toBe(400);
    const second = await pendingCaseOf(admin.cookies, cheat.user.id);
    expect(second.id).not.toBe(first.id);
    expect(second.evidence.signals.map((signal: { adId: number }) => signal.adId)).toContain(ad.id);
    const decided = await sendAs(
      t.ctx.app,
      admin.cookies,
      "POST",
      `/api/admin/violations/${second.id}/decision`,
      {
        action: "reverse",
        notes: "Second reversal.",
      },
    );
    expect(decided.json()).toMatchObject({ xpReversed: 0, rewardsWithdrawn: 0 });
    expect(await balanceOf(cheat.user.id)).toBe(0);
    expect(await sumXpLedger(t.ctx.database.db, cheat.user.id)).toBe(0);
  });

  it("suspends from a case: sessions end, and the next sign-in is refused with the reason", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const { cheat } = await tooFastWatcher("FAST-CASE-4");
    const open = await pendingCaseOf(admin.cookies, cheat.user.id);
    const decided = await sendAs(
      t.ctx.app,
      admin.cookies,
      "POST",
      `/api/admin/violations/${open.id}/decision`,
      {
        action: "suspend",
        notes: "Repeated too-fast watching",
      },
    );
    expect(decided.statusCode).toBe(200);
    expect((await sendAs(t.ctx.app, cheat.cookies, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await t.kit.start(cheat.cookies, (await t.kit.publishAd(["AFTER-1"])).id)).statusCode).toBe(401);
    const page = await sendAs(t.ctx.app, admin.cookies, "GET", `/api/admin/users/${cheat.user.id}`);
    expect(page.json().member).toMatchObject({
      status: "suspended",
      suspensionReason: "Repeated too-fast watching",
    });
  });

  it("warns or dismisses, and refuses a decision without notes or on a missing case", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const { cheat } = await tooFastWatcher("FAST-CASE-5");
    const open = await pendingCaseOf(admin.cookies, cheat.user.id);
    const noNotes = await sendAs(
      t.ctx.app,
      admin.cookies,
      "POST",
      `/api/admin/violations/${open.id}/decision`,
      {
        action: "warn",
        notes: " ",
      },
    );
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().message).toMatch(/note/);
    expect((await pendingCaseOf(admin.cookies, cheat.user.id)).status).toBe("pending");

    const warned = await sendAs(
      t.ctx.app,
      admin.cookies,
      "POST",
      `/api/admin/violations/${open.id}/decision`,
      {
        action: "warn",
        notes: "Please watch ads in full.",
      },
    );
    expect(warned.json().violation).toMatchObject({ status: "reviewed", actionTaken: "warn" });
    expect(await balanceOf(cheat.user.id)).toBe(25);
    const notices = await sendAs(t.ctx.app, cheat.cookies, "GET", "/api/notifications");
    expect(JSON.stringify(notices.json())).toContain("Please watch ads in full.");

    const missing = await sendAs(t.ctx.app, admin.cookies, "POST", "/api/admin/violations/999999/decision", {
      action: "dismiss",
      notes: "Nothing here",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("scores many accounts on one device, and the device itself", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const ad = await t.kit.publishAd(["SHARED-1"]);
    const phone = { "x-device-fingerprint": "shared-phone-1" };
    const accounts = await Promise.all(
      [1, 2, 3, 4].map((n) => signedInMember(t.ctx.database.db, `shared${n}`)),
    );
    for (const account of accounts) {
      const started = await sendAs(
        t.ctx.app,
        account.cookies,
        "POST",
        "/api/watch/sessions",
        { adId: ad.id },
        phone,
      );
      expect(started.statusCode).toBe(200);
    }
    const last = accounts[3]!;
    const risk = await sendAs(t.ctx.app, admin.cookies, "GET", `/api/admin/risk/users/${last.user.id}`);
    expect(risk.json()).toMatchObject({
      score: 30,
      reasons: [{ type: "many_accounts_on_device", text: "4 accounts on this device", points: 30 }],
    });
    const device = await sendAs(t.ctx.app, admin.cookies, "GET", "/api/admin/risk/devices/shared-phone-1");
    expect(device.json().summary).toBe("30: 4 accounts on this device");
    const page = await sendAs(t.ctx.app, admin.cookies, "GET", `/api/admin/users/${last.user.id}`);
    expect(page.json().devices).toEqual([
      expect.objectContaining({
        fingerprint: "shared-phone-1",
        accounts: 4,
        risk: expect.objectContaining({ summary: "30: 4 accounts on this device" }),
      }),
    ]);
    // Logged once a day per member and device, however often they open ads.
    await sendAs(t.ctx.app, last.cookies, "POST", "/api/watch/sessions", { adId: ad.id }, phone);
    const feed = await sendAs(
      t.ctx.app,
      admin.cookies,
      "GET",
      `/api/admin/fraud/events?type=many_accounts_on_device&userId=${last.user.id}`,
    );
    expect(feed.json().total).toBe(1);
  });

  it("refuses bad filters with a clear message", async () => {
    const admin = await signedInAdmin(t.ctx.database.db, "anticheat-admin");
    const bad = await sendAs(t.ctx.app, admin.cookies, "GET", "/api/admin/fraud/events?from=yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date and time/);
    const status = await sendAs(t.ctx.app, admin.cookies, "GET", "/api/admin/violations?status=maybe");
    expect(status.statusCode).toBe(400);
  });
});
