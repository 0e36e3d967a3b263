import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { executeNamed, preparedQuery } from "../../db/prepared";
import { ads } from "../../db/schema/ads";
import type { User } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { watchProgress } from "../../db/schema/watch";
import { shownWhileWatchingSql, tierRank, visibleAdsFor } from "../ads";
import { sessionGraceSeconds, toleranceRatio, toleranceSeconds } from "./watch-rules";

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

/** A report of seconds watched, as one row of a batch (`moveViewsShortOfMinimum`). */
export interface WatchReport {
  viewId: number;
  userId: number;
  watchedSeconds: number;
  at: Date;
  member: Pick<User, "isPlus" | "tier">;
}

/** A view a batched report moved: what its answer needs. */
export interface MovedView {
  id: number;
  adId: number;
  watchedSeconds: number;
  durationSeconds: number;
  minWatchPercent: number;
}

interface MovedRow extends MovedView {
  ordinal: number | string;
}

/**
 * Moves the seconds of every view whose report is an ordinary one (the member's own open view, no older
 * than the stored seconds, within real time, short of the ad's minimum, its ad still shown to them) in one
 * statement for the whole batch. Each report is answered with its view, or null when anything about it is
 * out of the ordinary: that report then takes the full path, which says why. A view reported twice in one
 * batch moves by its first report only; the later one takes the full path after it, so a member's own
 * reports stay in order.
 */
export async function moveViewsShortOfMinimum(
  db: Executor,
  reports: readonly WatchReport[],
): Promise<(MovedView | null)[]> {
  const column = (name: keyof typeof watchProgress.$inferSelect) => sql.identifier(watchProgress[name].name);
  const sinceStart = sql`extract(epoch from report.at - ${watchProgress.startedAt})`;
  const { rows } = await executeNamed<MovedRow>(
    db,
    "watch_reports_batch",
    sql`
    with report as (
      select distinct on (view_id) * from unnest(${sql.param(reports.map((r) => r.viewId))}::int[],
        ${sql.param(reports.map((r) => r.userId))}::int[], ${sql.param(reports.map((r) => r.watchedSeconds))}::float8[],
        ${sql.param(reports.map((r) => r.at.toISOString()))}::timestamptz[],
        ${sql.param(reports.map((r) => r.member.isPlus))}::boolean[],
        ${sql.param(reports.map((r) => tierRank(r.member.tier)))}::int[])
        with ordinality as batch(view_id, user_id, claimed, at, is_plus, tier_rank, ordinal)
      order by view_id, ordinal
    )
    update ${watchProgress} set ${column("watchedSeconds")} = report.claimed,
      ${column("progressPercent")} = least(100, floor(report.claimed / ${ads.durationSeconds} * 100)),
      ${column("lastProgressAt")} = report.at, ${column("updatedAt")} = report.at
    from report, ${ads}, ${companies}
    where ${watchProgress.id} = report.view_id and ${ads.id} = ${watchProgress.adId} and ${companies.id} = ${ads.companyId}
      and ${watchProgress.userId} = report.user_id and not ${watchProgress.completed} and ${watchProgress.closedAt} is null
      and report.claimed::real >= ${watchProgress.watchedSeconds}
      and report.claimed < ${ads.durationSeconds} * ${ads.minWatchPercent} / 100.0
      and report.claimed <= ${sinceStart} * ${toleranceRatio} + ${toleranceSeconds}
      and ${sinceStart} <= ${ads.durationSeconds} * 2 + ${sessionGraceSeconds}
      and ${shownWhileWatchingSql({ isPlus: sql`report.is_plus`, tierRank: sql`report.tier_rank`, now: sql`report.at` })}
    returning report.ordinal, ${watchProgress.id} as id, ${watchProgress.adId} as "adId",
      ${watchProgress.watchedSeconds} as "watchedSeconds", ${ads.durationSeconds} as "durationSeconds",
      ${ads.minWatchPercent} as "minWatchPercent"`,
  );
  const answers: (MovedView | null)[] = reports.map(() => null);
  for (const { ordinal, ...view } of rows) answers[Number(ordinal) - 1] = view;
  return answers;
}
