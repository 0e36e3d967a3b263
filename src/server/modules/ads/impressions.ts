import { sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import type { Database } from "../../db/client";

/**
 * Counts ad impressions in memory and writes them in one statement per flush, so a busy Discover
 * screen never costs one database write per card. Each user counts once per ad per day.
 */
// Bounds on memory: past these, the day's de-duplication set starts afresh and flushes go in chunks.
const maxRememberedPairs = 500_000;
const flushChunk = 1_000;

export function createImpressionCounter(db: Database, now: () => Date = () => new Date()) {
  let pending = new Map<number, number>();
  let seenToday = new Set<string>();
  let seenDay = "";

  function record(userId: number, adIds: number[]) {
    const day = accraDay(now());
    if (day !== seenDay || seenToday.size > maxRememberedPairs) {
      seenDay = day;
      seenToday = new Set();
    }
    for (const adId of adIds) {
      const key = `${userId}:${adId}`;
      if (seenToday.has(key)) continue;
      seenToday.add(key);
      pending.set(adId, (pending.get(adId) ?? 0) + 1);
    }
  }

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending];
    pending = new Map();
    const day = accraDay(now());
    for (let start = 0; start < batch.length; start += flushChunk) {
      const chunk = batch.slice(start, start + flushChunk);
      try {
        await writeChunk(chunk, day);
      } catch (error) {
        // Put the unwritten counts back so the next flush retries them.
        for (const [adId, n] of batch.slice(start)) pending.set(adId, (pending.get(adId) ?? 0) + n);
        throw error;
      }
    }
  }

  async function writeChunk(chunk: [number, number][], day: string) {
    const values = sql.join(
      chunk.map(([adId, n]) => sql`(${adId}::int, ${n}::int)`),
      sql`, `,
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update ads set impression_count = ads.impression_count + batch.n
        from (values ${values}) as batch(ad_id, n) where ads.id = batch.ad_id`);
      await tx.execute(sql`
        insert into ad_daily_stats (ad_id, day, impressions)
        select batch.ad_id, ${day}::date, batch.n from (values ${values}) as batch(ad_id, n)
        where exists (select 1 from ads where ads.id = batch.ad_id)
        on conflict (ad_id, day) do update set impressions = ad_daily_stats.impressions + excluded.impressions`);
    });
  }

  return { record, flush, pendingCount: () => pending.size };
}

export type ImpressionCounter = ReturnType<typeof createImpressionCounter>;
