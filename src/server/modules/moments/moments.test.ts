import { describe, expect, it } from "vitest";
import type { Moment } from "../../../shared/contracts/moments";
import twiMessages from "../../../shared/i18n/catalogs/messages.tw.json";
import { sendAs } from "../../test/test-app";
import { setUpWatchingTests } from "../../test/watching";

const t = setUpWatchingTests();

const moments = (cookies: Record<string, string>, before?: string) =>
  sendAs(t.ctx.app, cookies, "GET", `/api/moments${before ? `?before=${encodeURIComponent(before)}` : ""}`);

function summary(items: Moment[]) {
  return items.map((m) =>
    m.kind === "watched"
      ? `watched ${m.ad.title}`
      : m.kind === "badge"
        ? `badge ${m.badge.name}`
        : `discovered`,
  );
}

describe("moments", () => {
  it("shows discoveries, watches with what they earned, and badges, newest first", async () => {
    const viewer = await t.kit.member();
    const first = await t.kit.publishAd(["MO-1"], { title: "Jollof Friday" });
    expect((await t.kit.watchToTheEnd(viewer.cookies, first.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const second = await t.kit.publishAd([], {
      title: "Kente Week",
      rewardType: "xp",
      discountCodes: [],
      discountPercent: undefined,
      xpPointsReward: 40,
    });
    await t.kit.watchToTheEnd(viewer.cookies, second.id);
    t.clock.advance(60_000);
    // Watching the first ad again earns nothing and adds no second entry.
    await t.kit.watchToTheEnd(viewer.cookies, first.id);

    const response = await moments(viewer.cookies);
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(summary(items)).toEqual([
      "discovered",
      "watched Kente Week",
      "badge First Discovery",
      "discovered",
      "watched Jollof Friday",
    ]);
    expect(items[1]).toMatchObject({
      reward: { rewardType: "xp", xpAwarded: 40 },
      company: { id: second.company.id },
    });
    expect(items[4]).toMatchObject({
      reward: { rewardType: "discount", discountPercent: 10, xpAwarded: 25 },
    });
    expect(items[3]).toMatchObject({ kind: "discovered", company: { id: first.company.id } });

    const stranger = await t.kit.member();
    expect((await moments(stranger.cookies)).json()).toEqual({ items: [], nextCursor: null });
  });

  it("describes badges in the language asked for, keeping their names", async () => {
    const viewer = await t.kit.member();
    const ad = await t.kit.publishAd([], {
      title: "Kente Week",
      rewardType: "badge",
      badgeName: "Kente Explorer",
      discountCodes: [],
      discountPercent: undefined,
    });
    await t.kit.watchToTheEnd(viewer.cookies, ad.id);
    const inTwi = await sendAs(t.ctx.app, viewer.cookies, "GET", "/api/moments", undefined, {
      "accept-language": "tw",
    });
    const badges = (inTwi.json().items as Moment[]).flatMap((m) => (m.kind === "badge" ? [m.badge] : []));
    expect(badges.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: "First Discovery", description: twiMessages["Discovered your first local brand"] },
      { name: "Kente Explorer", description: "Wonyaa eyi ɛnam “Kente Week” a wohwɛe so" },
    ]);
    const inEnglish = (await moments(viewer.cookies)).json().items as Moment[];
    expect(inEnglish.flatMap((m) => (m.kind === "badge" ? [m.badge.description] : []))).toEqual([
      "Discovered your first local brand",
      "Earned by watching “Kente Week”",
    ]);
  });

  it("pages through a long timeline without skipping or repeating an event", async () => {
    const viewer = await t.kit.member();
    const adsToWatch = await Promise.all(
      Array.from({ length: 14 }, (_, i) => t.kit.publishAd([`PAGE-${i}`], { title: `Ad ${i}` })),
    );
    // Every ad is from a new business: 14 watches + 14 discoveries + milestone badges (1, 5, 10).
    for (const ad of adsToWatch) await t.kit.watchToTheEnd(viewer.cookies, ad.id);
    const seen: Moment[] = [];
    let cursor: string | undefined;
    do {
      const response = await moments(viewer.cookies, cursor);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(14 + 14 + 3);
    expect(new Set(seen.map((m) => `${m.kind}:${m.id}`)).size).toBe(seen.length);
    const times = seen.map((m) => Date.parse(m.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("is for signed-in members and refuses a malformed page link", async () => {
    expect((await moments({})).statusCode).toBe(401);
    const viewer = await t.kit.member();
    const bad = await moments(viewer.cookies, "yesterday");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("This page link is out of date");
    const impossible = await moments(viewer.cookies, "2026-13-45T99:00:00.000Z|1|5");
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toContain("This page link is out of date");
  });
});
