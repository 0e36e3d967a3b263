import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type Leaderboard,
  type LeaderboardPeriod,
  leaderboardQuery,
  leaderboardResponse,
  myReferralsResponse,
} from "../../../shared/contracts/referrals";
import type { AppDeps } from "../../app-deps";
import { unauthenticated } from "../../lib/errors";
import {
  findLeaderboard,
  findOwnStanding,
  type PeriodRange,
  periodRange,
  type RankedMember,
} from "./leaderboards.read-model";
import { findLiveMember } from "./referrals.read-model";
import { myReferrals } from "./referrals.service";

/** A board is read from the database at most every 30 s per (period, city) on each instance. */
const boardCacheMs = 30_000;

/**
 * The signed-in member's id from the session. Read here rather than through auth, because auth calls
 * referrals at registration and modules must not form a cycle.
 */
async function signedInMemberId(deps: AppDeps, request: FastifyRequest): Promise<number | undefined> {
  const session = await request.getSession();
  if (!session?.userId || session.kind !== "user") return undefined;
  return (await findLiveMember(deps.db, session.userId))?.id;
}

export function referralsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const boards = new Map<string, { until: number; rows: RankedMember[] }>();

  async function cachedBoard(period: LeaderboardPeriod, range: PeriodRange, city: string | undefined) {
    const key = `${period}:${range.from.toISOString()}:${city ?? ""}`;
    const now = deps.now().getTime();
    const hit = boards.get(key);
    if (hit && hit.until > now) return hit.rows;
    const rows = await findLeaderboard(deps.db, range, city);
    for (const [k, v] of boards) if (v.until <= now) boards.delete(k);
    boards.set(key, { until: now + boardCacheMs, rows });
    return rows;
  }

  return async (app) => {
    app.get(
      "/api/referrals/mine",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's invite link, invited people and the XP referrals earned",
          response: { 200: myReferralsResponse },
        },
      },
      async (request, reply) => {
        const userId = await signedInMemberId(deps, request);
        if (!userId) throw unauthenticated();
        reply.header("cache-control", "private, no-cache");
        return myReferrals(deps, userId);
      },
    );

    app.get(
      "/api/leaderboards",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Top 50 members by XP earned this week or month (Africa/Accra), optionally in one city",
          querystring: leaderboardQuery,
          response: { 200: leaderboardResponse },
        },
      },
      async (request, reply): Promise<Leaderboard> => {
        const { period, city } = request.query;
        const range = periodRange(period, deps.now());
        const [rows, userId] = await Promise.all([
          cachedBoard(period, range, city),
          signedInMemberId(deps, request),
        ]);
        const own = userId ? await findOwnStanding(deps.db, range, city, userId) : null;
        // Not shared caches: the same address answers differently once the member signs in.
        reply.header("cache-control", "private, no-cache");
        return {
          period,
          city: city ?? null,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          // A member who just opted out no longer sees themselves, even in a board cached before.
          entries: rows
            .filter((row) => !(own?.optedOut && row.userId === userId))
            .map(({ userId: rowUser, rank, displayName, tier, xp }) => ({
              rank,
              displayName,
              tier,
              xp,
              isYou: rowUser === userId,
            })),
          you: own,
        };
      },
    );
  };
}
