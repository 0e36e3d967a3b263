import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { tierEnum, userRoleEnum, userSubscriptionStatusEnum, userSubscriptionTypeEnum } from "./enums";

/**
 * Consumers, platform staff and admins (role). xpPoints and prizePoints are cached balances: they always
 * equal the sum of the user's ledger_entries rows for that currency and are updated in the same transaction.
 */
export const users = pgTable(
  "users",
  {
    id: id(),
    /** Public, shareable member id (e.g. "ANG-7K2Q9P"); the spec's {product}Id. */
    anigyeId: text("anigye_id").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    /** argon2id hash; null for Google-only accounts. Never plaintext. */
    passwordHash: text("password_hash"),
    /** E.164, e.g. +233241234567. */
    phoneNumber: varchar("phone_number", { length: 15 }),
    isPhoneVerified: boolean("is_phone_verified").notNull().default(false),
    phoneVerifiedAt: tstz("phone_verified_at"),
    isEmailVerified: boolean("is_email_verified").notNull().default(false),
    emailVerifiedAt: tstz("email_verified_at"),
    /** Set once, when the required verifications are done; the sign-in bonus is granted then. */
    activatedAt: tstz("activated_at"),
    displayName: text("display_name").notNull(),
    role: userRoleEnum("role").notNull().default("user"),
    isActive: boolean("is_active").notNull().default(true),

    // Balances (cached sums of ledger_entries) and tier
    xpPoints: integer("xp_points").notNull().default(0),
    /** Sum of XP ever earned (tier follows it and never drops). */
    lifetimeXp: integer("lifetime_xp").notNull().default(0),
    tier: tierEnum("tier").notNull().default("bronze"),
    prizePoints: integer("prize_points").notNull().default(0),

    // Counters
    totalViews: integer("total_views").notNull().default(0),
    verifiedPurchases: integer("verified_purchases").notNull().default(0),
    reviewsSubmitted: integer("reviews_submitted").notNull().default(0),
    trustScore: integer("trust_score").notNull().default(100),

    // Anigye+
    isPlus: boolean("is_plus").notNull().default(false),
    plusSince: tstz("plus_since"),
    subscriptionType: userSubscriptionTypeEnum("subscription_type").notNull().default("free"),
    subscriptionStatus: userSubscriptionStatusEnum("subscription_status").notNull().default("inactive"),
    subscriptionExpiresAt: tstz("subscription_expires_at"),

    /** Convenience copy; ad_interactions and watch_progress are the source of truth. */
    watchedAds: integer("watched_ads").array().notNull().default(sql`'{}'::integer[]`),

    googleId: text("google_id"),
    /** This user's own code to invite others (referrals.referralCode). */
    referralCode: text("referral_code"),

    // Profile / onboarding
    ageRange: text("age_range"),
    city: text("city"),
    gender: text("gender"),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    shoppingFrequency: text("shopping_frequency"),
    preferredShoppingTime: text("preferred_shopping_time"),
    budgetConsciousness: text("budget_consciousness"),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    onboardingStep: integer("onboarding_step").notNull().default(0),
    profileStrength: integer("profile_strength").notNull().default(25),

    lastLoginAt: tstz("last_login_at"),
    deletedAt: tstz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_anigye_id_key").on(t.anigyeId),
    uniqueIndex("users_google_id_key").on(t.googleId),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    // A verified phone number belongs to one account; unverified sign-ups may collide until verified.
    uniqueIndex("users_verified_phone_key").on(t.phoneNumber).where(sql`${t.isPhoneVerified}`),
    // Cleanup job: accounts still unverified 24 h after creation.
    index("users_unactivated_created_at_idx").on(t.createdAt).where(sql`${t.activatedAt} is null`),
    index("users_created_at_idx").on(t.createdAt),
    check("users_xp_points_nonnegative", sql`${t.xpPoints} >= 0`),
    check("users_lifetime_xp_nonnegative", sql`${t.lifetimeXp} >= 0`),
    check("users_prize_points_nonnegative", sql`${t.prizePoints} >= 0`),
    check("users_trust_score_range", sql`${t.trustScore} between 0 and 100`),
    check("users_profile_strength_range", sql`${t.profileStrength} between 0 and 100`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
