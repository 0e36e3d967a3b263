import { and, eq, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Executor } from "../../db/client";
import { adDailyStats, ads } from "../../db/schema/ads";
import { AppError } from "../../lib/errors";

// Every writer touches an ad's row before its ad_daily_stats row, so two writers never deadlock.

type DailyCounter = "views" | "completions" | "unlocks" | "clicks" | "redemptions";

async function countToday(tx: Executor, adId: number, now: Date, counter: DailyCounter) {
  await tx
    .insert(adDailyStats)
    .values({ adId, day: accraDay(now), [counter]: 1 })
    .onConflictDoUpdate({
      target: [adDailyStats.adId, adDailyStats.day],
      set: { [counter]: sql`${adDailyStats[counter]} + 1` },
    });
}

/** A member opened a timed view of the ad. */
export async function recordView(tx: Executor, adId: number, now: Date): Promise<void> {
  await tx
    .update(ads)
    .set({ viewCount: sql`${ads.viewCount} + 1` })
    .where(eq(ads.id, adId));
  await countToday(tx, adId, now, "views");
}

/**
 * A reward was issued from the ad. Refused (CONFLICT) once the ad's reward cap is reached, so the
 * caller's transaction undoes the reward: the cap is checked and counted in one statement.
 */
export async function recordUnlock(tx: Executor, adId: number, now: Date): Promise<void> {
  const [counted] = await tx
    .update(ads)
    .set({ unlockCount: sql`${ads.unlockCount} + 1` })
    .where(and(eq(ads.id, adId), sql`(${ads.maxCoupons} is null or ${ads.unlockCount} < ${ads.maxCoupons})`))
    .returning({ id: ads.id });
  if (!counted)
    throw new AppError("CONFLICT", "This offer has reached its limit. Look out for the next one!");
  await countToday(tx, adId, now, "unlocks");
}

/** A view reached the ad's minimum: a completed watch for analytics, whether or not a reward followed. */
export async function recordCompletion(tx: Executor, adId: number, now: Date): Promise<void> {
  await countToday(tx, adId, now, "completions");
}

/** A member opened the ad's map link (counted once a member a day by the caller). */
export async function recordMapVisit(tx: Executor, adId: number, now: Date): Promise<void> {
  await tx
    .update(ads)
    .set({ clickCount: sql`${ads.clickCount} + 1` })
    .where(eq(ads.id, adId));
  await countToday(tx, adId, now, "clicks");
}

export interface RedemptionCaps {
  title: string;
  maxRedemptions: number;
  dailyRedemptionCap: number | null;
  weeklyRedemptionCap: number | null;
}

/**
 * Takes one of the ad's redemptions (maxRedemptions), counted and checked in one statement. The ad's row
 * stays locked until the caller's transaction ends, so the caller's daily and weekly counts that follow
 * can't be raced either. Refused with CAP_REACHED when every redemption is taken.
 */
export async function takeRedemption(tx: Executor, adId: number, now: Date): Promise<RedemptionCaps> {
  const [taken] = await tx
    .update(ads)
    .set({ currentRedemptions: sql`${ads.currentRedemptions} + 1` })
    .where(and(eq(ads.id, adId), sql`${ads.currentRedemptions} < ${ads.maxRedemptions}`))
    .returning({
      title: ads.title,
      maxRedemptions: ads.maxRedemptions,
      dailyRedemptionCap: ads.dailyRedemptionCap,
      weeklyRedemptionCap: ads.weeklyRedemptionCap,
    });
  if (!taken) {
    throw new AppError(
      "CAP_REACHED",
      "This offer has reached its limit of redemptions. It can't be used any more.",
    );
  }
  await countToday(tx, adId, now, "redemptions");
  return taken;
}
