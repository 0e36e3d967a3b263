/**
 * Redemptions: using a reward once (online code, staff code or reward QR) within its ad's caps. Owns the
 * redemptions table; the reward row and the ad's counters move through their own modules.
 */

export { redemptionsRoutes } from "./redemptions.routes";
export {
  alreadyRedeemed,
  isRewardQr,
  issueRewardQr,
  readRewardQr,
  readRewardTypedCode,
  redeemReward,
  typedRewardClaimOf,
  ussdRewardCodeLifetimeMs,
} from "./redemptions.service";
export { countRedemptionsSince } from "./redemptions-overview.read-model";
