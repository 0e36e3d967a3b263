import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accraMonth } from "../../../shared/accra-time";
import type { DiscoveryAd } from "../../../shared/contracts/ads";
import { prizeToBeAnnounced } from "../../../shared/contracts/draws";
import { discoveryBadges } from "../../db/schema/badges";
import { drawEntries, prizeDraws } from "../../db/schema/draws";
import { sendAs } from "../../test/test-app";
import { setUpWatchingTests } from "../../test/watching";

const t = setUpWatchingTests();

const prizeAd = () =>
  t.kit.publishAd([], {
    rewardType: "prize_entry",
    discountCodes: [],
    discountPercent: undefined,
    prizeEntryDetails: "A hamper from the shop",
  });

describe("prize-draw entries", () => {
  it("enters the member in this month's draw, opened once with a published seed hash", async () => {
    const ads = await Promise.all([prizeAd(), prizeAd()]);
    const viewers = await Promise.all(Array.from({ length: 16 }, () => t.kit.member()));
    // Sixteen members finish at once (the first entries open the month's draw together), then each
    // watches the other ad.
    for (const round of [0, 1]) {
      const results = await Promise.all(
        viewers.map((viewer, i) => t.kit.watchToTheEnd(viewer.cookies, ads[(i + round) % 2]!.id)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.every((r) => r.json().reward.drawEntries === round + 1)).toBe(true);
    }

    const draws = await t.ctx.database.db.select().from(prizeDraws);
    expect(draws).toHaveLength(1);
    const [draw] = draws;
    // The commitment is published; the seed itself stays sealed until the draw.
    expect(draw!.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(draw!.seed).toBeNull();
    expect(draw!.sealedSeed).toMatch(/^v1\./);
    const entries = await t.ctx.database.db
      .select()
      .from(drawEntries)
      .where(eq(drawEntries.drawId, draw!.id));
    expect(entries).toHaveLength(16);
    expect(entries.every((e) => e.entriesCount === 2)).toBe(true);

    const collection = await sendAs(t.ctx.app, viewers[0]!.cookies, "GET", "/api/rewards/collection");
    expect(collection.json().draw).toMatchObject({ entries: 2, maxEntries: 10, seedHash: draw!.seedHash });
    expect(collection.json().draw).not.toHaveProperty("seed");
  });

  it("caps a member's entries at 10 a month", async () => {
    const viewer = await t.kit.member();
    for (let i = 0; i < 11; i++) {
      const ad = await prizeAd();
      const done = await t.kit.watchToTheEnd(viewer.cookies, ad.id);
      expect(done.json().reward.drawEntries).toBe(Math.min(i + 1, 10));
    }
    const [entry] = await t.ctx.database.db
      .select()
      .from(drawEntries)
      .where(eq(drawEntries.userId, viewer.user.id));
    expect(entry!.entriesCount).toBe(10);
  }, 60_000);
});

describe("a prize-entry ad's prize", () => {
  it("is the month's draw's own prize in Discover, the viewer, the reward sheet and My Rewards, never the ad's promise", async () => {
    const viewer = await t.kit.member();
    // The month's draw is open (a first entry opens it) and its prize not announced yet: no prize is named.
    await t.kit.watchToTheEnd((await t.kit.member()).cookies, (await prizeAd()).id);
    const { year, month } = accraMonth(t.clock.now());
    const thisMonth = and(eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month));
    await t.ctx.database.db.update(prizeDraws).set({ prizeTitle: prizeToBeAnnounced }).where(thisMonth);
    const early = await prizeAd();
    const card = async (adId: number) =>
      ((await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/ads/discovery")).json() as DiscoveryAd[]).find(
        (ad) => ad.id === adId,
      );
    expect((await card(early.id))?.drawPrize).toBeNull();

    // The admin sets the month's prize: every prize-entry ad shows it, whatever the business wrote.
    await t.ctx.database.db.update(prizeDraws).set({ prizeTitle: "A Tecno Spark phone" }).where(thisMonth);
    const ad = await prizeAd();
    const discount = await t.kit.publishAd(["PRIZE-DISCOUNT-1"]);
    expect(await card(ad.id)).toMatchObject({ rewardType: "prize_entry", drawPrize: "A Tecno Spark phone" });
    expect((await card(early.id))?.drawPrize).toBe("A Tecno Spark phone");
    expect((await card(discount.id))?.drawPrize).toBeNull();
    const near = (await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/ads/discovery?sort=near")).json();
    expect(near.find((row: DiscoveryAd) => row.id === ad.id).drawPrize).toBe("A Tecno Spark phone");
    const shown = await sendAs(t.ctx.app, viewer.cookies, "GET", `/api/ads/${ad.id}`);
    expect(shown.json()).toMatchObject({ drawPrize: "A Tecno Spark phone" });

    const done = await t.kit.watchToTheEnd(viewer.cookies, ad.id);
    expect(done.json().reward).toMatchObject({ drawEntries: 1, drawPrize: "A Tecno Spark phone" });
    const mine = (await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/rewards/mine")).json();
    const reward = mine.find((row: { adId: number }) => row.adId === ad.id);
    expect(reward).toMatchObject({ rewardType: "prize_entry", drawPrize: "A Tecno Spark phone" });
    expect(JSON.stringify(done.json())).not.toContain("A hamper from the shop");
  });
});

describe("badges", () => {
  it("gives First Discovery on the first business and Explorer at the fifth, once each", async () => {
    const viewer = await t.kit.member();
    const first = await t.kit.watchToTheEnd(viewer.cookies, (await t.kit.publishAd(["B-0"])).id);
    expect(first.json().reward.badges).toEqual([
      { name: "First Discovery", description: "Discovered your first local brand" },
    ]);
    for (let i = 1; i < 4; i++) {
      const done = await t.kit.watchToTheEnd(viewer.cookies, (await t.kit.publishAd([`B-${i}`])).id);
      expect(done.json().reward.badges).toEqual([]);
    }
    // Two views opened side by side: only the later one counts (one open view per member), so the
    // fifth business arrives once and Explorer is given once.
    const [fifth, sixth] = await Promise.all([
      t.kit.publishAd(["B-4"], { xpPointsReward: 0 }),
      t.kit.publishAd(["B-5"], { xpPointsReward: 0 }),
    ]);
    const earlier = (await t.kit.start(viewer.cookies, fifth!.id)).json();
    const later = (await t.kit.start(viewer.cookies, sixth!.id)).json();
    t.clock.advance(9_000);
    const both = await Promise.all([
      t.kit.report(viewer.cookies, earlier.sessionId, 9),
      t.kit.report(viewer.cookies, later.sessionId, 9),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 200]);
    expect(both[1]!.json().reward.badges.map((b: { name: string }) => b.name)).toEqual(["Explorer"]);
    const again = await t.kit.watchToTheEnd(viewer.cookies, fifth!.id);
    expect(again.json().reward.badges).toEqual([]);

    const badges = await t.ctx.database.db
      .select()
      .from(discoveryBadges)
      .where(eq(discoveryBadges.userId, viewer.user.id));
    expect(badges.map((b) => b.badgeName).sort()).toEqual(["Explorer", "First Discovery"]);
  });

  it("gives an ad's own badge and lists badges newest first in the collection", async () => {
    const viewer = await t.kit.member();
    const ad = await t.kit.publishAd([], {
      rewardType: "badge",
      discountCodes: [],
      discountPercent: undefined,
      badgeName: "Waakye Warrior",
    });
    const done = await t.kit.watchToTheEnd(viewer.cookies, ad.id);
    expect(done.json().reward.badges.map((b: { name: string }) => b.name)).toEqual([
      "Waakye Warrior",
      "First Discovery",
    ]);
    const collection = (await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/rewards/collection")).json();
    expect(collection.badges.map((b: { name: string }) => b.name).sort()).toEqual([
      "First Discovery",
      "Waakye Warrior",
    ]);
    expect(collection.draw).toBeNull();
    expect((await sendAs(t.ctx.app, {}, "GET", "/api/rewards/collection")).statusCode).toBe(401);
  });

  it("says how each badge was earned in the member's language; the badge keeps its name", async () => {
    const viewer = await t.kit.member();
    const ad = await t.kit.publishAd([], {
      title: "Kelewele at night",
      rewardType: "badge",
      discountCodes: [],
      discountPercent: undefined,
      badgeName: "Kelewele Fan",
    });
    const inTwi = { "accept-language": "tw" };

    const done = await t.kit.watchToTheEnd(viewer.cookies, ad.id, inTwi);

    const twiBadges = [
      { name: "Kelewele Fan", description: "Wonyaa eyi ɛnam “Kelewele at night” a wohwɛe so" },
      { name: "First Discovery", description: "Wohuu wo man mu brand a edi kan" },
    ];
    expect(done.json().reward.badges).toEqual(twiBadges);
    const collection = await sendAs(
      t.ctx.app,
      viewer.cookies,
      "GET",
      "/api/rewards/collection",
      undefined,
      inTwi,
    );
    expect(
      collection
        .json()
        .badges.map(({ name, description }: { name: string; description: string }) => ({ name, description }))
        .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
    ).toEqual([twiBadges[1], twiBadges[0]]);
    const inEnglish = await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/rewards/collection");
    expect(
      inEnglish
        .json()
        .badges.map((badge: { description: string }) => badge.description)
        .sort(),
    ).toEqual(["Discovered your first local brand", "Earned by watching “Kelewele at night”"]);
  });
});

describe("reward expiry", () => {
  it("expires a discount code after 30 days but keeps XP and badges for good", async () => {
    const viewer = await t.kit.member();
    const discount = await t.kit.publishAd(["EXP-1"]);
    const xp = await t.kit.publishAd([], { rewardType: "xp", discountCodes: [], discountPercent: undefined });
    await t.kit.watchToTheEnd(viewer.cookies, discount.id);
    await t.kit.watchToTheEnd(viewer.cookies, xp.id);
    t.clock.advance(31 * 86_400_000);
    const mine = (await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/rewards/mine")).json();
    const statusOf = (adId: number) => mine.find((r: { adId: number }) => r.adId === adId).status;
    expect(statusOf(discount.id)).toBe("expired");
    expect(statusOf(xp.id)).toBe("active");
  });
});
