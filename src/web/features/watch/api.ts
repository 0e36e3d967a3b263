import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DiscoveryAd, ViewerAd } from "../../../shared/contracts/ads";
import type { InteractionRequest, LikeState } from "../../../shared/contracts/interactions";
import type { ProgressResponse, WatchSession } from "../../../shared/contracts/watch";
import { discoveryPath } from "../../../shared/prerendered-pages";
import { apiJson, apiRequest, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

function viewerAdUrl(adId: number): string {
  return `/api/ads/${adId}`;
}

/** One ad as the viewer plays it; a 404 (not available) is final, so it is never retried. */
export function useViewerAd(adId: number | null) {
  const { user } = useAuth();
  const query = useQuery<ViewerAd>({
    queryKey: queryKeys.ads.viewer(adId ?? 0, user?.id),
    queryFn: getJson(viewerAdUrl(adId ?? 0)),
    enabled: adId !== null && user !== null,
    staleTime: 0,
    // Fewer tries than elsewhere: a member waiting in the viewer should hear of a problem sooner.
    retry: (failureCount, error) => failureCount < 2 && retryUnlessRefused(failureCount, error),
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/**
 * Fetches the next ad's details (a small JSON answer, never its media) while this one plays, so moving
 * on shows the ad at once instead of a loading screen.
 */
export function usePrefetchViewerAd(adId: number | null, ready: boolean) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  useEffect(() => {
    if (!ready || adId === null || user === null) return;
    void queryClient.prefetchQuery({
      queryKey: queryKeys.ads.viewer(adId, user.id),
      queryFn: getJson<ViewerAd>(viewerAdUrl(adId)),
    });
  }, [adId, ready, user, queryClient]);
}

export function startWatchSession(adId: number): Promise<WatchSession> {
  return apiJson<WatchSession>("POST", "/api/watch/sessions", { adId });
}

export function reportWatchProgress(sessionId: number, watchedSeconds: number): Promise<ProgressResponse> {
  return apiJson<ProgressResponse>("POST", `/api/watch/sessions/${sessionId}/progress`, { watchedSeconds });
}

/** Discover's lists are keyed by their address (see features/discover/api.ts). */
export function isDiscoveryKey(key: readonly unknown[]): boolean {
  return typeof key[0] === "string" && key[0].startsWith(discoveryPath);
}

/**
 * The ids in the order Discover showed them, read from its cache (the most recently loaded list, so a
 * Trending or Near Me list is followed when that is what the member was looking at). Null when none is cached.
 */
export function cachedDiscoveryOrder(queryClient: QueryClient): number[] | null {
  const lists = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isDiscoveryKey(query.queryKey) })
    .filter((query) => Array.isArray(query.state.data))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const first = lists[0]?.state.data as DiscoveryAd[] | undefined;
  return first ? first.map((ad) => ad.id) : null;
}

/** Marks the ad watched in the cached Discover lists without refetching them (the order stays put). */
export function markWatchedInDiscovery(queryClient: QueryClient, adId: number) {
  queryClient.setQueriesData<DiscoveryAd[]>(
    { predicate: (query) => isDiscoveryKey(query.queryKey) },
    (list) => list?.map((ad) => (ad.id === adId ? { ...ad, isWatched: true } : ad)),
  );
}

export function setAdLiked(adId: number, liked: boolean): Promise<LikeState> {
  return apiJson<LikeState>(liked ? "PUT" : "DELETE", `/api/ads/${adId}/like`);
}

/** Shares and map visits are analytics for the business: a lost report must never bother the member. */
export function recordAdInteraction(adId: number, interaction: InteractionRequest): void {
  apiRequest("POST", `/api/ads/${adId}/interactions`, interaction, { keepalive: true }).catch(
    () => undefined,
  );
}
