import { z } from "zod";
import { type AdInput, adInput, type CompanyAd, type RewardType } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { adDurationLimitMessage } from "../../../shared/plans";
import type { TierId } from "../../../shared/tiers";
import { accraDay, endOfAccraDay } from "../../lib/dates";

/**
 * The ad form checks with `adInput`, the contract the server uses: these rules only turn what the inputs
 * hold into that request, and add the plan's limits the server also applies.
 */

/** The ad form's values: text as typed (numbers too), the uploaded media's id, the checkboxes. */
export interface AdFormValues {
  title: string;
  description: string;
  category: string;
  mediaId: number | null;
  durationSeconds: string;
  rewardType: RewardType;
  discountPercent: string;
  useCustomCode: boolean;
  customDiscountCode: string;
  discountCodes: string;
  xpPointsReward: string;
  badgeName: string;
  experienceContent: string;
  prizeEntryDetails: string;
  maxRedemptions: string;
  dailyRedemptionCap: string;
  weeklyRedemptionCap: string;
  requiredTier: TierId;
  isPlus: boolean;
  expiresAt: string;
  branchName: string;
  locationAddress: string;
  googleMapsLink: string;
}

const shown = (value: string | number | null | undefined) => (value == null ? "" : String(value));

/** The form's starting values: the ad being edited, or a new ad's defaults within the plan. */
export function adFormValues(ad: CompanyAd | null, plan: PlanStatus): AdFormValues {
  return {
    title: ad?.title ?? "",
    description: shown(ad?.description),
    category: ad?.category ?? "",
    mediaId: ad?.mediaId ?? null,
    durationSeconds: String(ad?.durationSeconds ?? Math.min(10, plan.maxAdDurationSeconds)),
    rewardType: ad?.rewardType ?? "discount",
    discountPercent: shown(ad?.discountPercent),
    useCustomCode: ad?.useCustomCode ?? false,
    customDiscountCode: shown(ad?.customDiscountCode),
    // The pool's unused codes, so saving without changes keeps them.
    discountCodes: ad?.discountCodes.join("\n") ?? "",
    xpPointsReward: String(ad?.xpPointsReward ?? 10),
    badgeName: shown(ad?.badgeName),
    experienceContent: shown(ad?.experienceContent),
    prizeEntryDetails: shown(ad?.prizeEntryDetails),
    maxRedemptions: String(ad?.maxRedemptions ?? 1000),
    dailyRedemptionCap: shown(ad?.dailyRedemptionCap),
    weeklyRedemptionCap: shown(ad?.weeklyRedemptionCap),
    requiredTier: ad?.requiredTier ?? "bronze",
    isPlus: ad?.isPlus ?? false,
    expiresAt: ad?.expiresAt ? accraDay(new Date(ad.expiresAt)) : "",
    branchName: shown(ad?.branchName),
    locationAddress: shown(ad?.locationAddress),
    googleMapsLink: shown(ad?.googleMapsLink),
  };
}

/** The codes typed one per line: trimmed, blank lines dropped. */
export function codeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const text = (value: string) => value.trim() || undefined;
const count = (value: string) => (value.trim() ? Number(value) : undefined);

/**
 * The request body: only the reward type's own fields, numbers as numbers, an empty box left out (the
 * contract's defaults apply), the expiry date as the end of that day in Accra.
 */
export function toAdInput(values: AdFormValues): AdInput {
  const discount = values.rewardType === "discount";
  return {
    title: values.title,
    description: text(values.description),
    category: values.category,
    mediaId: values.mediaId ?? undefined,
    durationSeconds: count(values.durationSeconds),
    rewardType: values.rewardType,
    discountPercent: discount ? count(values.discountPercent) : undefined,
    discountCodes: discount && !values.useCustomCode ? codeLines(values.discountCodes) : [],
    useCustomCode: discount && values.useCustomCode,
    customDiscountCode: discount && values.useCustomCode ? text(values.customDiscountCode) : undefined,
    xpPointsReward: count(values.xpPointsReward),
    badgeName: values.rewardType === "badge" ? text(values.badgeName) : undefined,
    experienceContent: values.rewardType === "experience" ? text(values.experienceContent) : undefined,
    prizeEntryDetails: values.rewardType === "prize_entry" ? text(values.prizeEntryDetails) : undefined,
    maxRedemptions: count(values.maxRedemptions),
    dailyRedemptionCap: count(values.dailyRedemptionCap),
    weeklyRedemptionCap: count(values.weeklyRedemptionCap),
    requiredTier: values.requiredTier,
    isPlus: values.isPlus,
    expiresAt: text(values.expiresAt) ? endOfAccraDay(values.expiresAt.trim()) : undefined,
    branchName: text(values.branchName),
    locationAddress: text(values.locationAddress),
    googleMapsLink: text(values.googleMapsLink),
    // An empty required box (no media, no duration) is left undefined for the contract to name it.
  } as AdInput;
}

/**
 * The ad form's schema: the values as a request, checked by the contract, then by the plan's length
 * limit and a future expiry (both checked again by the server). `today` is the Accra day.
 */
export function adFormSchema(plan: PlanStatus, today: string) {
  return z
    .custom<AdFormValues>()
    .transform(toAdInput)
    .pipe(adInput)
    .superRefine((ad, ctx) => {
      if (ad.durationSeconds > plan.maxAdDurationSeconds) {
        ctx.addIssue({
          code: "custom",
          path: ["durationSeconds"],
          message: adDurationLimitMessage(plan.plan, plan.maxAdDurationSeconds),
        });
      }
      if (ad.expiresAt && ad.expiresAt < endOfAccraDay(today)) {
        ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Expiry must be in the future" });
      }
    });
}
