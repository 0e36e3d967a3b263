import type { Ad } from "../ads";

/** The seconds of an ad a view must reach for its reward (the ad's minimum share of its length). */
export function requiredSecondsFor(ad: Pick<Ad, "durationSeconds" | "minWatchPercent">): number {
  return (ad.durationSeconds * ad.minWatchPercent) / 100;
}

/**
 * The whole view may run a little ahead of the server's clock (network jitter, timer rounding): at most
 * 10 % plus 1.5 s over the real time since it started. The allowance is for the view, not per report, so
 * many small reports can't add it up.
 */
export const toleranceSeconds = 1.5;
export const toleranceRatio = 1.1;
/** A view left open longer than this (twice the ad, plus ten minutes for a call or a pause) has ended. */
export const sessionGraceSeconds = 600;
