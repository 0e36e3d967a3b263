import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import type { User } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { watchProgress } from "../../db/schema/watch";
import { visibleAdsFor } from "../ads";

/**
 * One read per progress report (they come every 2 s per viewer): the view, its ad, and whether the member
 * may still be shown that ad (a read across watch, ads and companies).
 */
export async function findViewWithAd(
  db: Executor,
  user: Pick<User, "isPlus" | "tier">,
  sessionId: number,
  now: Date,
) {
  const [found] = await db
    .select({
      row: watchProgress,
      ad: ads,
      adStillShown: sql<boolean>`${visibleAdsFor(user, now, { whileWatching: true })}`.mapWith(Boolean),
    })
    .from(watchProgress)
    .innerJoin(ads, eq(ads.id, watchProgress.adId))
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(eq(watchProgress.id, sessionId))
    .limit(1);
  return found;
}
