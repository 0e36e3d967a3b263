/**
 * Ads: a business's ads within its plan, Discover and the viewer, likes/shares/map visits, impressions,
 * and the ads' own counters (views, completions, unlocks), which only this module writes.
 */

export type { Ad } from "../../db/schema/ads";
export { adBranchListeners } from "./ad-branches.service";
export {
  recordCompletion,
  recordUnlock,
  recordView,
  takeRedemptionSql,
} from "./ad-counters.service";
export { adStatus } from "./ad-shapes";
export { adsRoutes } from "./ads.routes";
export { findShownAd, shownWhileWatchingSql, tierRank, visibleAdsFor } from "./discovery.read-model";
export { createDiscoveryFeed, type DiscoveryFeed } from "./discovery-feed.read-model";
export { createImpressionCounter, type ImpressionCounter } from "./impressions";
export { fitAdsToPlan } from "./plan-fit.service";
