/** Ad option lists and upload limits: plain data, safe for any page to import (no zod). */
export const rewardTypes = ["discount", "xp", "badge", "experience", "prize_entry", "cashback"] as const;
export type RewardType = (typeof rewardTypes)[number];
export const rewardTypeLabels: Record<RewardType, string> = {
  discount: "Discount",
  xp: "XP",
  badge: "Badge",
  experience: "Experience content",
  prize_entry: "Prize-draw entry",
  cashback: "Cashback to MoMo",
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
 * badges are kept for good; a prize entry counts in its month's draw. Cashback is used at the counter.
 */
export function rewardHasExpiry(rewardType: RewardType): boolean {
  return rewardType === "discount" || rewardType === "experience" || rewardType === "cashback";
}

/**
 * Whether a reward of this type is used at a shop (a discount, or cashback that staff confirm); XP,
 * badges, entries and content are the member's as soon as she earns them.
 */
export function rewardIsUsedAtShop(rewardType: RewardType): boolean {
  return rewardType === "discount" || rewardType === "cashback";
}

/**
 * The ad fields each reward type owns. An ad keeps only its own type's fields: the form sends the others
 * empty and the server stores them empty, both through `withOwnRewardFields`.
 */
export const rewardTypeFields = {
  discount: ["discountPercent", "useCustomCode", "customDiscountCode", "discountCodes"],
  xp: [],
  badge: ["badgeName"],
  experience: ["experienceContent"],
  prize_entry: ["prizeEntryDetails"],
  cashback: ["cashbackPesewas"],
} as const satisfies Record<RewardType, readonly string[]>;

type RewardField = (typeof rewardTypeFields)[RewardType][number];
const allRewardFields = [...new Set(Object.values(rewardTypeFields).flat())] as RewardField[];

/** A field's empty value: no codes, not ticked, or left out. */
function emptied(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  return typeof value === "boolean" ? false : undefined;
}

/**
 * The ad with every field of the other reward types emptied. A discount gives out one custom code or a
 * code each from the list, so the one not chosen is emptied too.
 */
export function withOwnRewardFields<T extends { rewardType: RewardType; useCustomCode?: boolean }>(ad: T): T {
  const own = new Set<RewardField>(rewardTypeFields[ad.rewardType]);
  own.delete(ad.useCustomCode ? "discountCodes" : "customDiscountCode");
  const kept: Record<string, unknown> = { ...ad };
  for (const field of allRewardFields) {
    if (!own.has(field)) kept[field] = emptied(kept[field]);
  }
  return kept as T;
}
