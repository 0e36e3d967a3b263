/** Rewards: what members earned, the ads' discount-code pools, and (next) redemptions and reward QR. */
export { type CodePool, codePoolsOf, setFreeCodes } from "./code-pools.service";
export { rewardsRoutes } from "./rewards.routes";
export { issueReward, type RewardSourceAd, rewardIssuedBy } from "./rewards.service";
