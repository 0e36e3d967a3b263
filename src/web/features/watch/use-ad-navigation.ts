import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { mobileWatchPath, paths } from "../../app/paths";
import { cachedDiscoveryOrder } from "./api";

/**
 * Next and previous follow Discover's cached order as it was when the viewer opened. Without it (or past the end), next closes the
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

/** The order the viewer opened with while it holds this ad; else Discover's newest cached list. */
export function orderToFollow(
  orderAtOpening: number[] | null,
  adId: number | null,
  newestCachedOrder: () => number[] | null,
): number[] | null {
  if (orderAtOpening && adId !== null && orderAtOpening.includes(adId)) return orderAtOpening;
  return newestCachedOrder();
}

export function useAdNavigation(adId: number | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Kept from the viewer's opening: marking an ad watched rewrites every cached Discover list (a search's
  // too), so "the newest list" could change while the member moves through the ads and Previous would
  // lose the ad they just saw.
  const [orderAtOpening] = useState(() => cachedDiscoveryOrder(queryClient));
  const discoveryOrder = useCallback(
    () => orderToFollow(orderAtOpening, adId, () => cachedDiscoveryOrder(queryClient)),
    [orderAtOpening, adId, queryClient],
  );

  const close = useCallback(() => {
    if (openedFromInsideTheApp()) navigate(-1);
    else navigate(paths.home, { replace: true });
  }, [navigate]);

  const step = useCallback(
    (direction: 1 | -1) => {
      const order = discoveryOrder();
      const index = order && adId !== null ? order.indexOf(adId) : -1;
      const target = order && index >= 0 ? order[index + direction] : undefined;
      if (target !== undefined) navigate(mobileWatchPath(target), { replace: true });
      else if (direction === 1) close();
    },
    [adId, navigate, discoveryOrder, close],
  );

  const order = discoveryOrder();
  const index = order !== null && adId !== null ? order.indexOf(adId) : -1;
  const hasPrevious = index > 0;
  const nextAdId = order !== null && index >= 0 ? (order[index + 1] ?? null) : null;
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
  return { next, previous, close, hasPrevious, nextAdId };
}
