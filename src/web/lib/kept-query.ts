import { type QueryKey, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "./api-client";
import { useAuth } from "./auth";
import { keepOnDevice, readFromDevice } from "./device-copy";
import { freshWhileAPageOpens } from "./query-client";
import { useRecheckSessionOn401 } from "./session-expiry";

/**
 * A signed-in member's own read (GET `url`) whose last answer is kept on this phone: the page opens
 * with it at once, even with no signal, while the server is asked again. Keyed by member (`keyOf`), so
 * another account on the phone never gets it. `dataUpdatedAt` tells when the shown copy was read.
 */
export function useQueryKeptOnDevice<T>(url: string, keyOf: (userId: number | undefined) => QueryKey) {
  const { user } = useAuth();
  const userId = user?.id;
  const query = useQuery<T>({
    queryKey: keyOf(userId),
    enabled: userId !== undefined,
    // What is kept can change elsewhere (a code used at a counter), so every visit asks again: the copy
    // from the phone is stale at once, an answer read on this visit is shared while the page opens.
    staleTime: ({ state }) => (state.dataUpdateCount > 0 ? freshWhileAPageOpens : 0),
    queryFn: () => apiJson<T>("GET", url),
    initialData: () => (userId === undefined ? undefined : readFromDevice<T>(url, userId)?.data),
    initialDataUpdatedAt: () => (userId === undefined ? undefined : readFromDevice(url, userId)?.savedAt),
  });
  // Whatever answer is newer than the phone's copy is kept: one the page fetched, or one the server
  // rendered the page from (which no fetch of this page ever reads).
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (userId === undefined || data === undefined) return;
    const kept = readFromDevice(url, userId);
    if (!kept || kept.savedAt < dataUpdatedAt) keepOnDevice(url, userId, data);
  }, [url, userId, data, dataUpdatedAt]);
  useRecheckSessionOn401(query.error);
  return query;
}

/** True once `active` has stayed true for `afterMs` (a request that is taking too long on a weak signal). */
export function useStillTrueAfter(active: boolean, afterMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!active) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => clearTimeout(timer);
  }, [active, afterMs]);
  return late;
}
