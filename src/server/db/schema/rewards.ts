import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { proofStatusEnum, redemptionMethodEnum, rewardTypeEnum, sharePlatformEnum } from "./enums";

/**
 * A reward a user earned by watching an ad: at most one per (user, ad). Kept when the user is deleted
 * (userId set null) so caps and code assignments stay right.
 */
export const rewards = pgTable(
  "rewards",
  {
    id: id(),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    rewardType: rewardTypeEnum("reward_type").notNull(),
    discountPercent: integer("discount_percent"),
    /** The code handed to the user (from the ad's pool or its custom code). */
    discountCode: text("discount_code"),
    /** Set when the code handed out was the ad's custom code. */
    customDiscountCode: text("custom_discount_code"),
    xpPointsAwarded: integer("xp_points_awarded").notNull().default(0),
    badgeId: text("badge_id"),
    experienceContent: text("experience_content"),
    /**
     * A cashback reward's amount, reserved from the business's balance when it is issued and paid into the
     * member's cashback when it is used at the counter (null for other rewards).
     */
    cashbackPesewas: integer("cashback_pesewas"),
    contentAccessGranted: boolean("content_access_granted").notNull().default(false),

    isUsed: boolean("is_used").notNull().default(false),
    isClaimed: boolean("is_claimed").notNull().default(false),

    // Social share proof, verified by platform staff
    isShared: boolean("is_shared").notNull().default(false),
    sharedAt: tstz("shared_at"),
    sharedPlatform: sharePlatformEnum("shared_platform"),
    shareProofUrl: text("share_proof_url"),
    shareProofImageUrl: text("share_proof_image_url"),
    shareProofStatus: proofStatusEnum("share_proof_status").notNull().default("pending"),
    shareProofNotes: text("share_proof_notes"),
    verifiedBy: integer("verified_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: tstz("verified_at"),

    // Redemption
    usedAt: tstz("used_at"),
    claimedAt: tstz("claimed_at"),
    /** Free-text name of whoever claimed it at the counter. */
    claimedBy: text("claimed_by"),
    redemptionNumber: text("redemption_number"),
    redemptionProofUrl: text("redemption_proof_url"),
    redemptionLocation: text("redemption_location"),
    redemptionMethod: redemptionMethodEnum("redemption_method"),
    /** Nonce / payload of the signed, short-lived, single-use reward QR. */
    qrCodeData: text("qr_code_data"),
    qrGeneratedAt: tstz("qr_generated_at"),
    /** The short code shown under the newest reward QR, for a counter without a camera to type. */
    qrTypedCode: text("qr_typed_code"),
    /** When the newest QR and its typed code stop working (longer for a code sent by USSD). */
    qrExpiresAt: tstz("qr_expires_at"),
    qrScannedAt: tstz("qr_scanned_at"),

    expiresAt: tstz("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rewards_user_ad_key").on(t.userId, t.adId),
    uniqueIndex("rewards_redemption_number_key").on(t.redemptionNumber),
    uniqueIndex("rewards_qr_code_data_key").on(t.qrCodeData),
    // Newest first with a tie-breaker: My Rewards and Moments read a page straight off this index.
    index("rewards_user_id_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("rewards_ad_id_idx").on(t.adId),
    index("rewards_company_id_idx").on(t.companyId),
    index("rewards_company_qr_typed_code_idx")
      .on(t.companyId, t.qrTypedCode)
      .where(sql`${t.qrTypedCode} is not null`),
    index("rewards_share_queue_idx")
      .on(t.sharedAt)
      .where(sql`${t.isShared} and ${t.shareProofStatus} = 'pending'`),
    // Cashback rewards not yet used, by when they end: the release of expired ones reads these.
    index("rewards_unused_cashback_idx")
      .on(t.expiresAt)
      .where(sql`${t.cashbackPesewas} is not null and not ${t.isUsed}`),
    check("rewards_cashback_positive", sql`${t.cashbackPesewas} > 0`),
    check("rewards_discount_percent_range", sql`${t.discountPercent} between 1 and 100`),
    check("rewards_xp_points_awarded_nonnegative", sql`${t.xpPointsAwarded} >= 0`),
  ],
);

/** An ad's pool of discount codes; a code is handed to at most one reward. */
export const adDiscountCodes = pgTable(
  "ad_discount_codes",
  {
    id: id(),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    assignedRewardId: integer("assigned_reward_id").references(() => rewards.id, { onDelete: "set null" }),
    assignedAt: tstz("assigned_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ad_discount_codes_ad_code_key").on(t.adId, t.code),
    uniqueIndex("ad_discount_codes_assigned_reward_id_key").on(t.assignedRewardId),
    // Fast "next free code" pick (FOR UPDATE SKIP LOCKED).
    index("ad_discount_codes_free_idx").on(t.adId, t.id).where(sql`${t.assignedAt} is null`),
  ],
);

export type Reward = typeof rewards.$inferSelect;
export type NewReward = typeof rewards.$inferInsert;
export type AdDiscountCode = typeof adDiscountCodes.$inferSelect;
