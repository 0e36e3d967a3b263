import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies, companyBranches } from "./companies";
import { adInteractionTypeEnum, adTypeEnum, redemptionMethodEnum, rewardTypeEnum, tierEnum } from "./enums";
import { mediaFiles } from "./media";

/**
 * Ads (image or video stories). Soft-deleted with deletedAt; counters are cached totals, the per-day
 * numbers live in ad_daily_stats. Discount codes live in ad_discount_codes (rewards.ts).
 */
export const ads = pgTable(
  "ads",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    adType: adTypeEnum("ad_type").notNull().default("image"),
    mediaFileId: integer("media_file_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    videoUrl: text("video_url"),
    imageUrl: text("image_url"),
    thumbnailUrl: text("thumbnail_url"),
    posterUrl: text("poster_url"),
    /** How long the story runs, in seconds. */
    durationSeconds: integer("duration_seconds").notNull().default(10),
    category: text("category").notNull(),

    // What watching earns
    rewardType: rewardTypeEnum("reward_type").notNull().default("discount"),
    discountPercent: integer("discount_percent"),
    customDiscountCode: text("custom_discount_code"),
    useCustomCode: boolean("use_custom_code").notNull().default(false),
    experienceContent: text("experience_content"),
    xpPointsReward: integer("xp_points_reward").notNull().default(10),
    /** Badge type awarded (discovery_badges.badgeType) when rewardType is 'badge'. */
    badgeId: text("badge_id"),
    prizeEntryDetails: text("prize_entry_details"),
    /** A cashback ad's amount per reward, paid from the business's balance (null for other ads). */
    cashbackPesewas: integer("cashback_pesewas"),
    minWatchPercent: integer("min_watch_percent").notNull().default(80),

    // Visibility
    isActive: boolean("is_active").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Shown to Anigye+ members only. */
    isPlus: boolean("is_plus").notNull().default(false),
    requiredTier: tierEnum("required_tier").notNull().default("bronze"),

    // Cached counters
    viewCount: integer("view_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    unlockCount: integer("unlock_count").notNull().default(0),
    clickCount: integer("click_count").notNull().default(0),
    impressionCount: integer("impression_count").notNull().default(0),

    // Redemption caps
    maxCoupons: integer("max_coupons"),
    maxRedemptions: integer("max_redemptions").notNull().default(1000),
    currentRedemptions: integer("current_redemptions").notNull().default(0),
    redemptionMethod: redemptionMethodEnum("redemption_method").notNull().default("self"),
    dailyRedemptionCap: integer("daily_redemption_cap"),
    weeklyRedemptionCap: integer("weekly_redemption_cap"),

    // Branch location: an ad may name one of the business's branches (branchName and locationAddress
    // are then copied from it so old readers keep working).
    branchId: integer("branch_id").references(() => companyBranches.id, { onDelete: "set null" }),
    googleMapsLink: text("google_maps_link"),
    branchName: text("branch_name"),
    locationAddress: text("location_address"),
    latitude: numeric("latitude", { precision: 9, scale: 6, mode: "number" }),
    longitude: numeric("longitude", { precision: 9, scale: 6, mode: "number" }),

    searchTags: text("search_tags").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: tstz("expires_at"),
    pausedAt: tstz("paused_at"),
    /** Paused because the plan shrank or lapsed (not by the owner): resumed when the plan has room again. */
    pausedByPlan: boolean("paused_by_plan").notNull().default(false),
    deletedAt: tstz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ads_company_id_idx").on(t.companyId),
    // Near Me takes each nearby business's newest live ads: read in order, stopping after a few.
    index("ads_company_newest_idx")
      .on(t.companyId, t.createdAt.desc())
      .where(sql`${t.deletedAt} is null and ${t.isActive}`),
    // Discover reads live ads featured-first, newest-first; this index hands them over in that order.
    index("ads_discovery_idx")
      .on(t.isFeatured.desc(), t.createdAt.desc())
      .where(sql`${t.deletedAt} is null and ${t.isActive}`),
    index("ads_media_file_id_idx").on(t.mediaFileId),
    check("ads_duration_positive", sql`${t.durationSeconds} > 0`),
    check("ads_min_watch_percent_range", sql`${t.minWatchPercent} between 1 and 100`),
    check("ads_discount_percent_range", sql`${t.discountPercent} between 1 and 100`),
    check("ads_xp_points_reward_range", sql`${t.xpPointsReward} between 0 and 100`),
    check("ads_max_redemptions_nonnegative", sql`${t.maxRedemptions} >= 0`),
    check(
      "ads_current_redemptions_within_max",
      sql`${t.currentRedemptions} >= 0 and ${t.currentRedemptions} <= ${t.maxRedemptions}`,
    ),
    check("ads_cashback_positive", sql`${t.cashbackPesewas} > 0`),
    check("ads_daily_cap_positive", sql`${t.dailyRedemptionCap} > 0`),
    check("ads_weekly_cap_positive", sql`${t.weeklyRedemptionCap} > 0`),
    check("ads_max_coupons_nonnegative", sql`${t.maxCoupons} >= 0`),
    check(
      "ads_counters_nonnegative",
      sql`${t.viewCount} >= 0 and ${t.likeCount} >= 0 and ${t.unlockCount} >= 0 and ${t.clickCount} >= 0 and ${t.impressionCount} >= 0`,
    ),
  ],
);

/** Per-ad, per-day (Africa/Accra = UTC date) counters for analytics. */
export const adDailyStats = pgTable(
  "ad_daily_stats",
  {
    id: id(),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    impressions: integer("impressions").notNull().default(0),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    unlocks: integer("unlocks").notNull().default(0),
    redemptions: integer("redemptions").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Migration 0005 makes this key INCLUDE the counters, so analytics reads it index-only.
  (t) => [uniqueIndex("ad_daily_stats_ad_day_key").on(t.adId, t.day)],
);

/** Raw interaction events (impressions, clicks, likes...). Kept for analytics when a user is deleted. */
export const adInteractions = pgTable(
  "ad_interactions",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    interactionType: adInteractionTypeEnum("interaction_type").notNull(),
    timestamp: tstz("timestamp").notNull().defaultNow(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // Migration 0005 adds INCLUDE (interaction_type), so analytics counts likes and shares index-only.
    index("ad_interactions_ad_timestamp_idx").on(t.adId, t.timestamp),
    index("ad_interactions_user_ad_idx").on(t.userId, t.adId, t.interactionType),
  ],
);

/**
 * Who likes an ad right now, once each: the unique key makes a double tap count once. Each like and
 * unlike is also an ad_interactions event; ads.likeCount is the cached total.
 */
export const adLikes = pgTable(
  "ad_likes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ad_likes_user_ad_key").on(t.userId, t.adId), index("ad_likes_ad_id_idx").on(t.adId)],
);

export type Ad = typeof ads.$inferSelect;
export type NewAd = typeof ads.$inferInsert;
export type AdDailyStat = typeof adDailyStats.$inferSelect;
export type AdInteraction = typeof adInteractions.$inferSelect;
export type AdLike = typeof adLikes.$inferSelect;
