import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

// TanStack Query assumes a connection until an `offline` event fires, and a page opened with no signal
// never gets one; navigator.onLine is reliable when it says false, so start from it.
if (typeof navigator !== "undefined" && navigator.onLine === false) onlineManager.setOnline(false);
// TanStack Query listens for `online` and `offline` only while something subscribes to it: a signal that
// returns while the page is still starting (before the first screen subscribes), or between two screens,
// would leave it offline for good. The phone's word is followed from the start instead.
if (typeof window !== "undefined" && window.addEventListener) {
  window.addEventListener("online", () => onlineManager.setOnline(true));
  window.addEventListener("offline", () => onlineManager.setOnline(false));
}

/** False once the phone has said it has no network (it may still say true on a dead connection). */
export function isOnline(): boolean {
  return onlineManager.isOnline();
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    // Pre-rendered pages are written online; a phone that is offline re-renders at once after hydrating.
    () => true,
  );
}

/** The request never got an answer (no signal, DNS failure, dropped connection), as opposed to an error reply. */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
