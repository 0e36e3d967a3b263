import { z } from "zod";
import { categories } from "../categories";
import { formatCedis } from "../money";
import { minAdDurationSeconds } from "../plans";
import { tierIds } from "../tiers";
import { rewardTypes } from "./ad-options";
import { optionalText, requiredText } from "./common";
import { maxId } from "./ids";

export { mediaLimits, type RewardType } from "./ad-options";

/** A cashback reward's bounds: GH₵ 0.50 to GH₵ 500 (docs/product-rules.md#cashback). */
export const cashbackMinPesewas = 50;
export const cashbackMaxPesewas = 50_000;

const optionalPositive = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be at least 1`)
      .optional(),
  );

/**
 * What a business sets on an ad (docs/product-rules.md#payments-plans has the plan rules). The plan's own
 * limits (ad count, video, duration) are checked by the server against the company's plan.
 */
export const adInput = z
  .object({
    title: requiredText("Title", 80),
    description: optionalText("Description", 500),
    category: z.enum(categories as [string, ...string[]], { error: "Choose a category from the catalogue" }),
    mediaId: z
      .number({ error: "Upload an image or video" })
      .int()
      .positive("Upload an image or video")
      .max(maxId, "Upload an image or video"),
    durationSeconds: z
      .number({ error: "Duration must be a number of seconds" })
      .int("Duration must be a whole number of seconds")
      .min(minAdDurationSeconds, `Duration must be at least ${minAdDurationSeconds} seconds`),
    rewardType: z.enum(rewardTypes, { error: "Choose a reward type" }),
    discountPercent: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.number().int().min(1, "Discount must be 1 to 100%").max(100, "Discount must be 1 to 100%").optional(),
    ),
    discountCodes: z
      .array(
        z.string().trim().min(1, "A code cannot be empty").max(40, "A code must be at most 40 characters"),
      )
      .max(5000, "At most 5,000 codes")
      .default([]),
    useCustomCode: z.boolean().default(false),
    customDiscountCode: optionalText("Custom code", 40),
    xpPointsReward: z
      .number()
      .int()
      .min(0, "XP must be 0 to 100")
      .max(100, "XP must be 0 to 100")
      .default(10),
    badgeName: optionalText("Badge name", 60),
    experienceContent: optionalText("Experience content", 5000),
    prizeEntryDetails: optionalText("Prize entry details", 500),
    /** A cashback ad's amount per reward (docs/product-rules.md#cashback). */
    cashbackPesewas: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .number({ error: "Enter the cashback in pesewas" })
        .int("Enter the cashback in whole pesewas")
        .min(cashbackMinPesewas, `Cashback is at least ${formatCedis(cashbackMinPesewas)}`)
        .max(cashbackMaxPesewas, `Cashback is at most ${formatCedis(cashbackMaxPesewas)}`)
        .optional(),
    ),
    maxRedemptions: z
      .number()
      .int()
      .min(1, "Maximum redemptions must be at least 1")
      .max(1_000_000)
      .default(1000),
    dailyRedemptionCap: optionalPositive("Daily cap"),
    weeklyRedemptionCap: optionalPositive("Weekly cap"),
    requiredTier: z.enum(tierIds).default("bronze"),
    isPlus: z.boolean().default(false),
    expiresAt: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.iso.datetime({ offset: true, error: "Expiry must be a date and time" }).optional(),
    ),
    /** One of the business's branches: its name and address then fill branchName and locationAddress. */
    branchId: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .number({ error: "Choose one of your branches" })
        .int()
        .positive()
        .max(maxId, "Choose one of your branches")
        .optional(),
    ),
    branchName: optionalText("Branch name", 80),
    locationAddress: optionalText("Branch address", 200),
    googleMapsLink: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .url({ protocol: /^https?$/, error: "Map link must be a web address (https://…)" })
        .max(500)
        .optional(),
    ),
  })
  .superRefine((ad, ctx) => {
    if (ad.rewardType === "discount") {
      const hasCode = ad.useCustomCode ? Boolean(ad.customDiscountCode) : ad.discountCodes.length > 0;
      if (!hasCode) {
        ctx.addIssue({
          code: "custom",
          path: [ad.useCustomCode ? "customDiscountCode" : "discountCodes"],
          message: "At least one discount code required",
        });
      }
      if (!ad.discountPercent) {
        ctx.addIssue({ code: "custom", path: ["discountPercent"], message: "Give the discount in percent" });
      }
    }
    if (new Set(ad.discountCodes.map((c) => c.toUpperCase())).size !== ad.discountCodes.length) {
      ctx.addIssue({
        code: "custom",
        path: ["discountCodes"],
        message: "Each discount code must be different",
      });
    }
    if (ad.rewardType === "cashback" && !ad.cashbackPesewas) {
      ctx.addIssue({ code: "custom", path: ["cashbackPesewas"], message: "Give the cashback amount" });
    }
    if (ad.rewardType === "badge" && !ad.badgeName) {
      ctx.addIssue({ code: "custom", path: ["badgeName"], message: "Name the badge people earn" });
    }
    if (ad.rewardType === "experience" && !ad.experienceContent) {
      ctx.addIssue({
        code: "custom",
        path: ["experienceContent"],
        message: "Write the content people unlock",
      });
    }
    if (ad.dailyRedemptionCap && ad.weeklyRedemptionCap && ad.dailyRedemptionCap > ad.weeklyRedemptionCap) {
      ctx.addIssue({
        code: "custom",
        path: ["dailyRedemptionCap"],
        message: "The daily cap cannot exceed the weekly cap",
      });
    }
    if (ad.weeklyRedemptionCap && ad.weeklyRedemptionCap > ad.maxRedemptions) {
      ctx.addIssue({
        code: "custom",
        path: ["weeklyRedemptionCap"],
        message: "The weekly cap cannot exceed maximum redemptions",
      });
    }
  });
export type AdInput = z.input<typeof adInput>;

/** The owner's view of an ad in the dashboard. */
export const companyAd = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  adType: z.enum(["image", "video"]),
  mediaId: z.number().int().nullable(),
  mediaUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  rewardType: z.enum(rewardTypes),
  discountPercent: z.number().int().nullable(),
  discountCodesTotal: z.number().int(),
  discountCodesLeft: z.number().int(),
  /** The pool's codes nobody has received yet (the owner edits these). */
  discountCodes: z.array(z.string()),
  useCustomCode: z.boolean(),
  customDiscountCode: z.string().nullable(),
  xpPointsReward: z.number().int(),
  badgeName: z.string().nullable(),
  experienceContent: z.string().nullable(),
  prizeEntryDetails: z.string().nullable(),
  cashbackPesewas: z.number().int().nullable(),
  maxRedemptions: z.number().int(),
  dailyRedemptionCap: z.number().int().nullable(),
  weeklyRedemptionCap: z.number().int().nullable(),
  requiredTier: z.enum(tierIds),
  isPlus: z.boolean(),
  expiresAt: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  locationAddress: z.string().nullable(),
  googleMapsLink: z.string().nullable(),
  status: z.enum(["active", "paused", "expired"]),
  viewCount: z.number().int(),
  impressionCount: z.number().int(),
  createdAt: z.string(),
});
export type CompanyAd = z.infer<typeof companyAd>;

/** An ad card on Discover (clients read id, title, description, category, mediaUrl, mediaType, company). */
export const discoveryAd = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  mediaUrl: z.string(),
  mediaType: z.enum(["image", "video"]),
  thumbnailUrl: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  isFeatured: z.boolean(),
  isWatched: z.boolean(),
  rewardType: z.enum(rewardTypes),
  distanceKm: z.number().nullable(),
  /**
   * A prize-entry ad: the prize of the month's draw its reward would enter (set by the platform, not the
   * business); null for other ads and while the month's prize isn't announced.
   */
  drawPrize: z.string().nullable(),
  /** A cashback ad: what its reward pays into the member's cashback once used at the counter; else null. */
  cashbackPesewas: z.number().int().nullable(),
});
export type DiscoveryAd = z.infer<typeof discoveryAd>;

export const discoveryQuery = z.object({
  sort: z.enum(["default", "trending", "near"]).default("default"),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

export const uploadedMedia = z.object({
  id: z.number().int(),
  kind: z.enum(["image", "video"]),
  url: z.string(),
  thumbnailUrl: z.string(),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  sizeBytes: z.number().int(),
});
export type UploadedMedia = z.infer<typeof uploadedMedia>;

/** GET /api/ads/:adId: one ad as the viewer plays it. */
export const viewerAd = discoveryAd.extend({
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().int(),
  minWatchPercent: z.number().int(),
  discountPercent: z.number().int().nullable(),
  xpPointsReward: z.number().int(),
  googleMapsLink: z.string().nullable(),
  branchName: z.string().nullable(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type ViewerAd = z.infer<typeof viewerAd>;
