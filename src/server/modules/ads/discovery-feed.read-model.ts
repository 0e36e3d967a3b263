import { hash } from "node:crypto";
import { and, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { type DiscoveryAd, discoveryAd } from "../../../shared/contracts/ads";
import type { Executor } from "../../db/client";
import type { MemberChanges } from "../../db/member-changes";
import { preparedQuery } from "../../db/prepared";
import { ads } from "../../db/schema/ads";
import type { User } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { watchProgress } from "../../db/schema/watch";
import { cachedValue } from "../../lib/cached-value";
import { type AnswerEncoding, EncodedAnswer } from "../../lib/encoded-answer";
import { MemberKeyedCache } from "../../lib/member-keyed-cache";
import { cardColumns, toDiscoveryAd } from "./ad-shapes";
import {
  candidateIds,
  cardCompanyColumns,
  discoveryLimit,
  monthDrawPrize,
  recentViewsSince,
  trendingSince,
  visibleAdsFor,
} from "./discovery.read-model";

/**
 * Discover without a position (the default order and Trending), built in two parts
 * (docs/product-rules.md#ads-discover-freshness):
 * - the candidates every member of one tier and Anigye+ state may see, read once and shared for a few
 *   seconds (an ad a business adds, edits, pauses or deletes on this instance shows at once);
 * - this member's part, which of those they have watched: one indexed read.
 * The ETag comes from those two parts, so a poll that finds nothing new (every 30 s from every signed-in
 * member) is answered 304 before any card is built, serialised or compressed.
 */
export const sharedCandidatesForMs = 5_000;

type SharedSort = "default" | "trending";
type Viewer = Pick<User, "id" | "tier" | "isPlus">;
type Card = Omit<DiscoveryAd, "isWatched" | "distanceKm">;

interface Candidate {
  card: Card;
  createdAtMs: number;
  recentViews: number;
}

interface CandidateList {
  /** A digest of the list, equal on every instance that read the same ads. */
  version: string;
  candidates: Candidate[];
  /** The candidates' ids as a PostgreSQL array literal, for this member's watched read. */
  idArray: string;
}

export interface DiscoveryPage {
  etag: string;
  /**
   * The answer in the encoding asked for, built only when the member's copy is out of date. It is a
   * function of the tag alone (the shared list and which of its ads were watched), so members whose tags
   * match share one serialised and compressed answer.
   */
  in(encoding: AnswerEncoding): Buffer;
  /**
   * The same list as cards, for a page the server renders (the member's home). Shared like the answer:
   * read it, never change it.
   */
  cards(): DiscoveryAd[];
}

export interface DiscoveryFeed {
  page(viewer: Viewer, sort: SharedSort, now: Date): Promise<DiscoveryPage>;
  /** Forgets the shared lists (an ad changed on this instance). */
  invalidate(): void;
}

/** Each answer is checked against the contract once, when it is first built. */
const discoveryAnswer = z.array(discoveryAd);

/** Answers kept by tag: about 45 KB each (cards, JSON and its two compressions), so at most about 9 MB. */
const keptAnswers = 200;

export function createDiscoveryFeed(db: Executor, memberChanges?: MemberChanges): DiscoveryFeed {
  let lists = new Map<string, ReturnType<typeof cachedValue<CandidateList>>>();
  const answers = new LRUCache<string, { cards: DiscoveryAd[]; encoded: EncodedAnswer }>({
    max: keptAnswers,
  });
  // Which of a shared list's ads a member has watched, kept until the member changes (a finished watch
  // notifies every instance) or the list does: a poll that finds nothing new then reads nothing.
  const watchedKept = new MemberKeyedCache<number, { version: string; watched: Set<number> }>(memberChanges, {
    max: 100_000,
    ttlMs: 10 * 60_000,
  });

  async function watchedBy(userId: number, list: CandidateList): Promise<Set<number>> {
    const kept = watchedKept.get(userId);
    if (kept?.version === list.version) return kept.watched;
    const readStartedAt = watchedKept.startRead();
    const watched = await watchedAmong(db, userId, list);
    watchedKept.set(userId, userId, { version: list.version, watched }, readStartedAt);
    return watched;
  }

  function sharedList(viewer: Viewer, sort: SharedSort, now: Date) {
    const key = `${viewer.tier}:${viewer.isPlus}:${sort}`;
    let list = lists.get(key);
    if (!list) {
      list = cachedValue(sharedCandidatesForMs, () => readCandidates(db, viewer, sort, now));
      lists.set(key, list);
    }
    return list.get();
  }

  return {
    async page(viewer, sort, now) {
      const list = await sharedList(viewer, sort, now);
      const watched = await watchedBy(viewer.id, list);
      const etag = `W/"feed-${digest(`${list.version}:${[...watched].join(",")}`)}"`;
      const answer = () => {
        let built = answers.get(etag);
        if (!built) {
          const cards = discoveryAnswer.parse(orderForMember(list.candidates, watched, sort));
          built = { cards, encoded: new EncodedAnswer(cards, etag) };
          answers.set(etag, built);
        }
        return built;
      };
      return {
        etag,
        in: (encoding) => answer().encoded.in(encoding),
        cards: () => answer().cards,
      };
    },
    invalidate() {
      // A new map, so a read already under way cannot put the old list back.
      lists = new Map();
    },
  };
}

function digest(text: string): string {
  return hash("sha1", text, "base64url").slice(0, 20);
}

async function readCandidates(
  db: Executor,
  viewer: Pick<User, "tier" | "isPlus">,
  sort: SharedSort,
  now: Date,
): Promise<CandidateList> {
  const since = trendingSince(now);
  const rows = await db
    .select({
      ad: cardColumns,
      company: cardCompanyColumns,
      createdAt: ads.createdAt,
      recentViews: sort === "trending" ? recentViewsSince(since) : sql<number>`0`,
      drawPrize: monthDrawPrize(now),
    })
    .from(ads)
    .innerJoin(companies, sql`${companies.id} = ${ads.companyId}`)
    .where(
      and(
        visibleAdsFor(viewer, now),
        sql`${ads.id} in (${candidateIds({ ...viewer, city: null }, { sort }, now, since)})`,
      ),
    );
  const candidates = rows.map((row) => ({
    card: toDiscoveryAd(row.ad, row.company, row.drawPrize),
    createdAtMs: row.createdAt.getTime(),
    recentViews: Number(row.recentViews),
  }));
  return {
    version: digest(JSON.stringify(candidates)),
    candidates,
    idArray: `{${candidates.map((candidate) => candidate.card.id).join(",")}}`,
  };
}

const watchedAmongIds = preparedQuery((db) =>
  db
    .select({ adId: watchProgress.adId })
    .from(watchProgress)
    .where(
      sql`${watchProgress.userId} = ${sql.placeholder("userId")} and ${watchProgress.completed}
        and ${watchProgress.adId} = any(${sql.placeholder("ids")}::int[])`,
    )
    .orderBy(watchProgress.adId)
    .prepare("discovery_watched_among"),
);

async function watchedAmong(db: Executor, userId: number, list: CandidateList): Promise<Set<number>> {
  if (list.candidates.length === 0) return new Set();
  const rows = await watchedAmongIds(db).execute({ userId, ids: list.idArray });
  return new Set(rows.map((row) => row.adId));
}

/** Trending by views first; then featured, not yet watched, newest (as the SQL ordering of Near Me). */
function orderForMember(candidates: Candidate[], watched: Set<number>, sort: SharedSort): DiscoveryAd[] {
  const ranked = candidates.map((candidate) => ({ ...candidate, isWatched: watched.has(candidate.card.id) }));
  ranked.sort(
    (a, b) =>
      (sort === "trending" ? b.recentViews - a.recentViews : 0) ||
      Number(b.card.isFeatured) - Number(a.card.isFeatured) ||
      Number(a.isWatched) - Number(b.isWatched) ||
      b.createdAtMs - a.createdAtMs ||
      b.card.id - a.card.id,
  );
  return ranked
    .slice(0, discoveryLimit)
    .map(({ card, isWatched }) => ({ ...card, isWatched, distanceKm: null }));
}
