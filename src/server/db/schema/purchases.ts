import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { proofStatusEnum, reviewStatusEnum } from "./enums";
import { rewards } from "./rewards";

/** Purchases a consumer reports with a receipt; platform staff verify them. */
export const verifiedPurchases = pgTable(
  "verified_purchases",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    purchaseAmountPesewas: integer("purchase_amount_pesewas").notNull(),
    discountAmountPesewas: integer("discount_amount_pesewas").notNull().default(0),
    finalAmountPesewas: integer("final_amount_pesewas").notNull(),
    currency: text("currency").notNull().default("GHS"),
    purchaseDate: tstz("purchase_date").notNull().defaultNow(),
    receiptImageUrl: text("receipt_image_url"),
    receiptNumber: text("receipt_number"),
    /** SHA-256 of the receipt photo's bytes, to flag the same photo sent twice. */
    receiptImageHash: text("receipt_image_hash"),
    verificationStatus: proofStatusEnum("verification_status").notNull().default("pending"),
    verifiedBy: integer("verified_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: tstz("verified_at"),
    rejectionReason: text("rejection_reason"),
    flaggedForReview: boolean("flagged_for_review").notNull().default(false),
    flagReason: text("flag_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("verified_purchases_user_id_idx").on(t.userId),
    index("verified_purchases_company_id_idx").on(t.companyId),
    index("verified_purchases_pending_idx").on(t.createdAt).where(sql`${t.verificationStatus} = 'pending'`),
    index("verified_purchases_receipt_number_idx").on(t.companyId, sql`lower(${t.receiptNumber})`),
    index("verified_purchases_receipt_image_idx").on(t.receiptImageHash),
    check(
      "verified_purchases_amounts_nonnegative",
      sql`${t.purchaseAmountPesewas} >= 0 and ${t.discountAmountPesewas} >= 0 and ${t.finalAmountPesewas} >= 0`,
    ),
  ],
);

/** Consumer reviews of a company, optionally tied to a verified purchase (one review per purchase). */
export const userReviews = pgTable(
  "user_reviews",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    purchaseId: integer("purchase_id").references(() => verifiedPurchases.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    reviewTitle: text("review_title"),
    reviewText: text("review_text"),
    receiptImageUrl: text("receipt_image_url"),
    verificationStatus: reviewStatusEnum("verification_status").notNull().default("unverified"),
    helpfulVotes: integer("helpful_votes").notNull().default(0),
    reportedCount: integer("reported_count").notNull().default(0),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("user_reviews_purchase_id_key").on(t.purchaseId),
    // A member reviews a company once.
    uniqueIndex("user_reviews_user_company_key").on(t.userId, t.companyId),
    index("user_reviews_company_id_idx").on(t.companyId, t.createdAt.desc()),
    index("user_reviews_user_id_idx").on(t.userId),
    check("user_reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("user_reviews_counts_nonnegative", sql`${t.helpfulVotes} >= 0 and ${t.reportedCount} >= 0`),
  ],
);

/** A member's helpful vote or report on a review: each at most once per member and review. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    id: id(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => userReviews.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** helpful | report */
    kind: text("kind").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("review_votes_review_user_kind_key").on(t.reviewId, t.userId, t.kind)],
);

export type VerifiedPurchase = typeof verifiedPurchases.$inferSelect;
export type UserReview = typeof userReviews.$inferSelect;
