import { QueryClient } from "@tanstack/react-query";
import { isOnline } from "./network-status";

const fiveMinutes = 5 * 60 * 1000;

/**
 * How long a read that every visit asks again counts as fresh: long enough that the parts of a page
 * shown a moment after its first screen (below the fold, a task later) share the answer it opened with,
 * instead of asking again over the member's data.
 */
export const freshWhileAPageOpens = 3_000;

/** Fresh for 5 minutes, no refetch on focus, no polling by default,
 * up to 3 retries (backing off) but never offline or after a 401, nothing asked again offline, and
 * mutations never retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // No default read: each query names its own, since its key says what it is, not where it is read.
      queries: {
        staleTime: fiveMinutes,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        // With no network a retry can only fail again: the screen says so at once, and the query is read
        // again when the connection returns (refetchOnReconnect).
        retry: (failureCount, error) =>
          isOnline() && !String(error?.message).includes("401") && failureCount < 3,
        // Try even when the browser says offline, so a screen shows its error instead of waiting forever.
        networkMode: "offlineFirst",
        // Offline, a screen (or a part of one) appearing never asks again for a read that has failed or has a
        // copy to show: each try can only fail again, and a part that appears when a read answers and goes
        // when it is asked again would otherwise ask in a loop (My Rewards did, ~120 requests a second). The
        // reconnect reads everything again (refetchOnReconnect), then retries back off as above.
        retryOnMount: () => isOnline(),
        refetchOnMount: () => isOnline(),
      },
      // A form sent offline fails at once with its error message, and is never sent later behind the user's
      // back.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
