import { eq, type SQL, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Executor } from "../../db/client";
import { columnNames, executeRows } from "../../db/prepared";
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

const ad = columnNames(ads);
const daily = columnNames(adDailyStats);

/**
 * A reward was issued from the ad. Refused (CONFLICT) once the ad's reward cap is reached, so the
 * caller's transaction undoes the reward: the cap is checked and counted, with the day's unlocks, in one
 * statement (the ad's row before its stats row).
 */
export async function recordUnlock(tx: Executor, adId: number, now: Date): Promise<void> {
  const counted = await executeRows<{ id: number }>(
    tx,
    sql`with counted as (
        update ${ads} set ${ad.unlockCount} = ${ad.unlockCount} + 1, ${ad.updatedAt} = now()
        where ${ad.id} = ${adId} and (${ad.maxCoupons} is null or ${ad.unlockCount} < ${ad.maxCoupons})
        returning ${ad.id}),
      unlocks_today as (
        insert into ${adDailyStats} (${daily.adId}, ${daily.day}, ${daily.unlocks})
        select id, ${accraDay(now)}::date, 1 from counted
        on conflict (${daily.adId}, ${daily.day}) do update
        set ${daily.unlocks} = ${adDailyStats.unlocks} + 1, ${daily.updatedAt} = now())
      select id from counted`,
  );
  if (counted.length === 0)
    throw new AppError("CONFLICT", "This offer has reached its limit. Look out for the next one!");
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

/**
 * The parts of a redemption's statement that take one of the ad's redemptions (within maxRedemptions)
 * and count it in the day's stats, only when `onlyIf` holds: the caller writes `ctes` into its WITH, and
 * `taken` names the part that returns the ad's id once taken. The ad's row comes before its stats row.
 */
export function takeRedemptionSql(adId: number, now: Date, onlyIf: SQL): { ctes: SQL; taken: SQL } {
  const taken = sql.raw("ad_redemption_taken");
  const ctes = sql`${taken} as (
      update ${ads} set current_redemptions = current_redemptions + 1, updated_at = now()
      where id = ${adId} and current_redemptions < max_redemptions and ${onlyIf}
      returning id),
    ad_redemption_counted as (
      insert into ${adDailyStats} (ad_id, day, redemptions)
      select id, ${accraDay(now)}::date, 1 from ${taken}
      on conflict (ad_id, day) do update
      set redemptions = ${adDailyStats}.redemptions + 1, updated_at = now())`;
  return { ctes, taken };
}
