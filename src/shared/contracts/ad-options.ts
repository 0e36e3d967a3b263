/** Ad option lists and upload limits: plain data, safe for any page to import (no zod). */
export const rewardTypes = ["discount", "xp", "badge", "experience", "prize_entry"] as const;
export type RewardType = (typeof rewardTypes)[number];
export const rewardTypeLabels: Record<RewardType, string> = {
  discount: "Discount",
  xp: "XP",
  badge: "Badge",
  experience: "Experience content",
  prize_entry: "Prize-draw entry",
};

/** Upload limits stated on the form and enforced by the server. */
export const mediaLimits = {
  imageMaxBytes: 5 * 1024 * 1024,
  videoMaxBytes: 30 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp"],
  videoTypes: ["video/mp4", "video/webm"],
} as const;

/**
 * Whether a reward of this type is something to use before a date (a code, unlocked content). XP and
 * badges are kept for good; a prize entry counts in its month's draw.
 */
export function rewardHasExpiry(rewardType: RewardType): boolean {
  return rewardType === "discount" || rewardType === "experience";
}
