import { countDistinct, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { watchProgress } from "../../db/schema/watch";

/** A member's newest views, for the admin's member page, each with its ad's title. */
export function recentViews(db: Executor, userId: number, limit = 20) {
  return db
    .select({
      id: watchProgress.id,
      adId: watchProgress.adId,
      adTitle: ads.title,
      watchedSeconds: watchProgress.watchedSeconds,
      completed: watchProgress.completed,
      startedAt: watchProgress.startedAt,
      completedAt: watchProgress.completedAt,
      ip: watchProgress.ip,
    })
    .from(watchProgress)
    .innerJoin(ads, eq(ads.id, watchProgress.adId))
    .where(eq(watchProgress.userId, userId))
    .orderBy(desc(watchProgress.id))
    .limit(limit);
}

/** The devices a member watched on, each with how many accounts used it and when it was last seen. */
export async function memberDevices(db: Executor, userId: number) {
  const devices = await db
    .select({ fingerprint: watchProgress.deviceFingerprint, lastSeen: max(watchProgress.startedAt) })
    .from(watchProgress)
    .where(sql`${watchProgress.userId} = ${userId} and ${watchProgress.deviceFingerprint} is not null`)
    .groupBy(watchProgress.deviceFingerprint)
    .orderBy(desc(max(watchProgress.startedAt)))
    .limit(10);
  const fingerprints = devices.flatMap((device) => (device.fingerprint ? [device.fingerprint] : []));
  if (fingerprints.length === 0) return [];
  const accounts = await db
    .select({ fingerprint: watchProgress.deviceFingerprint, accounts: countDistinct(watchProgress.userId) })
    .from(watchProgress)
    .where(inArray(watchProgress.deviceFingerprint, fingerprints))
    .groupBy(watchProgress.deviceFingerprint);
  const accountsOf = new Map(accounts.map((row) => [row.fingerprint, row.accounts]));
  return devices.map((device) => ({
    fingerprint: device.fingerprint ?? "",
    accounts: accountsOf.get(device.fingerprint) ?? 1,
    lastSeen: device.lastSeen,
  }));
}

/** Verified (completed) views since a moment, for the admin overview. */
export async function countCompletedViewsSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(watchProgress)
    .where(sql`${watchProgress.completedAt} >= ${since}`);
  return row?.n ?? 0;
}
