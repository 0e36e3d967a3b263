import { useQuery } from "@tanstack/react-query";
import type { DiscoveryAd } from "../../../shared/contracts/ads";
import { discoveryQueryKey } from "../../../shared/member-home";
import { discoveryPath } from "../../../shared/prerendered-pages";
import { getJson } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

/** The ads list is re-read every 30 s. */
export const discoveryRefreshMs = 30_000;

/** How Discover orders ads: the default (featured, unwatched, newest), Trending, or Near Me. */
export type DiscoveryMode =
  | { sort: "default" }
  | { sort: "trending" }
  | { sort: "near"; position: { lat: number; lng: number } | null };

export function discoveryUrl(mode: DiscoveryMode): string {
  // The member's home shell asks for this exact address as it loads (scripts/prerender.ts).
  if (mode.sort === "default") return discoveryPath;
  const params = new URLSearchParams({ sort: mode.sort });
  if (mode.sort === "near" && mode.position) {
    params.set("lat", String(mode.position.lat));
    params.set("lng", String(mode.position.lng));
  }
  return `${discoveryPath}?${params}`;
}

/** The signed-in user's Discover list, keyed by user so another account on this phone never sees it. */
export function useDiscovery(mode: DiscoveryMode) {
  const { user } = useAuth();
  const query = useQuery<DiscoveryAd[]>({
    queryKey: discoveryQueryKey(discoveryUrl(mode), user?.id),
    queryFn: getJson(discoveryUrl(mode)),
    enabled: user !== null,
    staleTime: 0,
    refetchInterval: discoveryRefreshMs,
    placeholderData: (previous) => previous,
  });
  useRecheckSessionOn401(query.error);
  return query;
}
