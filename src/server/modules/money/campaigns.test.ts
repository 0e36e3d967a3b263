import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { antiCheatViolations, fraudDetection } from "../../db/schema/fraud";
import { adCampaigns, campaignViews } from "../../db/schema/money";
import { rewards } from "../../db/schema/rewards";
import { signedInAdmin, signedInMember } from "../../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../../test/test-app";
import { watchingKit } from "../../test/watching";
import { checkMoneyLedger, refundReversedViews, transferMoney } from "./index";

// Pay-per-view campaigns (docs/product-rules.md#pay-per-view-campaigns): the last hour of the Accra day, so
// the day's pace allows all of a day's budget unless a test moves the clock.
const lastHour = new Date("2026-12-01T23:00:00Z");
const clock = testClock(lastHour);
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  kit = watchingKit(ctx, clock);
});
afterAll(() => ctx.close());
afterEach(async () => {
  clock.set(lastHour);
  expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({ balanced: true, totalPesewas: 0 });
});

let topUps = 0;
/** Money onto a business's balance, as a settled top-up moves it. */
function topUp(companyId: number, amountPesewas: number) {
  return transferMoney(ctx.database.db, {
    from: { kind: "money_received", companyId },
    to: { kind: "company_balance", companyId },
    amountPesewas,
    kind: "top_up",
    idempotencyKey: `test-top-up:${++topUps}`,
    at: clock.now(),
  });
}

type Published = Awaited<ReturnType<typeof kit.publishAd>>;

/** A business's ad that gives every watcher the same code, so any number of members can earn it. */
function publishOpenAd() {
  return kit.publishAd([], { useCustomCode: true, customDiscountCode: "CAMPAIGN10" });
}

function startCampaign(ad: Published, body: Record<string, unknown> = {}) {
  return sendAs(ctx.app, ad.companyCookies, "POST", `/api/companies/${ad.company.id}/campaigns`, {
    adId: ad.id,
    pricePerViewPesewas: 50,
    dailyCapPesewas: 10_000,
    totalBudgetPesewas: 100_000,
    ...body,
  });
}

async function campaignOn(ad: Published, body: Record<string, unknown> = {}) {
  const created = await startCampaign(ad, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number };
}

function changeCampaign(ad: Published, campaignId: number, body: Record<string, unknown>) {
  return sendAs(
    ctx.app,
    ad.companyCookies,
    "PATCH",
    `/api/companies/${ad.company.id}/campaigns/${campaignId}`,
    body,
  );
}

async function campaignsOf(ad: Published) {
  const listed = await sendAs(ctx.app, ad.companyCookies, "GET", `/api/companies/${ad.company.id}/campaigns`);
  expect(listed.statusCode).toBe(200);
  return listed.json().campaigns as Record<string, unknown>[];
}

async function walletOf(ad: Published) {
  return (await sendAs(ctx.app, ad.companyCookies, "GET", `/api/companies/${ad.company.id}/wallet`)).json();
}

/** A new member watches the ad to the end; the answer of the completing report. */
async function newMemberWatches(ad: Published) {
  const viewer = await kit.member();
  const done = await kit.watchToTheEnd(viewer.cookies, ad.id);
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().reward).toBeTruthy();
  return viewer;
}

/** A member watches the ad to the end on a given phone (its device fingerprint), earning its reward. */
async function watchesOnPhone(
  viewer: { cookies: Record<string, string> },
  adId: number,
  phone: Record<string, string>,
) {
  const view = await sendAs(ctx.app, viewer.cookies, "POST", "/api/watch/sessions", { adId }, phone);
  expect(view.statusCode, view.body).toBe(200);
  clock.advance(9_000);
  const done = await kit.report(viewer.cookies, view.json().sessionId, 9, phone);
  expect(done.json().reward).toBeTruthy();
}

async function outcomesOf(campaignId: number) {
  const rows = await ctx.database.db
    .select({ outcome: campaignViews.outcome })
    .from(campaignViews)
    .where(eq(campaignViews.campaignId, campaignId))
    .orderBy(campaignViews.id);
  return rows.map((row) => row.outcome);
}

/** Whether a member may open the ad now (what Discover offers). */
async function offeredTo(cookies: Record<string, string>, adId: number) {
  return (await sendAs(ctx.app, cookies, "GET", `/api/ads/${adId}`)).statusCode === 200;
}

describe("starting and changing a campaign", () => {
  it("starts a campaign on the owner's ad and lists it with its spend", async () => {
    const ad = await publishOpenAd();
    const created = await startCampaign(ad, { endsOn: "2026-12-31" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      adId: ad.id,
      adTitle: "Watch me",
      status: "active",
      pricePerViewPesewas: 50,
      dailyCapPesewas: 10_000,
      totalBudgetPesewas: 100_000,
      endsOn: "2026-12-31",
      spentTodayPesewas: 0,
      spentPesewas: 0,
      // Nothing on the balance yet: the ad waits for a top-up.
      offeredNow: false,
    });
    await topUp(ad.company.id, 1_000);
    expect(await campaignsOf(ad)).toMatchObject([{ id: created.json().id, offeredNow: true }]);
    const listed = await sendAs(
      ctx.app,
      ad.companyCookies,
      "GET",
      `/api/companies/${ad.company.id}/campaigns`,
    );
    expect(listed.json().minPricePerViewPesewas).toBe(10);
  });

  it("refuses a price under the admin's minimum, caps that can't pay for one view, and a second campaign", async () => {
    const ad = await publishOpenAd();
    expect((await startCampaign(ad, { pricePerViewPesewas: 9 })).json()).toMatchObject({
      code: "VALIDATION",
      message: "The price per view is at least GH₵ 0.10",
    });
    const admin = await signedInAdmin(ctx.database.db);
    const raised = await sendAs(
      ctx.app,
      admin.cookies,
      "PUT",
      "/api/admin/settings/campaign_min_price_pesewas",
      {
        value: 25,
      },
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await startCampaign(ad, { pricePerViewPesewas: 20 })).json().message).toBe(
      "The price per view is at least GH₵ 0.25",
    );
    await sendAs(ctx.app, admin.cookies, "PUT", "/api/admin/settings/campaign_min_price_pesewas", {
      value: 10,
    });

    expect((await startCampaign(ad, { dailyCapPesewas: 40 })).json()).toMatchObject({
      message: "The daily cap must pay for at least one view (GH₵ 0.50)",
      fields: { dailyCapPesewas: "The daily cap must pay for at least one view (GH₵ 0.50)" },
    });
    expect((await startCampaign(ad, { totalBudgetPesewas: 10 })).json().message).toBe(
      "The total budget must pay for at least one view (GH₵ 0.50)",
    );
    expect((await startCampaign(ad, { endsOn: "2026-11-30" })).json().message).toBe(
      "The last day can't be in the past",
    );
    expect((await startCampaign(ad, { pricePerViewPesewas: 1.5 })).statusCode).toBe(400);

    expect((await startCampaign(ad)).statusCode).toBe(201);
    const again = await startCampaign(ad);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This ad already has a campaign. Change that campaign instead.");
    expect(await campaignsOf(ad)).toHaveLength(1);
  });

  it("lets only the owner start or change a campaign, and the owner or an admin read them", async () => {
    const ad = await publishOpenAd();
    const other = await publishOpenAd();
    const url = `/api/companies/${ad.company.id}/campaigns`;
    const body = { adId: ad.id, pricePerViewPesewas: 50, dailyCapPesewas: 500, totalBudgetPesewas: 5_000 };

    // Another business can't run a campaign on this ad, from its own account or this one's address.
    expect((await sendAs(ctx.app, other.companyCookies, "POST", url, body)).statusCode).toBe(403);
    const onOthersAd = await startCampaign(other, { adId: ad.id });
    expect(onOthersAd.json()).toMatchObject({ code: "VALIDATION", message: "Choose one of your ads" });

    const member = await signedInMember(ctx.database.db, "campaign-member");
    expect((await sendAs(ctx.app, member.cookies, "POST", url, body)).statusCode).toBe(401);
    expect((await sendAs(ctx.app, {}, "GET", url)).statusCode).toBe(401);
    expect((await sendAs(ctx.app, member.cookies, "GET", url)).statusCode).toBe(403);
    const admin = await signedInAdmin(ctx.database.db);
    expect((await sendAs(ctx.app, admin.cookies, "POST", url, body)).statusCode).toBe(401);

    const { id } = await campaignOn(ad, body);
    expect((await sendAs(ctx.app, admin.cookies, "GET", url)).json().campaigns).toHaveLength(1);
    const patchUrl = `${url}/${id}`;
    expect((await sendAs(ctx.app, admin.cookies, "PATCH", patchUrl, { status: "paused" })).statusCode).toBe(
      401,
    );
    expect(
      (await sendAs(ctx.app, other.companyCookies, "PATCH", patchUrl, { status: "paused" })).statusCode,
    ).toBe(403);
    // The other business's own address with this campaign's id finds nothing.
    const foreign = await changeCampaign(other, id, { status: "paused" });
    expect(foreign.statusCode).toBe(404);
    expect((await campaignsOf(ad))[0]).toMatchObject({ status: "active" });
  });

  it("pauses, resumes and changes caps, never below what is spent", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);
    await newMemberWatches(ad);

    expect((await changeCampaign(ad, id, {})).json().message).toBe(
      "Change the status, the daily cap or the budget",
    );
    expect((await changeCampaign(ad, id, { totalBudgetPesewas: 49 })).json().message).toBe(
      "The total budget must pay for at least one view (GH₵ 0.50)",
    );
    const belowSpent = await changeCampaign(ad, id, { totalBudgetPesewas: 50, status: "paused" });
    expect(belowSpent.statusCode).toBe(200);
    expect(belowSpent.json()).toMatchObject({ status: "paused", totalBudgetPesewas: 50, spentPesewas: 50 });
    expect((await changeCampaign(ad, id, { totalBudgetPesewas: 60 })).statusCode).toBe(200);
    const raised = await changeCampaign(ad, id, {
      status: "active",
      dailyCapPesewas: 5_000,
      totalBudgetPesewas: 500,
    });
    expect(raised.json()).toMatchObject({
      status: "active",
      dailyCapPesewas: 5_000,
      totalBudgetPesewas: 500,
    });
  });
});

describe("charging completed views", () => {
  it("charges each member's first completed view once, from the balance to Anigye's revenue", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);

    const viewer = await newMemberWatches(ad);
    await newMemberWatches(ad);
    // Watching it again earns nothing new, so costs the business nothing.
    const again = await kit.watchToTheEnd(viewer.cookies, ad.id);
    expect(again.json().reward).toBeNull();

    const wallet = await walletOf(ad);
    expect(wallet.balancePesewas).toBe(900);
    expect(wallet.entries).toMatchObject([
      { kind: "view_charge", amountPesewas: -50, balanceAfterPesewas: 900, campaignId: id },
      { kind: "view_charge", amountPesewas: -50, balanceAfterPesewas: 950, campaignId: id },
      { kind: "top_up", amountPesewas: 1_000, balanceAfterPesewas: 1_000 },
    ]);
    expect((await campaignsOf(ad))[0]).toMatchObject({ spentTodayPesewas: 100, spentPesewas: 100 });
    expect(await outcomesOf(id)).toEqual(["charged", "charged"]);
  });

  it("stops charging at the daily cap, leaves Discover, and starts again the next Accra day", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad, { dailyCapPesewas: 100 });
    const onlooker = await kit.member();
    // Already watching when the day's money runs out: still rewarded, not charged.
    const late = await kit.member();
    const lateView = (await kit.start(late.cookies, ad.id)).json();

    await newMemberWatches(ad);
    await newMemberWatches(ad);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);
    const discover = (await sendAs(ctx.app, onlooker.cookies, "GET", "/api/ads/discovery")).json();
    expect(discover.map((card: { id: number }) => card.id)).not.toContain(ad.id);
    expect((await kit.start(onlooker.cookies, ad.id)).json().message).toBe("This ad is not available");
    const lateDone = await kit.report(late.cookies, lateView.sessionId, 9);
    expect(lateDone.json().reward).toBeTruthy();

    expect((await walletOf(ad)).balancePesewas).toBe(900);
    expect(await outcomesOf(id)).toEqual(["charged", "charged", "unfunded"]);
    expect((await campaignsOf(ad))[0]).toMatchObject({ spentTodayPesewas: 100, offeredNow: false });

    clock.set(new Date("2026-12-02T09:00:00Z"));
    expect((await campaignsOf(ad))[0]).toMatchObject({
      spentTodayPesewas: 0,
      spentPesewas: 100,
      offeredNow: true,
    });
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    await newMemberWatches(ad);
    expect((await walletOf(ad)).balancePesewas).toBe(850);
  });

  it("stops at the total budget until the owner raises it, and at the balance until a top-up", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 120);
    const { id } = await campaignOn(ad, { totalBudgetPesewas: 50 });
    const onlooker = await kit.member();
    await newMemberWatches(ad);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);

    await changeCampaign(ad, id, { totalBudgetPesewas: 1_000 });
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    await newMemberWatches(ad);
    // GH₵ 0.20 left: less than a view, so the ad waits for a top-up.
    expect((await walletOf(ad)).balancePesewas).toBe(20);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);
    await topUp(ad.company.id, 500);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    await newMemberWatches(ad);
    expect((await walletOf(ad)).balancePesewas).toBe(470);
    expect(await outcomesOf(id)).toEqual(["charged", "charged", "charged"]);
  });

  it("leaves a paused campaign's ad out of Discover and doesn't charge a view that was under way", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);
    const watcher = await kit.member();
    const view = (await kit.start(watcher.cookies, ad.id)).json();
    await changeCampaign(ad, id, { status: "paused" });
    expect(await offeredTo(watcher.cookies, ad.id)).toBe(false);
    clock.advance(9_000);
    expect((await kit.report(watcher.cookies, view.sessionId, 9)).json().reward).toBeTruthy();
    expect(await outcomesOf(id)).toEqual(["unfunded"]);
    expect((await walletOf(ad)).balancePesewas).toBe(1_000);
  });

  it("spreads a day's budget through the Accra day", async () => {
    // At 00:30 the first hour of 24 has begun: a GH₵ 24 day may have spent GH₵ 1 (one view at GH₵ 1).
    clock.set(new Date("2026-12-03T00:30:00Z"));
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 10_000);
    await campaignOn(ad, { pricePerViewPesewas: 100, dailyCapPesewas: 2_400 });
    const onlooker = await kit.member();
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    await newMemberWatches(ad);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);
    clock.set(new Date("2026-12-03T01:00:00Z"));
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    await newMemberWatches(ad);
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);
  });

  it("ends a campaign after its last day, and the ad goes back to its plan", async () => {
    const ad = await publishOpenAd();
    const { id } = await campaignOn(ad, { endsOn: "2026-12-01" });
    const onlooker = await kit.member();
    // No balance: the campaign keeps the ad out of Discover while it runs.
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(false);
    clock.set(new Date("2026-12-02T08:00:00Z"));
    expect(await offeredTo(onlooker.cookies, ad.id)).toBe(true);
    expect((await campaignsOf(ad))[0]).toMatchObject({ id, status: "ended" });
    expect((await changeCampaign(ad, id, { status: "active" })).json().message).toBe(
      "This campaign has ended. Start a new one on the ad instead.",
    );
    await newMemberWatches(ad);
    expect(await outcomesOf(id)).toEqual([]);
    expect((await startCampaign(ad)).statusCode).toBe(201);
  });
});

describe("the books", () => {
  it("find a campaign whose spend differs from its charges", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);
    await newMemberWatches(ad);
    const setSpent = (spentPesewas: number) =>
      ctx.database.db.update(adCampaigns).set({ spentPesewas }).where(eq(adCampaigns.id, id));
    await setSpent(70);
    expect(await checkMoneyLedger(ctx.database.db)).toMatchObject({
      balanced: false,
      campaignsMismatched: [{ campaignId: id, spentPesewas: 70, fromTransfersPesewas: 50 }],
    });
    await setSpent(50);
  });
});

describe("invalid views", () => {
  it("doesn't charge a view the anti-cheat rules flag: too fast, a device another account used, a risky member", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);

    // Too fast: a report ahead of real time is refused and logged; the view then completes honestly.
    const hasty = await kit.member();
    const hastyView = (await kit.start(hasty.cookies, ad.id)).json();
    clock.advance(2_000);
    expect((await kit.report(hasty.cookies, hastyView.sessionId, 9)).statusCode).toBe(400);
    clock.advance(8_000);
    expect((await kit.report(hasty.cookies, hastyView.sessionId, 9)).json().reward).toBeTruthy();

    // Same device: a second account earning the same ad's reward on a phone that already earned it.
    const first = await kit.member();
    const second = await kit.member();
    const phone = { "x-device-fingerprint": "one-shared-phone" };
    for (const viewer of [first, second]) await watchesOnPhone(viewer, ad.id, phone);

    // A member with an open anti-cheat case (their risk reached the threshold).
    const risky = await kit.member();
    await ctx.database.db
      .insert(antiCheatViolations)
      .values({ userId: risky.user.id, violationType: "risk_threshold", evidenceData: {} });
    await newMemberWatches(ad).then(() => undefined);
    const riskyDone = await kit.watchToTheEnd(risky.cookies, ad.id);
    expect(riskyDone.json().reward).toBeTruthy();

    expect(await outcomesOf(id)).toEqual(["invalid", "charged", "invalid", "charged", "invalid"]);
    expect((await walletOf(ad)).balancePesewas).toBe(900);
    const signals = await ctx.database.db
      .select()
      .from(fraudDetection)
      .where(eq(fraudDetection.userId, hasty.user.id));
    expect(signals.map((signal) => signal.eventType)).toContain("watch_faster_than_real_time");
  });
});

describe("caps under load", () => {
  it("charges exactly 10 of 500 views completing at once against a cap of 10 views", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 100_000);
    const { id } = await campaignOn(ad, { pricePerViewPesewas: 10, dailyCapPesewas: 100 });
    const viewers = [];
    for (let i = 0; i < 500; i++) viewers.push(await kit.member());
    // 500 views opened at once can also meet a full pool ("try again in a moment", 503): the app opens
    // such a view again, as here.
    const views: { sessionId: number }[] = [];
    for (let round = 0; round < 10 && views.filter(Boolean).length < viewers.length; round++) {
      const waiting = viewers.flatMap((viewer, i) => (views[i] ? [] : [{ viewer, i }]));
      const started = await Promise.all(waiting.map(({ viewer }) => kit.start(viewer.cookies, ad.id)));
      started.forEach((answer, k) => {
        if (answer.statusCode !== 503) views[waiting[k]!.i] = answer.json();
      });
    }
    expect(views.every((view) => typeof view.sessionId === "number")).toBe(true);
    clock.advance(9_000);

    // 500 at once are more than two instances' pools take in 5 s: some are answered 503 "try again in a
    // moment", and the app sends those again at its next 2-second tick, as here.
    const answers = new Map<number, { statusCode: number; json(): { reward: unknown } }>();
    for (let round = 0; round < 10 && answers.size < viewers.length; round++) {
      const waiting = viewers.flatMap((viewer, i) => (answers.has(i) ? [] : [{ viewer, i }]));
      const sent = await Promise.all(
        waiting.map(({ viewer, i }) => kit.report(viewer.cookies, views[i]!.sessionId, 9)),
      );
      sent.forEach((answer, k) => {
        if (answer.statusCode !== 503) answers.set(waiting[k]!.i, answer);
      });
    }
    const done = [...answers.values()];
    expect(done.filter((answer) => answer.statusCode === 200 && answer.json().reward)).toHaveLength(500);

    const outcomes = await outcomesOf(id);
    expect(outcomes.filter((outcome) => outcome === "charged")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === "unfunded")).toHaveLength(490);
    expect((await walletOf(ad)).balancePesewas).toBe(100_000 - 100);
    const [campaign] = await ctx.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(campaign).toMatchObject({ spentPesewas: 100, spentTodayPesewas: 100 });
  });
});

describe("a campaign's report", () => {
  function reportOf(ad: Published, campaignId: number, query = "", cookies = ad.companyCookies) {
    return sendAs(
      ctx.app,
      cookies,
      "GET",
      `/api/companies/${ad.company.id}/campaigns/${campaignId}/report${query}`,
    );
  }

  it("shows each day's charged, free and refunded views, the spend and the rewards used, as JSON and CSV", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad, { dailyCapPesewas: 100 });
    // Started before the day's cap was reached, completed after it: free.
    const late = await kit.member();
    const lateView = (await kit.start(late.cookies, ad.id)).json();
    const redeemer = await newMemberWatches(ad);
    const reversed = await newMemberWatches(ad);
    expect((await kit.report(late.cookies, lateView.sessionId, 9)).json().reward).toBeTruthy();
    const phone = { "x-device-fingerprint": "report-shared-phone" };
    // The next day, two accounts on one phone: the second is free.
    clock.set(new Date("2026-12-02T23:00:00Z"));
    for (const viewer of [await kit.member(), await kit.member()]) await watchesOnPhone(viewer, ad.id, phone);
    // A reward used at the counter, and an admin reversing what another member earned from the ad.
    await ctx.database.db
      .update(rewards)
      .set({ isUsed: true, usedAt: clock.now() })
      .where(eq(rewards.userId, redeemer.user.id));
    await reverseEarningsOf(reversed.user.id, ad.id);

    const report = await reportOf(ad, id, "?from=2026-11-30&to=2026-12-02");
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({
      campaignId: id,
      from: "2026-11-30",
      to: "2026-12-02",
      days: [
        {
          date: "2026-11-30",
          completedViews: 0,
          chargedViews: 0,
          invalidViews: 0,
          refundedViews: 0,
          spendPesewas: 0,
          redemptions: 0,
        },
        {
          date: "2026-12-01",
          completedViews: 3,
          chargedViews: 2,
          invalidViews: 0,
          refundedViews: 1,
          spendPesewas: 50,
          redemptions: 1,
        },
        {
          date: "2026-12-02",
          completedViews: 2,
          chargedViews: 1,
          invalidViews: 1,
          refundedViews: 0,
          spendPesewas: 50,
          redemptions: 0,
        },
      ],
      // GH₵ 1.00 spent (one of three charges refunded) over 5 completed views and 1 redemption.
      costPerCompletedViewPesewas: 20,
      costPerRedemptionPesewas: 100,
    });
    const byDefault = (await reportOf(ad, id)).json();
    expect(byDefault).toMatchObject({ from: "2026-12-01", to: "2026-12-02" });
    // Up to a day more than 92 after the campaign began, the report starts 92 days before it.
    expect((await reportOf(ad, id, "?to=2027-06-01")).json()).toMatchObject({ from: "2027-03-02" });

    const csvUrl = `/api/companies/${ad.company.id}/campaigns/${id}/report.csv`;
    const csv = await sendAs(ctx.app, ad.companyCookies, "GET", csvUrl);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe(
      "date,completed_views,charged_views,invalid_views,refunded_views,spend_ghs,redemptions\n" +
        "2026-12-01,3,2,0,1,0.50,1\n2026-12-02,2,1,1,0,0.50,0\n",
    );

    // The refund is on the balance, and the campaign's spend gave it back.
    const wallet = await walletOf(ad);
    expect(wallet.balancePesewas).toBe(1_000 - 150 + 50);
    expect(wallet.entries[0]).toMatchObject({ kind: "view_refund", amountPesewas: 50, campaignId: id });
    expect((await campaignsOf(ad))[0]).toMatchObject({ spentPesewas: 100 });
    const admin = await signedInAdmin(ctx.database.db);
    const overview = (await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/overview")).json();
    expect(overview.campaignChargesThisMonthPesewas).toBeGreaterThanOrEqual(50);
    expect(overview.campaignRefundsThisMonthPesewas).toBeGreaterThanOrEqual(50);
  });

  it("refuses a range backwards or longer than 92 days, and another business's campaign", async () => {
    const ad = await publishOpenAd();
    const other = await publishOpenAd();
    const { id } = await campaignOn(ad);
    expect((await reportOf(ad, id, "?from=2026-12-02&to=2026-12-01")).json().message).toBe(
      "The first day must come before the last day",
    );
    expect((await reportOf(ad, id, "?from=2026-01-01&to=2026-12-01")).json().message).toBe(
      "A report covers at most 92 days",
    );
    expect((await reportOf(ad, id, "?from=yesterday")).statusCode).toBe(400);
    expect((await reportOf(ad, id, "", other.companyCookies)).statusCode).toBe(403);
    const foreign = await sendAs(
      ctx.app,
      other.companyCookies,
      "GET",
      `/api/companies/${other.company.id}/campaigns/${id}/report`,
    );
    expect(foreign.statusCode).toBe(404);
    const member = await signedInMember(ctx.database.db, "report-member");
    expect((await reportOf(ad, id, "", member.cookies)).statusCode).toBe(403);
    const admin = await signedInAdmin(ctx.database.db);
    expect((await reportOf(ad, id, "", admin.cookies)).statusCode).toBe(200);
  });

  it("refunds a reversed view once, however often its reward is reversed", async () => {
    const ad = await publishOpenAd();
    await topUp(ad.company.id, 1_000);
    const { id } = await campaignOn(ad);
    const viewer = await newMemberWatches(ad);
    const [reward] = await ctx.database.db.select().from(rewards).where(eq(rewards.userId, viewer.user.id));
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.database.db.transaction((tx) => refundReversedViews(tx, [reward!.id], clock.now())),
      ),
    );
    expect(refunds.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await walletOf(ad)).balancePesewas).toBe(1_000);
    expect((await campaignsOf(ad))[0]).toMatchObject({ id, spentPesewas: 0, spentTodayPesewas: 0 });
  });
});

/** An admin decides a case that names the ad: "reverse" takes back what the member earned from it. */
async function reverseEarningsOf(userId: number, adId: number) {
  const [violation] = await ctx.database.db
    .insert(antiCheatViolations)
    .values({ userId, violationType: "risk_threshold", evidenceData: { adIds: [adId], signalIds: [] } })
    .returning();
  const admin = await signedInAdmin(ctx.database.db);
  const decided = await sendAs(
    ctx.app,
    admin.cookies,
    "POST",
    `/api/admin/violations/${violation!.id}/decision`,
    {
      action: "reverse",
      notes: "Watched on a phone farm",
    },
  );
  expect(decided.statusCode, decided.body).toBe(200);
}
