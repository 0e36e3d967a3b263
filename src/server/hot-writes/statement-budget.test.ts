import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberChangedChannel } from "../db/member-changes";
import { statementShapeSteps } from "../db/prepared";
import { rewards } from "../db/schema";
import { campaignViews } from "../db/schema/money";
import { transferMoney } from "../modules/money";
import { shopWithCounter } from "../test/counter-shop";
import { signedInMember } from "../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../test/test-app";
import { watchingKit } from "../test/watching";

/**
 * The hot writes stay cheap: each counts the statements it sends to the database (transaction control
 * aside) with the instance's kept sessions warm, and fails past its budget
 * (docs/product-rules.md#hot-writes-statement-budgets).
 */
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
const sent: string[] = [];
/** Transaction control among them (begin and commit reach the log on PostgreSQL only; savepoints on both). */
const control: string[] = [];
/** Every round trip, transaction control included. */
let roundTrips = 0;
let counting = false;
let ctx: TestContext;
/** Every request goes to the instance whose statements are counted (and whose sessions are kept). */
let one: TestContext;
let kit: ReturnType<typeof watchingKit>;

beforeAll(async () => {
  ctx = await createTestContext({
    overrides: { now: clock.now },
    keepMemberState: true,
    onStatement: (text) => {
      if (!counting) return;
      roundTrips++;
      if (!/^(begin|commit|rollback|savepoint|release)/i.test(text.trim())) sent.push(text);
      else control.push(text.trim());
    },
  });
  one = { ...ctx, app: ctx.oneInstance };
  kit = watchingKit(one, clock);
});
afterAll(() => ctx.close());

const device = { "x-device-fingerprint": "budget-phone" };

/**
 * Waits until the instance has heard every change notice sent so far. A sentinel notice, sent after
 * them, arrives after them: PostgreSQL delivers notices in commit order. Without this, a late notice
 * about the setup's own writes (on a busy machine) can drop a kept session after the warm-up, and the
 * count would measure the notice's timing instead of the write.
 */
let sentinels = 0;
async function noticesHeard() {
  const changes = ctx.database.memberChanges;
  const sentinel = 2_000_000_000 + ++sentinels;
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = changes.subscribe({ changed: (id) => id === sentinel && resolve(), lost: () => undefined });
  });
  try {
    while (!changes.live) await new Promise((resolve) => setTimeout(resolve, 10));
    await ctx.database.db.execute(sql`select pg_notify(${memberChangedChannel}, ${String(sentinel)})`);
    await heard;
  } finally {
    stop();
  }
}

/** The statements `operation` sends, after `warm` has run once so kept sessions are in place. */
async function statementsOf(
  operation: () => Promise<{ statusCode: number; body: string }>,
  expectedStatus = 200,
) {
  sent.length = 0;
  control.length = 0;
  roundTrips = 0;
  counting = true;
  try {
    const response = await operation();
    expect(response.statusCode, response.body).toBe(expectedStatus);
  } finally {
    counting = false;
  }
  if (process.env.SHOW_STATEMENTS) console.log(sent.join("\n---\n"));
  return [...sent];
}

/** GH₵ 100 onto a business's balance, as a settled top-up moves it. */
function topUpForTests(companyId: number) {
  return transferMoney(ctx.database.db, {
    from: { kind: "money_received", companyId },
    to: { kind: "company_balance", companyId },
    amountPesewas: 10_000,
    kind: "top_up",
    idempotencyKey: `budget-top-up:${companyId}`,
    at: clock.now(),
  });
}

async function chargedViews(adId: number) {
  const [row] = await ctx.database.db
    .select({ charged: count() })
    .from(campaignViews)
    .innerJoin(rewards, eq(rewards.id, campaignViews.rewardId))
    .where(and(eq(rewards.adId, adId), eq(campaignViews.outcome, "charged")));
  return row?.charged ?? 0;
}

describe("statement budgets of the hot writes", () => {
  it("stamps a card in 2 round trips, the first stamp included, and refuses a second in 2", async () => {
    const shop = await shopWithCounter(one, "budget-stamps", { requiredVisits: 5 });
    const member = await signedInMember(ctx.database.db, "stamped");
    const qr = () => sendAs(one.app, member.cookies, "GET", "/api/loyalty/qr").then((r) => r.json());
    const stamp = async (expectedStatus = 200) => {
      await noticesHeard();
      await sendAs(one.app, shop.staff, "GET", "/api/merchant/me");
      const { qrData } = await qr();
      await statementsOf(
        () =>
          sendAs(
            one.app,
            shop.staff,
            "POST",
            "/api/merchant/scans",
            { qrData, action: "stamp", purchaseAmount: 30 },
            device,
          ),
        expectedStatus,
      );
      return roundTrips;
    };
    // The member's read (with the logged answer), then the stamp with its log row: no transaction around them.
    expect(await stamp()).toBe(2);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await stamp()).toBe(2);
    // A second stamp the same day is refused from the member's read, then logged.
    expect(await stamp(409)).toBe(2);
  });

  it("compiles a stamp's statements once: another member's first stamp adds no shape", async () => {
    const shop = await shopWithCounter(one, "budget-shapes", { requiredVisits: 5 });
    const firstStamp = async (name: string) => {
      const member = await signedInMember(ctx.database.db, name);
      const { qrData } = await sendAs(one.app, member.cookies, "GET", "/api/loyalty/qr").then((r) =>
        r.json(),
      );
      const answer = await sendAs(one.app, shop.staff, "POST", "/api/merchant/scans", {
        qrData,
        action: "stamp",
        purchaseAmount: 30,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const shapes = () => ["scanned_member", "counter_stamp"].map(statementShapeSteps);
    await firstStamp("shaped-1");
    const warm = shapes();
    expect(Math.min(...warm)).toBeGreaterThan(0);
    await firstStamp("shaped-2");
    await firstStamp("shaped-3");
    expect(shapes()).toEqual(warm);
  });

  it("gives points in 2 round trips", async () => {
    const shop = await shopWithCounter(one, "budget-points");
    const member = await signedInMember(ctx.database.db, "pointed");
    await noticesHeard();
    await sendAs(one.app, shop.staff, "GET", "/api/merchant/me");
    const { qrData } = await sendAs(one.app, member.cookies, "GET", "/api/loyalty/qr").then((r) => r.json());
    await statementsOf(() =>
      sendAs(one.app, shop.staff, "POST", "/api/merchant/points", { qrData, points: 10 }, device),
    );
    // The member (with the logged answer and the grant's settings), then the grant with its credit, the
    // code's use and the log row: no transaction around them.
    expect(roundTrips).toBe(2);
  });

  it("redeems a reward QR in at most 4 statements", async () => {
    const ad = await kit.publishAd(["BUDGET1"]);
    const shop = await shopWithCounter(one, "budget-redeem");
    const member = await signedInMember(ctx.database.db, "redeemer");
    const [reward] = await ctx.database.db
      .insert(rewards)
      .values({
        adId: ad.id,
        userId: member.user.id,
        companyId: shop.companyId,
        rewardType: "discount",
        discountPercent: 10,
        discountCode: "B-1",
      })
      .returning();
    await noticesHeard();
    await sendAs(one.app, shop.staff, "GET", "/api/merchant/me");
    const qr = (await sendAs(one.app, member.cookies, "POST", `/api/rewards/${reward!.id}/qr`)).json();
    const statements = await statementsOf(() =>
      sendAs(
        one.app,
        shop.staff,
        "POST",
        "/api/merchant/scans",
        { qrData: qr.qrData, action: "redeem" },
        device,
      ),
    );
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it("reports a view in progress in one statement", async () => {
    const ad = await kit.publishAd(["W1"]);
    const viewer = await kit.member();
    const view = (await kit.start(viewer.cookies, ad.id)).json();
    clock.advance(3_000);
    await kit.report(viewer.cookies, view.sessionId, 3);
    clock.advance(3_000);
    const statements = await statementsOf(() => kit.report(viewer.cookies, view.sessionId, 6));
    expect(statements.length).toBe(1);
  });

  it("applies many members' reports arriving together in a few statements, each answered on its own", async () => {
    const ad = await kit.publishAd(["W2"]);
    const viewers: { viewer: Awaited<ReturnType<typeof kit.member>>; view: { sessionId: number } }[] = [];
    for (let n = 0; n < 30; n += 1) {
      const viewer = await kit.member();
      viewers.push({ viewer, view: (await kit.start(viewer.cookies, ad.id)).json() });
    }
    // One report each first, so every member's session is kept and the next reports go straight to work.
    clock.advance(1_000);
    for (const { viewer, view } of viewers) await kit.report(viewer.cookies, view.sessionId, 1);
    clock.advance(3_000);
    await noticesHeard();
    sent.length = 0;
    counting = true;
    const answers = await Promise.all(
      viewers.map(({ viewer, view }, n) =>
        // Each reports its own seconds; the last claims more than real time allows.
        kit.report(viewer.cookies, view.sessionId, n === viewers.length - 1 ? 30 : 2 + (n % 3)),
      ),
    );
    counting = false;
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Progress is ahead of real time; keep watching");
    answers.slice(0, -1).forEach((answer, n) => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        sessionId: viewers[n]!.view.sessionId,
        watchedSeconds: 2 + (n % 3),
      });
    });
    // The 29 ordinary reports in one or two batches; the refused one takes its own full path (a read, the
    // fraud signal and its settings).
    const batches = sent.filter((text) => text.trim().startsWith("with report as"));
    expect(batches.length).toBeLessThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(8);
  });

  // 17 statements before campaigns; their charge may add at most 2 (one now, campaign or not).
  it("completes a view, charging its campaign, in at most 17 statements and no savepoint", async () => {
    const openAd = { useCustomCode: true, customDiscountCode: "BUDGET10" };
    const plain = await kit.publishAd([], openAd);
    const paid = await kit.publishAd([], openAd);
    await topUpForTests(paid.company.id);
    const campaign = await sendAs(
      one.app,
      paid.companyCookies,
      "POST",
      `/api/companies/${paid.company.id}/campaigns`,
      {
        adId: paid.id,
        pricePerViewPesewas: 50,
        dailyCapPesewas: 10_000,
        totalBudgetPesewas: 100_000,
      },
    );
    expect(campaign.statusCode, campaign.body).toBe(201);

    /** The statements of one member's completing report (after a report in progress has warmed up). */
    async function completingStatements(adId: number) {
      const viewer = await kit.member();
      const view = (await kit.start(viewer.cookies, adId)).json();
      clock.advance(3_000);
      await kit.report(viewer.cookies, view.sessionId, 3);
      clock.advance(6_000);
      await noticesHeard();
      const statements = await statementsOf(() => kit.report(viewer.cookies, view.sessionId, 9));
      return { statements, savepoints: control.filter((text) => /^(savepoint|release)/i.test(text)) };
    }
    const withoutCampaign = await completingStatements(plain.id);
    const withCampaign = await completingStatements(paid.id);
    expect(await chargedViews(paid.id)).toBe(1);
    expect(withoutCampaign.statements.length).toBeLessThanOrEqual(17);
    expect(withCampaign.statements.length).toBeLessThanOrEqual(17);
    // No savepoint (two round trips each time): a refused reward runs the whole transaction again.
    expect(withoutCampaign.savepoints).toEqual([]);
    expect(withCampaign.savepoints).toEqual([]);
  });
});
