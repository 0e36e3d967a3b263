/** Rewards: what members earned, the ads' discount-code pools, and the reward row's use (for redemptions). */

export type { Reward } from "../../db/schema/rewards";
export { recentMemberRewards } from "./admin-member-rewards.read-model";
export { type CodePool, codePoolsOf, setFreeCodes } from "./code-pools.service";
export { remindExpiringRewards } from "./expiry-reminders.service";
export {
  describeRewardForCounter,
  findRewardToRedeem,
  type RewardAtCounter,
  type RewardKey,
  type RewardToRedeem,
} from "./reward-to-redeem.read-model";
export {
  findMemberReward,
  markRewardUsedSql,
  setRewardQrNonce,
} from "./reward-use.service";
export { rewardsRoutes } from "./rewards.routes";
export { issueReward, rewardIssuedBy } from "./rewards.service";
export { shareProofsRoutes } from "./share-proofs.routes";
export { memberRewardIdsForAds, rewardFigures, withdrawUnusedRewards } from "./withdrawals.service";
