import { useEffect, useRef } from "react";
import { isOnline } from "./network-status";

const isVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

/**
 * Calls `poll` every `everyMs` while `active`, the page is on screen and the phone is online, and once
 * at once when the page comes back on screen. For reads that must follow the counter closely (a stamp,
 * a redemption) without polling a phone in a pocket.
 */
export function usePollWhileVisible(poll: () => void, everyMs: number, active = true): void {
  const pollRef = useRef(poll);
  pollRef.current = poll;

  useEffect(() => {
    if (!active) return;
    const tick = () => {
      if (isVisible() && isOnline()) pollRef.current();
    };
    const timer = setInterval(tick, everyMs);
    const onVisibility = () => {
      if (isVisible()) tick();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [everyMs, active]);
}
