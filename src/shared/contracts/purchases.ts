import { z } from "zod";
import { branch } from "./branches";
import { requiredText } from "./common";
import { idSchema } from "./ids";
import { dataUrlImage } from "./share-proofs";

/*
 * Verified purchases and reviews: a member reports a purchase at a business with a receipt photo, staff
 * verify it, and only then may the member review that business (one review per member and business).
 * Money is integer pesewas (GH₵ 20.00 is 2000).
 */

/** The most a single reported purchase may be: GH₵ 100,000. */
export const maxPurchasePesewas = 10_000_000;
/** How far back a purchase may be reported. */
export const purchaseReportWindowDays = 90;
/** Reports per member per day. */
export const dailyPurchaseReports = 10;
/** Reports from different members that take a review off the business's page until staff look. */
export const reportsToUnpublish = 3;

const pesewas = (label: string) =>
  z
    .number({ error: `${label} must be an amount in pesewas` })
    .int(`${label} must be a whole number of pesewas`)
    .min(0, `${label} cannot be negative`)
    .max(maxPurchasePesewas, `${label} must be at most GH₵ 100,000`);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (YYYY-MM-DD) is a real calendar day. */
function isCalendarDay(day: string): boolean {
  if (!isoDay.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * Why a purchase day can't be reported, or null: not in the future, not older than 90 days. Both sides
 * use it with their own "today" (Accra time, which is UTC), so the server's clock decides in the end.
 */
export function purchaseDateProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return "Enter the date of the purchase";
  if (day > today) return "The purchase date can't be in the future";
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - purchaseReportWindowDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  // Written out (not built from the window) so the catalog of translations can find it.
  if (day < oldest) return "Purchases older than 90 days can't be reported";
  return null;
}

/** POST /api/purchases */
export const reportPurchaseRequest = z
  .object({
    companyId: idSchema,
    purchaseAmountPesewas: pesewas("Amount").min(1, "Enter the amount you paid"),
    discountAmountPesewas: pesewas("Discount").default(0),
    receiptNumber: requiredText("Receipt number", 60),
    receiptImage: dataUrlImage,
    /** The day of the purchase (YYYY-MM-DD, Accra); today when left out. */
    purchaseDate: z
      .string({ error: "Enter the date of the purchase" })
      .refine(isCalendarDay, "Enter the date of the purchase")
      .optional(),
    /** The member's own reward at this business, when the purchase used it. */
    rewardId: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.discountAmountPesewas > body.purchaseAmountPesewas) {
      ctx.addIssue({
        code: "custom",
        path: ["discountAmountPesewas"],
        message: "The discount can't be more than the amount",
      });
    }
  });
export type ReportPurchaseRequest = z.input<typeof reportPurchaseRequest>;

export const purchaseStatuses = ["pending", "verified", "rejected"] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

/** A purchase as its member sees it. */
export const myPurchase = z.object({
  id: idSchema,
  company: z.object({ id: idSchema, name: z.string() }),
  purchaseAmountPesewas: z.number().int(),
  discountAmountPesewas: z.number().int(),
  finalAmountPesewas: z.number().int(),
  receiptNumber: z.string(),
  receiptImageUrl: z.string().nullable(),
  purchaseDate: z.iso.datetime(),
  status: z.enum(purchaseStatuses),
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Verified, and the member has not reviewed this business yet. */
  canReview: z.boolean(),
});
export type MyPurchase = z.infer<typeof myPurchase>;

export const myPurchasesResponse = z.object({ purchases: z.array(myPurchase) });
export type MyPurchasesResponse = z.infer<typeof myPurchasesResponse>;

/** GET /api/staff/purchases?status=pending: newest first. */
export const staffPurchasesQuery = z.object({
  status: z
    .enum(purchaseStatuses, { error: "Status must be pending, verified or rejected" })
    .default("pending"),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const staffPurchase = myPurchase.omit({ canReview: true }).extend({
  member: z.object({ id: idSchema, displayName: z.string(), anigyeId: z.string() }).nullable(),
  flagged: z.boolean(),
  flagReason: z.string().nullable(),
  rewardId: z.number().int().nullable(),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
});
export type StaffPurchase = z.infer<typeof staffPurchase>;

export const staffPurchasesResponse = z.object({
  purchases: z.array(staffPurchase),
  /** Pass as `before` for the next page (older purchases). */
  nextBefore: z.number().int().nullable(),
});
export type StaffPurchasesResponse = z.infer<typeof staffPurchasesResponse>;

/** POST /api/staff/purchases/:id/decision */
export const purchaseDecisionRequest = z
  .object({
    status: z.enum(["verified", "rejected"], { error: "Status must be verified or rejected" }),
    reason: z
      .string({ error: "Reason must be text" })
      .trim()
      .max(500, "Reason must be at most 500 characters")
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((body, ctx) => {
    if (body.status === "rejected" && !body.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Give a reason for rejecting" });
    }
  });
export type PurchaseDecisionRequest = z.input<typeof purchaseDecisionRequest>;

// --- Reviews -------------------------------------------------------------------------------------

/** POST /api/companies/:id/reviews */
export const writeReviewRequest = z.object({
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  title: requiredText("Title", 100),
  text: requiredText("Review", 2000),
  isAnonymous: z.boolean({ error: "isAnonymous must be true or false" }).default(false),
});
export type WriteReviewRequest = z.input<typeof writeReviewRequest>;

/** The name shown for an anonymous review (the reviewer's own name never leaves the server). */
export const anonymousReviewer = "Anigye member";

export const publicReview = z.object({
  id: idSchema,
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  author: z.string(),
  verifiedPurchase: z.boolean(),
  helpfulVotes: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The signed-in member marked it helpful (false when signed out). */
  votedHelpful: z.boolean(),
  /** The signed-in member reported it. */
  reported: z.boolean(),
  /** The signed-in member wrote it. */
  isMine: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReview>;

export const reviewsQuery = z.object({
  /** Older than this review id (the next page). */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/companies/:id/reviews: published reviews, newest first. */
export const reviewsResponse = z.object({
  /** Mean of the published reviews' ratings, one decimal; null without reviews. */
  averageRating: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(publicReview),
  nextBefore: z.number().int().nullable(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

/** POST /api/reviews/:id/report */
export const reportReviewRequest = z.object({ reason: requiredText("Reason", 300) });

export const reviewVoteResponse = z.object({
  helpfulVotes: z.number().int(),
  votedHelpful: z.boolean(),
  reported: z.boolean(),
  isPublished: z.boolean(),
});
export type ReviewVoteResponse = z.infer<typeof reviewVoteResponse>;

// --- The business's public page ------------------------------------------------------------------

/** GET /api/companies/:id/public: what anyone may see about a business, and where the member stands. */
export const publicCompany = z.object({
  id: idSchema,
  name: z.string(),
  logo: z.string().nullable(),
  storefrontImage: z.string().nullable(),
  category: z.string(),
  subcategory: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  businessHours: z.string().nullable(),
  /** The business's own map link, else a search for its address; null without either. */
  mapUrl: z.string().nullable(),
  /** Its live branches, its first location first, each with directions. */
  branches: z.array(branch),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** The signed-in member's standing here; null when signed out. */
  me: z
    .object({
      /** A verified purchase here and no review yet. */
      canReview: z.boolean(),
      hasReviewed: z.boolean(),
      pendingPurchases: z.number().int(),
    })
    .nullable(),
});
export type PublicCompany = z.infer<typeof publicCompany>;
