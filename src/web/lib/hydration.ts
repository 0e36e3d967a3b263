import { useSyncExternalStore } from "react";

const noChanges = () => () => undefined;

/**
 * False while the browser adopts a page the server rendered (its controls are drawn but not yet
 * answering), true once the app is live, and from the start on pages the browser renders itself.
 * Controls that need the app use it to stay disabled until they work.
 */
export function useIsLive(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
