import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
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
  const [found] = await viewWithAd(db, user).execute({ sessionId, now });
  return found;
}

// Prepared once per database and per tier and Anigye+ state (what "may still be shown" depends on).
const viewWithAdQueries = new Map<string, ReturnType<typeof prepareViewWithAd>>();

function viewWithAd(db: Executor, user: Pick<User, "isPlus" | "tier">) {
  const key = `${user.tier}:${user.isPlus}`;
  let query = viewWithAdQueries.get(key);
  if (!query) {
    query = prepareViewWithAd(user, `view_with_ad_${user.tier}_${user.isPlus ? "plus" : "free"}`);
    viewWithAdQueries.set(key, query);
  }
  return query(db);
}

function prepareViewWithAd(user: Pick<User, "isPlus" | "tier">, name: string) {
  return preparedQuery((db) =>
    db
      .select({
        row: watchProgress,
        ad: ads,
        adStillShown:
          sql<boolean>`${visibleAdsFor(user, sql.placeholder("now"), { whileWatching: true })}`.mapWith(
            Boolean,
          ),
      })
      .from(watchProgress)
      .innerJoin(ads, eq(ads.id, watchProgress.adId))
      .innerJoin(companies, eq(companies.id, ads.companyId))
      .where(eq(watchProgress.id, sql.placeholder("sessionId")))
      .limit(1)
      .prepare(name),
  );
}
