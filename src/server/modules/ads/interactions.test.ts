import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adDailyStats, adInteractions, ads } from "../../db/schema/ads";
import { sendAs } from "../../test/test-app";
import { setUpWatchingTests } from "../../test/watching";

const t = setUpWatchingTests();

const like = (cookies: Record<string, string>, adId: number) =>
  sendAs(t.ctx.app, cookies, "PUT", `/api/ads/${adId}/like`);
const unlike = (cookies: Record<string, string>, adId: number) =>
  sendAs(t.ctx.app, cookies, "DELETE", `/api/ads/${adId}/like`);
const interact = (cookies: Record<string, string>, adId: number, body: unknown) =>
  sendAs(t.ctx.app, cookies, "POST", `/api/ads/${adId}/interactions`, body);

async function eventsOf(adId: number, type: "like" | "unlike" | "share" | "click") {
  return t.ctx.database.db
    .select()
    .from(adInteractions)
    .where(and(eq(adInteractions.adId, adId), eq(adInteractions.interactionType, type)));
}

async function adCounters(adId: number) {
  const [row] = await t.ctx.database.db
    .select({ likeCount: ads.likeCount, clickCount: ads.clickCount })
    .from(ads)
    .where(eq(ads.id, adId));
  return row!;
}

describe("likes", () => {
  it("counts a member's like once however many times they tap, and shows it on the ad", async () => {
    const ad = await t.kit.publishAd(["L-1"]);
    const viewer = await t.kit.member();
    const taps = await Promise.all(Array.from({ length: 10 }, () => like(viewer.cookies, ad.id)));
    expect(taps.every((r) => r.statusCode === 200)).toBe(true);
    expect(taps.at(-1)!.json()).toEqual({ liked: true, likeCount: 1 });
    expect(await adCounters(ad.id)).toMatchObject({ likeCount: 1 });
    expect(await eventsOf(ad.id, "like")).toHaveLength(1);

    const viewed = await sendAs(t.ctx.app, viewer.cookies, "GET", `/api/ads/${ad.id}`);
    expect(viewed.json()).toMatchObject({ likeCount: 1, likedByMe: true });
    const other = await t.kit.member();
    expect((await sendAs(t.ctx.app, other.cookies, "GET", `/api/ads/${ad.id}`)).json()).toMatchObject({
      likeCount: 1,
      likedByMe: false,
    });
  });

  it("takes a like back once and never below zero", async () => {
    const ad = await t.kit.publishAd(["L-2"]);
    const viewer = await t.kit.member();
    await like(viewer.cookies, ad.id);
    const backs = await Promise.all(Array.from({ length: 5 }, () => unlike(viewer.cookies, ad.id)));
    expect(backs.every((r) => r.statusCode === 200)).toBe(true);
    expect(await adCounters(ad.id)).toMatchObject({ likeCount: 0 });
    expect(await eventsOf(ad.id, "unlike")).toHaveLength(1);
    expect((await unlike(viewer.cookies, ad.id)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it("is for signed-in members and ads they may see", async () => {
    const ad = await t.kit.publishAd(["L-3"], { isPlus: true });
    expect((await like({}, ad.id)).statusCode).toBe(401);
    const viewer = await t.kit.member();
    const hidden = await like(viewer.cookies, ad.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("This ad is not available");
    expect((await like(viewer.cookies, 999_999)).statusCode).toBe(404);
    expect(await adCounters(ad.id)).toMatchObject({ likeCount: 0 });
  });
});

describe("shares and map visits", () => {
  it("records every share with its channel", async () => {
    const ad = await t.kit.publishAd(["S-1"]);
    const viewer = await t.kit.member();
    expect((await interact(viewer.cookies, ad.id, { type: "share", channel: "native" })).statusCode).toBe(
      200,
    );
    expect((await interact(viewer.cookies, ad.id, { type: "share", channel: "copy_link" })).statusCode).toBe(
      200,
    );
    const shares = await eventsOf(ad.id, "share");
    expect(shares.map((s) => s.metadata.channel).sort()).toEqual(["copy_link", "native"]);
    expect(shares.every((s) => s.userId === viewer.user.id)).toBe(true);
  });

  it("counts a member's map visits once a day, even when tapped many times at once", async () => {
    const ad = await t.kit.publishAd(["M-1"]);
    const viewer = await t.kit.member();
    const taps = await Promise.all(
      Array.from({ length: 10 }, () => interact(viewer.cookies, ad.id, { type: "map_visit" })),
    );
    expect(taps.every((r) => r.statusCode === 200)).toBe(true);
    expect(await adCounters(ad.id)).toMatchObject({ clickCount: 1 });
    expect(await eventsOf(ad.id, "click")).toHaveLength(1);

    t.clock.advance(86_400_000);
    await interact(viewer.cookies, ad.id, { type: "map_visit" });
    expect(await adCounters(ad.id)).toMatchObject({ clickCount: 2 });
    const days = await t.ctx.database.db.select().from(adDailyStats).where(eq(adDailyStats.adId, ad.id));
    expect(days.map((d) => d.clicks)).toEqual([1, 1]);
  });

  it("refuses unknown interactions with a clear message and records nothing", async () => {
    const ad = await t.kit.publishAd(["M-2"]);
    const viewer = await t.kit.member();
    const wrongType = await interact(viewer.cookies, ad.id, { type: "teleport" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe("VALIDATION");
    const wrongChannel = await interact(viewer.cookies, ad.id, { type: "share", channel: "pigeon" });
    expect(wrongChannel.statusCode).toBe(400);
    expect(wrongChannel.json().message).toContain("Unknown share channel");
    expect((await interact({}, ad.id, { type: "map_visit" })).statusCode).toBe(401);
    expect(await eventsOf(ad.id, "share")).toHaveLength(0);
    expect(await eventsOf(ad.id, "click")).toHaveLength(0);
  });
});

describe("what the business sees", () => {
  it("counts the member's like, shares and map visit in the ad's analytics", async () => {
    const ad = await t.kit.publishAd(["AN-1"]);
    const viewer = await t.kit.member();
    await like(viewer.cookies, ad.id);
    await interact(viewer.cookies, ad.id, { type: "share", channel: "native" });
    await interact(viewer.cookies, ad.id, { type: "share", channel: "copy_link" });
    await interact(viewer.cookies, ad.id, { type: "map_visit" });
    await interact(viewer.cookies, ad.id, { type: "map_visit" });
    await t.kit.watchToTheEnd(viewer.cookies, ad.id);

    const report = await sendAs(
      t.ctx.app,
      ad.companyCookies,
      "GET",
      `/api/companies/${ad.company.id}/analytics?days=7`,
    );
    expect(report.statusCode).toBe(200);
    const row = report.json().ads.find((a: { id: number }) => a.id === ad.id);
    expect(row).toMatchObject({ views: 1, likes: 1, shares: 2, clicks: 1, completions: 1, unlocks: 1 });
  });
});

describe("numbers that can't be pumped", () => {
  it("counts a member's shares up to 5 an ad a day", async () => {
    const ad = await t.kit.publishAd(["CAP-1"]);
    const viewer = await t.kit.member();
    const sent = await Promise.all(
      Array.from({ length: 8 }, () => interact(viewer.cookies, ad.id, { type: "share", channel: "native" })),
    );
    expect(sent.every((r) => r.statusCode === 200)).toBe(true);
    expect(await eventsOf(ad.id, "share")).toHaveLength(5);
  });

  it("counts a member who likes, unlikes and likes again as one like in analytics", async () => {
    const ad = await t.kit.publishAd(["CAP-2"]);
    const viewer = await t.kit.member();
    for (let i = 0; i < 5; i++) {
      await like(viewer.cookies, ad.id);
      await unlike(viewer.cookies, ad.id);
    }
    await like(viewer.cookies, ad.id);
    const report = await sendAs(
      t.ctx.app,
      ad.companyCookies,
      "GET",
      `/api/companies/${ad.company.id}/analytics?days=7`,
    );
    expect(report.json().ads.find((a: { id: number }) => a.id === ad.id).likes).toBe(1);
  });

  it("doesn't tell the like total of an ad the member may not see", async () => {
    const hidden = await t.kit.publishAd(["CAP-3"], { isPlus: true });
    const viewer = await t.kit.member();
    const response = await unlike(viewer.cookies, hidden.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).not.toHaveProperty("likeCount");
  });
});
