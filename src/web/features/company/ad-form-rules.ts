import { categories } from "../../../shared/categories";
import type { AdInput, CompanyAd, RewardType } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { minAdDurationSeconds, plans } from "../../../shared/plans";
import { type TierId, tierIds } from "../../../shared/tiers";
import { endOfAccraDay } from "../../lib/dates";
import type { FieldErrors } from "../../lib/forms";

/**
 * The ad form's checks, mirroring `adInput` in src/shared/contracts/ads.ts and the plan checks of the
 * server (same limits, same messages). The server checks everything again.
 */
export interface AdFormState {
  mediaId: number | null;
  mediaKind: "image" | "video" | null;
  rewardType: RewardType;
  useCustomCode: boolean;
}

const webAddress = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const wholeNumber = /^\d+$/;

/** The codes typed one per line: trimmed, blank lines dropped. */
export function codeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function optionalCount(value: string | undefined, label: string): string | undefined {
  const v = value?.trim() ?? "";
  if (!v) return;
  if (!wholeNumber.test(v)) return `${label} must be a whole number`;
  if (Number(v) < 1) return `${label} must be at least 1`;
}

export function validateAd(
  values: Record<string, string>,
  state: AdFormState,
  plan: PlanStatus,
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const title = values.title?.trim() ?? "";
  if (!title) errors.title = "Title is required";
  else if (title.length > 80) errors.title = "Title must be at most 80 characters";
  if ((values.description?.trim().length ?? 0) > 500)
    errors.description = "Description must be at most 500 characters";
  if (!(categories as string[]).includes(values.category ?? ""))
    errors.category = "Choose a category from the catalogue";
  if (state.mediaId === null) errors.mediaId = "Upload an image or video";

  const duration = values.durationSeconds?.trim() ?? "";
  const planName = plans[plan.plan].name;
  if (!wholeNumber.test(duration)) errors.durationSeconds = "Duration must be a whole number of seconds";
  else if (Number(duration) < minAdDurationSeconds)
    errors.durationSeconds = `Duration must be at least ${minAdDurationSeconds} seconds`;
  else if (Number(duration) > plan.maxAdDurationSeconds)
    errors.durationSeconds = `Your ${planName} plan allows ads of up to ${plan.maxAdDurationSeconds} seconds.`;

  if (state.rewardType === "discount") {
    const percent = values.discountPercent?.trim() ?? "";
    if (!percent) errors.discountPercent = "Give the discount in percent";
    else if (!wholeNumber.test(percent) || Number(percent) < 1 || Number(percent) > 100)
      errors.discountPercent = "Discount must be 1 to 100%";
    if (state.useCustomCode) {
      const custom = values.customDiscountCode?.trim() ?? "";
      if (!custom) errors.customDiscountCode = "At least one discount code required";
      else if (custom.length > 40) errors.customDiscountCode = "Custom code must be at most 40 characters";
    } else {
      const codes = codeLines(values.discountCodes ?? "");
      if (codes.length === 0) errors.discountCodes = "At least one discount code required";
      else if (codes.some((code) => code.length > 40))
        errors.discountCodes = "A code must be at most 40 characters";
      else if (codes.length > 5000) errors.discountCodes = "At most 5,000 codes";
      else if (new Set(codes.map((c) => c.toUpperCase())).size !== codes.length)
        errors.discountCodes = "Each discount code must be different";
    }
  }
  if (state.rewardType === "badge" && !values.badgeName?.trim())
    errors.badgeName = "Name the badge people earn";
  if (state.rewardType === "experience" && !values.experienceContent?.trim())
    errors.experienceContent = "Write the content people unlock";

  const xp = values.xpPointsReward?.trim() ?? "";
  if (xp && (!wholeNumber.test(xp) || Number(xp) > 100)) errors.xpPointsReward = "XP must be 0 to 100";

  const max = values.maxRedemptions?.trim() ?? "";
  if (max && (!wholeNumber.test(max) || Number(max) < 1))
    errors.maxRedemptions = "Maximum redemptions must be at least 1";
  const daily = optionalCount(values.dailyRedemptionCap, "Daily cap");
  const weekly = optionalCount(values.weeklyRedemptionCap, "Weekly cap");
  if (daily) errors.dailyRedemptionCap = daily;
  if (weekly) errors.weeklyRedemptionCap = weekly;
  const dailyN = Number(values.dailyRedemptionCap || 0);
  const weeklyN = Number(values.weeklyRedemptionCap || 0);
  if (!daily && !weekly && dailyN && weeklyN && dailyN > weeklyN)
    errors.dailyRedemptionCap = "The daily cap cannot exceed the weekly cap";
  if (!weekly && !errors.maxRedemptions && weeklyN && weeklyN > Number(max || 1000))
    errors.weeklyRedemptionCap = "The weekly cap cannot exceed maximum redemptions";

  const expiry = values.expiresAt?.trim() ?? "";
  if (expiry && expiry < today) errors.expiresAt = "Expiry must be in the future";
  const mapLink = values.googleMapsLink?.trim() ?? "";
  if (mapLink && !webAddress.test(mapLink))
    errors.googleMapsLink = "Map link must be a web address (https://…)";
  return errors;
}

const text = (value: string | undefined) => value?.trim() || undefined;
const count = (value: string | undefined) => (value?.trim() ? Number(value) : undefined);

/** The request body: only the reward type's own fields, numbers as numbers, empty text left out. */
export function toAdInput(values: Record<string, string>, state: AdFormState): AdInput {
  const discount = state.rewardType === "discount";
  return {
    title: values.title!.trim(),
    description: text(values.description),
    category: values.category!,
    mediaId: state.mediaId!,
    durationSeconds: Number(values.durationSeconds),
    rewardType: state.rewardType,
    discountPercent: discount ? count(values.discountPercent) : undefined,
    discountCodes: discount && !state.useCustomCode ? codeLines(values.discountCodes ?? "") : [],
    useCustomCode: discount && state.useCustomCode,
    customDiscountCode: discount && state.useCustomCode ? text(values.customDiscountCode) : undefined,
    xpPointsReward: count(values.xpPointsReward) ?? 10,
    badgeName: state.rewardType === "badge" ? text(values.badgeName) : undefined,
    experienceContent: state.rewardType === "experience" ? text(values.experienceContent) : undefined,
    prizeEntryDetails: state.rewardType === "prize_entry" ? text(values.prizeEntryDetails) : undefined,
    maxRedemptions: count(values.maxRedemptions) ?? 1000,
    dailyRedemptionCap: count(values.dailyRedemptionCap),
    weeklyRedemptionCap: count(values.weeklyRedemptionCap),
    requiredTier: (tierIds as readonly string[]).includes(values.requiredTier ?? "")
      ? (values.requiredTier as TierId)
      : "bronze",
    isPlus: values.isPlus === "on",
    expiresAt: text(values.expiresAt) ? endOfAccraDay(values.expiresAt!.trim()) : undefined,
    branchName: text(values.branchName),
    locationAddress: text(values.locationAddress),
    googleMapsLink: text(values.googleMapsLink),
  };
}

/** Server field keys such as `discountCodes.3` belong to the `discountCodes` field. */
export function adFieldErrors(fields: FieldErrors): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split(".")[0]!;
    errors[field] ??= message;
  }
  return errors;
}

/** The unused codes of a saved ad, when the server lists them (older answers only give counts). */
/** The unused codes of an ad being edited, so saving without changes keeps its pool. */
export function savedCodes(ad: CompanyAd | null): string[] | null {
  return ad ? ad.discountCodes : null;
}
