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
