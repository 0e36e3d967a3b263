import { and, eq, isNull, sql } from "drizzle-orm";
import { everyDayOf, periodEndingAt } from "../../modules/analytics/analytics.read-model";
import type { Database } from "../client";
import { adDailyStats, ads } from "../schema";
import { demoAds } from "./demo-data";

/**
 * A month of made-up daily numbers for the demo owner's ads, so /analytics shows a real chart. The
 * numbers come from the ad and the calendar day alone, so every machine (and every re-run) gets the same.
 */
interface HistoryProfile {
  /** Discover cards seen on an ordinary weekday. */
  impressionsPerDay: number;
  /** Share of impressions that open the ad. */
  viewRate: number;
  /** Share of views watched to the ad's minimum. */
  completionRate: number;
}

const historyProfiles: Record<string, HistoryProfile> = {
  "kofi-waakye-combo": { impressionsPerDay: 150, viewRate: 0.32, completionRate: 0.68 },
  "kofi-fufu-light-soup": { impressionsPerDay: 110, viewRate: 0.27, completionRate: 0.55 },
  "kofi-shito-recipe": { impressionsPerDay: 70, viewRate: 0.22, completionRate: 0.74 },
};
export const demoHistoryDays = 30;

/** A repeatable number in [0, 1) for a key (FNV-1a hash). */
function steadyNoise(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/** One ad's numbers for one day: busier at the weekend, as a chop bar is. */
export function demoDayNumbers(slug: string, profile: HistoryProfile, day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekendLift = weekday === 5 || weekday === 6 ? 1.4 : weekday === 0 ? 1.15 : 1;
  const around = (centre: number, spread: number, what: string) =>
    centre * (1 - spread + 2 * spread * steadyNoise(`${slug}:${day}:${what}`));
  const impressions = Math.round(profile.impressionsPerDay * weekendLift * around(1, 0.25, "impressions"));
  const views = Math.round(impressions * around(profile.viewRate, 0.15, "views"));
  const completions = Math.round(views * around(profile.completionRate, 0.1, "completions"));
  // A few completed watches find the code pool empty, so rewards trail completions slightly.
  const unlocks = Math.round(completions * around(0.92, 0.05, "unlocks"));
  const clicks = Math.round(views * around(0.07, 0.5, "clicks"));
  return { impressions, views, completions, unlocks, clicks };
}

/**
 * Fills the last 30 days (today included) for the demo ads that have a profile. Days already there are
 * left alone, and the ads' cached totals grow only by the days actually added, so a re-run changes nothing.
 */
export async function seedDemoHistory(db: Database, companyIds: Map<string, number>, now = new Date()) {
  const days = everyDayOf(periodEndingAt(now, demoHistoryDays));
  for (const demo of demoAds) {
    const profile = historyProfiles[demo.slug];
    const companyId = companyIds.get(demo.companySlug);
    if (!profile || companyId === undefined) continue;
    const [ad] = await db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.companyId, companyId), eq(ads.title, demo.title), isNull(ads.deletedAt)))
      .limit(1);
    if (!ad) continue;
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(adDailyStats)
        .values(days.map((day) => ({ adId: ad.id, day, ...demoDayNumbers(demo.slug, profile, day) })))
        .onConflictDoNothing({ target: [adDailyStats.adId, adDailyStats.day] })
        .returning();
      if (added.length === 0) return;
      const sum = (pick: (row: (typeof added)[number]) => number) =>
        added.reduce((n, row) => n + pick(row), 0);
      await tx
        .update(ads)
        .set({
          impressionCount: sql`${ads.impressionCount} + ${sum((row) => row.impressions)}`,
          viewCount: sql`${ads.viewCount} + ${sum((row) => row.views)}`,
          unlockCount: sql`${ads.unlockCount} + ${sum((row) => row.unlocks)}`,
          clickCount: sql`${ads.clickCount} + ${sum((row) => row.clicks)}`,
        })
        .where(eq(ads.id, ad.id));
    });
  }
}
