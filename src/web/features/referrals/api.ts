import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Leaderboard, LeaderboardPeriod, MyReferrals } from "../../../shared/contracts/referrals";
import { getJson } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";

const mineUrl = "/api/referrals/mine";

/** The member's invite link and counts, keyed by member so another account on this phone never sees them. */
export function useMyReferrals() {
  const { user } = useAuth();
  return useQuery<MyReferrals>({
    queryKey: queryKeys.referrals.mine(user?.id),
    queryFn: getJson(mineUrl),
    enabled: user !== null && user !== undefined,
    staleTime: 60_000,
  });
}

function leaderboardUrl(period: LeaderboardPeriod, city: string | undefined): string {
  const query = new URLSearchParams({ period });
  if (city) query.set("city", city);
  return `/api/leaderboards?${query}`;
}

/** A board (the server keeps each for 30 s); the member's own row differs per account, hence the id. */
export function useLeaderboard(period: LeaderboardPeriod, city: string | undefined) {
  const { user } = useAuth();
  return useQuery<Leaderboard>({
    queryKey: queryKeys.referrals.leaderboard(period, city, user?.id ?? null),
    queryFn: getJson(leaderboardUrl(period, city)),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
