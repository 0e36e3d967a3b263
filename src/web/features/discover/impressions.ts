import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "../../lib/api-client";
import { onBeforeSignOut } from "../../lib/auth";

const impressionsUrl = "/api/ads/impressions";
const flushEveryMs = 5_000;
const maxPerRequest = 50;
const visibleRatio = 0.5;

/** Ads already reported from this tab: the server counts one impression per user, ad and day anyway. */
const reported = new Set<number>();
/** Ads seen but not sent yet, for whichever member is signed in now. */
let pending: number[] = [];

function send(adIds: number[], keepalive: boolean): Promise<void>[] {
  const requests: Promise<void>[] = [];
  for (let i = 0; i < adIds.length; i += maxPerRequest) {
    const batch = adIds.slice(i, i + maxPerRequest);
    requests.push(
      apiRequest("POST", impressionsUrl, { adIds: batch }, { keepalive }).then(
        () => undefined,
        (error: unknown) => {
          // An impression is analytics, never worth an error on screen; let a later flush retry it.
          for (const id of batch) reported.delete(id);
          console.debug("Impressions not sent", error);
        },
      ),
    );
  }
  return requests;
}

function flushImpressions(keepalive = false): Promise<void> {
  if (pending.length === 0) return Promise.resolve();
  const adIds = pending;
  pending = [];
  return Promise.all(send(adIds, keepalive)).then(() => undefined);
}

// Send what this member saw before Logout ends their session; the next member starts afresh.
onBeforeSignOut(async () => {
  await flushImpressions(true);
  reported.clear();
});

/**
 * Counts the ad cards that became at least half visible and reports them in batches: at most every
 * 5 s, and when the page is hidden or left (fetch keepalive), so a scroll costs few requests.
 * Returns a function to register a card's element for an ad id.
 */
export function useImpressionTracker() {
  const observer = useRef<IntersectionObserver | null>(null);
  // Cards register as they mount (before this hook's effect runs), so they are kept here and observed
  // once the observer exists.
  const cards = useRef(new Map<Element, number>());

  const flush = useCallback((keepalive = false) => void flushImpressions(keepalive), []);

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < visibleRatio) continue;
          const adId = cards.current.get(entry.target);
          io.unobserve(entry.target);
          if (adId === undefined || reported.has(adId)) continue;
          reported.add(adId);
          pending.push(adId);
        }
      },
      { threshold: visibleRatio },
    );
    observer.current = io;
    for (const [element, adId] of cards.current) if (!reported.has(adId)) io.observe(element);
    const timer = setInterval(() => flush(), flushEveryMs);
    const onPageHide = () => flush(true);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush(true);
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      io.disconnect();
      observer.current = null;
      clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibility);
      flush(true);
    };
  }, [flush]);

  /** Registers a card's element; returns the cleanup for when the card unmounts (a React 19 ref cleanup). */
  return useCallback((adId: number, element: Element) => {
    cards.current.set(element, adId);
    if (!reported.has(adId)) observer.current?.observe(element);
    return () => {
      cards.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);
}
