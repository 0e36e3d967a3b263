import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { mobileWatchPath, paths } from "../../app/paths";
import { cachedDiscoveryOrder } from "./api";

/**
 * Next and previous follow Discover's cached order. Without it (or past the end), next closes the
 * viewer; previous at the start stays put. Moving between ads replaces the history entry, and closing
 * goes back to wherever the viewer was opened from (Discover, Moments...), so the phone's Back button
 * never reopens an ad that was closed. Opened from outside the app (a shared link), closing replaces the
 * viewer with Discover.
 */
function openedFromInsideTheApp(): boolean {
  // React Router numbers its history entries; 0 is the page the tab first loaded.
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

export function useAdNavigation(adId: number | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const close = useCallback(() => {
    if (openedFromInsideTheApp()) navigate(-1);
    else navigate(paths.home, { replace: true });
  }, [navigate]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const order = cachedDiscoveryOrder(queryClient);
      const index = order && adId !== null ? order.indexOf(adId) : -1;
      const target = order && index >= 0 ? order[index + direction] : undefined;
      if (target !== undefined) navigate(mobileWatchPath(target), { replace: true });
      else if (direction === 1) close();
    },
    [adId, navigate, queryClient, close],
  );

  const order = cachedDiscoveryOrder(queryClient);
  const index = order !== null && adId !== null ? order.indexOf(adId) : -1;
  const hasPrevious = index > 0;
  const nextAdId = order !== null && index >= 0 ? (order[index + 1] ?? null) : null;
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
  return { next, previous, close, hasPrevious, nextAdId };
}
