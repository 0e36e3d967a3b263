import type { mediaLimits as contractMediaLimits, RewardType } from "../../../shared/contracts/ads";

/*
 * The ad option lists and upload limits of src/shared/contracts/ads.ts, repeated here because that module
 * also defines the zod schemas (importing a value from it would ship zod to the phone). The type checks
 * below make the compiler fail if the contract changes and these copies don't follow.
 */
export const rewardTypes = [
  "discount",
  "xp",
  "badge",
  "experience",
  "prize_entry",
] as const satisfies readonly RewardType[];
type MissingRewardType = Exclude<RewardType, (typeof rewardTypes)[number]>;
const _everyRewardType: MissingRewardType extends never ? true : false = true;
void _everyRewardType;

export const rewardTypeLabels: Record<RewardType, string> = {
  discount: "Discount",
  xp: "XP",
  badge: "Badge",
  experience: "Experience content",
  prize_entry: "Prize-draw entry",
};

export const mediaLimits = {
  imageMaxBytes: 5 * 1024 * 1024,
  videoMaxBytes: 30 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp"],
  videoTypes: ["video/mp4", "video/webm"],
} as const satisfies typeof contractMediaLimits;
