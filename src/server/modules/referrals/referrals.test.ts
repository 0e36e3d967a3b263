import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";
import { notifications } from "../../db/schema/notifications";
import { referrals } from "../../db/schema/referrals";
import { signedInMember } from "../../test/members";
import { latestLinkTokenFor } from "../../test/outbox";
import { sendAs, sessionCookieFrom } from "../../test/test-app";
import { twiOf } from "../../test/twi-messages";
import { setUpWatchingTests } from "../../test/watching";
import { sumXpLedger } from "../ledger/ledger.service";

const t = setUpWatchingTests();
const db = () => t.ctx.database.db;

let registrations = 0;

/** Registers through the real API from its own address and device, as the web does. */
async function register(options: { referralCode?: unknown; fingerprint?: string; phoneNumber?: string }) {
  registrations++;
  const email = `joiner${registrations}@example.com`;
  const response = await t.ctx.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: `10.9.${registrations}.1`,
    headers: {
      "x-requested-with": "anigye",
      "sec-fetch-site": "same-origin",
      "x-device-fingerprint": options.fingerprint ?? `joiner-device-${registrations}`,
    },
    payload: {
      displayName: `Joiner ${registrations}`,
      username: `joiner${registrations}`,
      email,
      password: "plantain-chips-42",
      phoneNumber: options.phoneNumber,
      referralCode: options.referralCode,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, cookies: sessionCookieFrom(response), userId: response.json().user.id as number };
}

async function activate(joiner: { email: string; cookies: Record<string, string> }) {
  const token = await latestLinkTokenFor(db(), joiner.email, "verify");
  const verified = await sendAs(t.ctx.app, joiner.cookies, "POST", "/api/auth/verify-email", { token });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A verified watch of a 10-second ad from a given device. */
async function watch(cookies: Record<string, string>, adId: number, device: string) {
  const headers = { "x-device-fingerprint": device };
  const started = await sendAs(t.ctx.app, cookies, "POST", "/api/watch/sessions", { adId }, headers);
  expect(started.statusCode, started.body).toBe(200);
  t.clock.advance(9_000);
  const done = await sendAs(
    t.ctx.app,
    cookies,
    "POST",
    `/api/watch/sessions/${started.json().sessionId}/progress`,
    { watchedSeconds: 9 },
    headers,
  );
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

async function referrer() {
  const inviter = await t.kit.member();
  const [row] = await db().select().from(users).where(eq(users.id, inviter.user.id));
  return { ...inviter, code: row!.referralCode! };
}

const referralOf = async (referredId: number) =>
  (await db().select().from(referrals).where(eq(referrals.referredId, referredId)))[0];

const referralXpRows = (referredId: number) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, `referral:${referredId}`));

describe("referral link", () => {
  it("shows the member's link and counts; signed out is refused", async () => {
    const inviter = await referrer();
    const mine = await sendAs(t.ctx.app, inviter.cookies, "GET", "/api/referrals/mine");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      code: inviter.code,
      link: expect.stringMatching(new RegExp(`^https?://[^/]+/register\\?ref=${inviter.code}$`)),
      invited: 0,
      pending: 0,
      completed: 0,
      cancelled: 0,
      xpEarned: 0,
      referrals: [],
    });
    expect((await sendAs(t.ctx.app, {}, "GET", "/api/referrals/mine")).statusCode).toBe(401);
  });
});

describe("registering with a referral code", () => {
  it("records a pending referral and the signup device", async () => {
    const inviter = await referrer();
    const joiner = await register({
      referralCode: ` ${inviter.code.toLowerCase()} `,
      fingerprint: "kofi-phone",
    });
    expect(await referralOf(joiner.userId)).toMatchObject({
      referrerId: inviter.user.id,
      status: "pending",
      rewardGiven: false,
    });
    const [row] = await db().select().from(users).where(eq(users.id, joiner.userId));
    expect(row!.signupFingerprint).toBe("kofi-phone");
    expect(row!.referralCode).toMatch(/^[0-9A-F]{12}$/);
  });

  it("ignores an unknown, odd or own code without blocking the sign-up", async () => {
    for (const referralCode of ["NO-SUCH-CODE", "x".repeat(5_000), 42, null, ""]) {
      const joiner = await register({ referralCode });
      expect(await referralOf(joiner.userId)).toBeUndefined();
    }
  });
});

describe("completing a referral", () => {
  it("earns the referrer 50 XP once, on the referred member's first verified watch, and notifies them", async () => {
    const inviter = await referrer();
    const joiner = await register({ referralCode: inviter.code, fingerprint: "ama-phone" });
    const first = await t.kit.publishAd(["R1-A", "R1-B"]);
    const second = await t.kit.publishAd(["R2-A", "R2-B"]);

    // Not activated yet: no watching, nothing earned.
    expect(await referralOf(joiner.userId)).toMatchObject({ status: "pending" });
    await activate(joiner);
    await watch(joiner.cookies, first.id, "ama-phone");
    await watch(joiner.cookies, second.id, "ama-phone");

    expect(await referralOf(joiner.userId)).toMatchObject({
      status: "completed",
      rewardGiven: true,
      completedAt: expect.any(Date),
    });
    expect(await referralXpRows(joiner.userId)).toMatchObject([{ userId: inviter.user.id, amount: 50 }]);
    expect(await sumXpLedger(db(), inviter.user.id)).toBe(50);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, inviter.user.id), eq(notifications.type, "referral_completed")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ link: "/profile" });
    const [joined] = await db()
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, joiner.userId));
    const joinerName = joined!.displayName;
    expect(notices[0]!.message).toBe(
      `${joinerName} watched their first ad. You earned 50 XP for inviting them.`,
    );
    const inTwi = await sendAs(t.ctx.app, inviter.cookies, "GET", "/api/notifications", undefined, {
      "accept-language": "tw",
    });
    expect(inTwi.json().notifications[0]).toMatchObject({
      type: "referral_completed",
      title: twiOf("Your invite paid off"),
      message: twiOf("{name} watched their first ad. You earned {xp} XP for inviting them.", {
        name: joinerName,
        xp: 50,
      }),
    });

    const mine = (await sendAs(t.ctx.app, inviter.cookies, "GET", "/api/referrals/mine")).json();
    expect(mine).toMatchObject({ invited: 1, pending: 0, completed: 1, cancelled: 0, xpEarned: 50 });
    expect(mine.referrals).toEqual([
      {
        displayName: expect.stringMatching(/^Joiner /),
        status: "completed",
        joinedAt: expect.any(String),
        completedAt: expect.any(String),
        cancelReason: null,
      },
    ]);
    expect(JSON.stringify(mine)).not.toContain(joiner.email);
  });

  it("pays once when the referred member completes two watches at the same moment", async () => {
    const inviter = await referrer();
    const joiner = await register({ referralCode: inviter.code, fingerprint: "yaw-phone" });
    await activate(joiner);
    const one = await t.kit.publishAd(["P1-A"]);
    const two = await t.kit.publishAd(["P2-A"]);
    // Two sessions opened together (the second closes the first), then both reported together, twice over.
    const headers = { "x-device-fingerprint": "yaw-phone" };
    const starts = await Promise.all(
      [one.id, two.id].map((adId) =>
        sendAs(t.ctx.app, joiner.cookies, "POST", "/api/watch/sessions", { adId }, headers),
      ),
    );
    t.clock.advance(9_000);
    const reports = await Promise.all(
      [...starts, ...starts].map((s) =>
        sendAs(
          t.ctx.app,
          joiner.cookies,
          "POST",
          `/api/watch/sessions/${s.json().sessionId}/progress`,
          { watchedSeconds: 9 },
          headers,
        ),
      ),
    );
    expect(reports.some((r) => r.statusCode === 200)).toBe(true);
    expect(reports.every((r) => r.statusCode < 500)).toBe(true);
    expect(await referralXpRows(joiner.userId)).toHaveLength(1);
    expect(await sumXpLedger(db(), inviter.user.id)).toBe(50);
    expect(await referralOf(joiner.userId)).toMatchObject({ status: "completed" });
  });

  it("pays nothing for a referred member who never completes a watch", async () => {
    const inviter = await referrer();
    const joiner = await register({ referralCode: inviter.code });
    await activate(joiner);
    const ad = await t.kit.publishAd(["NEVER-1"]);
    const started = await sendAs(t.ctx.app, joiner.cookies, "POST", "/api/watch/sessions", { adId: ad.id });
    t.clock.advance(3_000);
    await sendAs(
      t.ctx.app,
      joiner.cookies,
      "POST",
      `/api/watch/sessions/${started.json().sessionId}/progress`,
      {
        watchedSeconds: 3,
      },
    );
    expect(await referralOf(joiner.userId)).toMatchObject({ status: "pending" });
    expect(await sumXpLedger(db(), inviter.user.id)).toBe(0);
    const mine = (await sendAs(t.ctx.app, inviter.cookies, "GET", "/api/referrals/mine")).json();
    expect(mine).toMatchObject({ invited: 1, pending: 1, completed: 0, xpEarned: 0 });
    expect(mine.referrals[0]).toMatchObject({ status: "pending", cancelReason: null });
  });
});

describe("self-referral", () => {
  it("is cancelled when the referred signs up on the referrer's signup device", async () => {
    const inviterAccount = await register({ fingerprint: "one-phone" });
    const [inviterRow] = await db().select().from(users).where(eq(users.id, inviterAccount.userId));
    const joiner = await register({ referralCode: inviterRow!.referralCode, fingerprint: "one-phone" });
    await activate(joiner);
    const ad = await t.kit.publishAd(["SELF-DEV-1"]);
    await watch(joiner.cookies, ad.id, "other-phone");
    expect(await referralOf(joiner.userId)).toMatchObject({
      status: "cancelled",
      cancelReason: "same_device",
    });
    expect(await referralXpRows(joiner.userId)).toHaveLength(0);
    expect(await sumXpLedger(db(), inviterAccount.userId)).toBe(0);
    // The inviter is told why it didn't count.
    const mine = (await sendAs(t.ctx.app, inviterAccount.cookies, "GET", "/api/referrals/mine")).json();
    expect(mine).toMatchObject({ invited: 1, cancelled: 1, xpEarned: 0 });
    expect(mine.referrals).toEqual([
      expect.objectContaining({ status: "cancelled", cancelReason: "same_device", completedAt: null }),
    ]);
  });

  it("is cancelled when the first watch comes from a device the referrer watched on", async () => {
    const inviter = await referrer();
    const warmUp = await t.kit.publishAd(["WARM-1"]);
    await watch(inviter.cookies, warmUp.id, "shared-tablet");
    const xpBefore = await sumXpLedger(db(), inviter.user.id);
    const joiner = await register({ referralCode: inviter.code, fingerprint: "fresh-phone" });
    await activate(joiner);
    const ad = await t.kit.publishAd(["SELF-DEV-2"]);
    await watch(joiner.cookies, ad.id, "shared-tablet");
    expect(await referralOf(joiner.userId)).toMatchObject({
      status: "cancelled",
      cancelReason: "same_device",
    });
    expect(await sumXpLedger(db(), inviter.user.id)).toBe(xpBefore);
  });

  it("is cancelled when both accounts carry the same phone number", async () => {
    const { user: inviter, cookies: inviterCookies } = await signedInMember(db(), "same-phone-inviter", {
      phoneNumber: "+233241110001",
      isPhoneVerified: true,
    });
    const [row] = await db().select().from(users).where(eq(users.id, inviter.id));
    const joiner = await register({ referralCode: row!.referralCode, phoneNumber: "0241110001" });
    await activate(joiner);
    const ad = await t.kit.publishAd(["SELF-PHONE-1"]);
    await watch(joiner.cookies, ad.id, "phone-two");
    expect(await referralOf(joiner.userId)).toMatchObject({
      status: "cancelled",
      cancelReason: "same_phone",
    });
    expect(await sumXpLedger(db(), inviter.id)).toBe(0);
    const mine = (await sendAs(t.ctx.app, inviterCookies, "GET", "/api/referrals/mine")).json();
    expect(mine.referrals).toEqual([
      expect.objectContaining({ status: "cancelled", cancelReason: "same_phone" }),
    ]);
  });
});
