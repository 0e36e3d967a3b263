import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { mobileWatchPath, paths } from "../../app/paths";
import { cachedDiscoveryOrder } from "./api";

/**
 * Next and previous follow Discover's cached order. Without it (or past the end), next goes back to
 * Discover; previous at the start stays put. Moving between ads replaces the history entry, so Back
 * returns to wherever the viewer was opened from.
 */
export function useAdNavigation(adId: number | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const step = useCallback(
    (direction: 1 | -1) => {
      const order = cachedDiscoveryOrder(queryClient);
      const index = order && adId !== null ? order.indexOf(adId) : -1;
      const target = order && index >= 0 ? order[index + direction] : undefined;
      if (target !== undefined) navigate(mobileWatchPath(target), { replace: true });
      else if (direction === 1) navigate(paths.home);
    },
    [adId, navigate, queryClient],
  );

  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
  const close = useCallback(() => navigate(paths.home), [navigate]);
  return { next, previous, close };
}
