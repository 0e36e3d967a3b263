import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import type { PlanId } from "../../shared/plans";
import { createUser } from "../db/seed/factories";
import { createSession } from "../modules/auth/session.service";
import { signedInCompany, upload } from "./company-session";
import { createTestContext, sendAs, type TestContext, testClock } from "./test-app";

type Clock = ReturnType<typeof testClock>;

/**
 * Helpers for tests that publish ads and watch them through the real API: a company publishes a
 * 10-second image ad (minimum 80 %, so 8 s), members start views and report progress while the test
 * moves the server's clock.
 */
export function watchingKit(ctx: TestContext, clock: Clock) {
  let jpeg: Buffer | undefined;
  let members = 0;

  async function publishAd(
    codes: string[],
    change: Record<string, unknown> = {},
    plan: PlanId = "enterprise",
  ) {
    jpeg ??= await sharp({ create: { width: 720, height: 1280, channels: 3, background: "#7e22ce" } })
      .jpeg()
      .toBuffer();
    const { company, cookies } = await signedInCompany(ctx.app, ctx.database.db, { plan });
    const media = await upload(ctx.app, cookies, `/api/companies/${company.id}/media`, {
      file: { data: jpeg, name: "ad.jpg", type: "image/jpeg" },
    });
    const ad = await sendAs(ctx.app, cookies, "POST", `/api/companies/${company.id}/ads`, {
      title: "Watch me",
      category: "Food & Dining",
      mediaId: media.json().id,
      durationSeconds: 10,
      rewardType: "discount",
      discountPercent: 10,
      discountCodes: codes,
      xpPointsReward: 25,
      ...change,
    });
    if (ad.statusCode !== 200) throw new Error(`publishing failed: ${ad.body}`);
    return {
      ...(ad.json() as { id: number }),
      company,
      companyCookies: cookies,
      mediaId: media.json().id as number,
    };
  }

  /** A signed-in member; the session is made directly, as 200 sign-ins from one address would be rate limited. */
  async function member() {
    members++;
    const user = await createUser(ctx.database.db, {
      email: `viewer${members}@example.com`,
      username: `viewer${members}`,
    });
    const { token } = await createSession(
      ctx.database.db,
      { kind: "user", userId: user.id },
      { ipAddress: "10.0.0.1", userAgent: "test" },
    );
    return { user, cookies: { anigye_sid: token } };
  }

  // The app sends its device fingerprint with every call; fraud signals record it. Each member has a
  // phone of their own (many accounts on one device is a fraud signal of its own).
  const deviceOf = (cookies: Record<string, string>) => ({
    "x-device-fingerprint": `test-device-${(cookies.anigye_sid ?? "").slice(0, 12)}`,
  });
  const start = (cookies: Record<string, string>, adId: number) =>
    sendAs(ctx.app, cookies, "POST", "/api/watch/sessions", { adId }, deviceOf(cookies));
  const report = (
    cookies: Record<string, string>,
    sessionId: number,
    watchedSeconds: number,
    headers: Record<string, string> = {},
  ) =>
    sendAs(
      ctx.app,
      cookies,
      "POST",
      `/api/watch/sessions/${sessionId}/progress`,
      { watchedSeconds },
      { ...deviceOf(cookies), ...headers },
    );

  /**
   * Watches a 10-second ad past its minimum in (test-clock) real time; returns the final report (asked
   * with `headers`, e.g. the member's language).
   */
  async function watchToTheEnd(
    cookies: Record<string, string>,
    adId: number,
    headers: Record<string, string> = {},
  ) {
    const session = (await start(cookies, adId)).json();
    clock.advance(9_000);
    return report(cookies, session.sessionId, 9, headers);
  }

  return { publishAd, member, start, report, watchToTheEnd };
}

/**
 * One test file's app (fresh database, the server clock under the test's control) and its watching kit.
 * `ctx` and `kit` are ready inside tests (after beforeAll); the app is closed after the file.
 */
export function setUpWatchingTests() {
  const clock = testClock();
  let ctx: TestContext | undefined;
  let kit: ReturnType<typeof watchingKit> | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({ overrides: { now: clock.now } });
    kit = watchingKit(ctx, clock);
  });
  afterAll(() => ctx?.close());
  return {
    clock,
    get ctx() {
      if (!ctx) throw new Error("the test app starts in beforeAll");
      return ctx;
    },
    get kit() {
      if (!kit) throw new Error("the test app starts in beforeAll");
      return kit;
    },
  };
}
