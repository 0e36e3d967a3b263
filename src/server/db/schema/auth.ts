import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { languages } from "../../../shared/i18n/languages";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies, companyStaff } from "./companies";
import {
  emailTokenPurposeEnum,
  messageChannelEnum,
  sessionKindEnum,
  tierEnum,
  userRoleEnum,
  userSubscriptionStatusEnum,
  userSubscriptionTypeEnum,
} from "./enums";

/**
 * Consumers, platform staff and admins (role). xpPoints and prizePoints are cached balances: they always
 * equal the sum of the user's ledger_entries rows for that currency and are updated in the same transaction.
 */
export const users = pgTable(
  "users",
  {
    id: id(),
    /** Public, shareable member id (e.g. "ANG-7K2Q9P"). */
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
    /** False while an admin has suspended the account (it can't sign in, earn or redeem). */
    isActive: boolean("is_active").notNull().default(true),
    suspendedAt: tstz("suspended_at"),
    /** Shown to the member when a sign-in is refused; set with suspendedAt. */
    suspensionReason: text("suspension_reason"),

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

    // Anigye+
    isPlus: boolean("is_plus").notNull().default(false),
    plusSince: tstz("plus_since"),
    subscriptionType: userSubscriptionTypeEnum("subscription_type").notNull().default("free"),
    subscriptionStatus: userSubscriptionStatusEnum("subscription_status").notNull().default("inactive"),
    subscriptionExpiresAt: tstz("subscription_expires_at"),

    googleId: text("google_id"),
    /** This user's own code to invite others (referrals.referralCode), set at registration. */
    referralCode: text("referral_code").default(
      sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12))`,
    ),
    /** The device fingerprint the account was registered from (self-referral check). */
    signupFingerprint: text("signup_fingerprint"),
    /** The member agreed to SMS for what matters when the app is closed (a win, an expiring reward). */
    smsConsent: boolean("sms_consent").notNull().default(false),
    /** The member asked to be left off the public leaderboards. */
    leaderboardOptOut: boolean("leaderboard_opt_out").notNull().default(false),
    /**
     * The language the member chose (docs/product-rules.md#language-english-and-twi): their screens, the
     * server's messages and their SMS. Null until they choose; a device's own choice then becomes theirs at
     * sign-in.
     */
    language: text("language", { enum: languages }),

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
    // Admin member search matches the start of a name or email, so these text_pattern_ops indexes answer it.
    index("users_display_name_prefix_idx").on(sql`lower(${t.displayName}) text_pattern_ops`),
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    check("users_xp_points_nonnegative", sql`${t.xpPoints} >= 0`),
    check("users_lifetime_xp_nonnegative", sql`${t.lifetimeXp} >= 0`),
    check("users_prize_points_nonnegative", sql`${t.prizePoints} >= 0`),
    check("users_profile_strength_range", sql`${t.profileStrength} between 0 and 100`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Server-side sessions (cookie holds the random token; the row id is SHA-256 hex of it).
 * The owner column matching `kind` must be set (a staff session may also carry its companyId).
 */
export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 hex of the session token. */
    id: text("id").primaryKey(),
    kind: sessionKindEnum("kind").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    companyStaffId: integer("company_staff_id").references(() => companyStaff.id, { onDelete: "cascade" }),
    /** Small per-session state (e.g. a pending company OTP step). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_company_id_idx").on(t.companyId),
    index("sessions_company_staff_id_idx").on(t.companyStaffId),
    index("sessions_expires_at_idx").on(t.expiresAt),
    check(
      "sessions_owner_matches_kind",
      sql`(${t.kind} = 'user' and ${t.userId} is not null)
        or (${t.kind} = 'company' and ${t.companyId} is not null)
        or (${t.kind} = 'company_staff' and ${t.companyStaffId} is not null)`,
    ),
  ],
);

/** One-time codes sent by SMS or email; only a hash of the 6-digit code is kept. */
export const otpVerifications = pgTable(
  "otp_verifications",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    channel: messageChannelEnum("channel").notNull().default("sms"),
    /** E.164 phone number (channel sms). */
    phoneNumber: varchar("phone_number", { length: 15 }),
    /** Email address (channel email). */
    email: text("email"),
    /** SHA-256 hex (or HMAC) of the 6-digit code. */
    codeHash: text("code_hash").notNull(),
    /** registration | login | password_reset | company_login ... */
    purpose: varchar("purpose", { length: 20 }).notNull(),
    expiresAt: tstz("expires_at").notNull(),
    isUsed: boolean("is_used").notNull().default(false),
    usedAt: tstz("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("otp_verifications_phone_purpose_idx").on(t.phoneNumber, t.purpose, t.createdAt),
    index("otp_verifications_email_purpose_idx").on(sql`lower(${t.email})`, t.purpose, t.createdAt),
    index("otp_verifications_user_id_idx").on(t.userId),
    index("otp_verifications_expires_at_idx").on(t.expiresAt),
    check("otp_verifications_attempts_nonnegative", sql`${t.attempts} >= 0`),
    check("otp_verifications_has_recipient", sql`${t.phoneNumber} is not null or ${t.email} is not null`),
  ],
);

/**
 * Single-use links sent by email, or by SMS to a business without an email (verification, password reset,
 * company setup, sign-in links: purpose login_otp).
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: id(),
    purpose: emailTokenPurposeEnum("purpose").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the token; the token itself is only in the message. */
    tokenHash: text("token_hash").notNull(),
    /** Where the link was sent: an email address, or (SMS) a phone number in E.164. */
    email: text("email"),
    phoneNumber: varchar("phone_number", { length: 15 }),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_key").on(t.tokenHash),
    index("email_tokens_user_id_idx").on(t.userId),
    index("email_tokens_company_id_idx").on(t.companyId),
    index("email_tokens_expires_at_idx").on(t.expiresAt),
    check("email_tokens_has_recipient", sql`${t.email} is not null or ${t.phoneNumber} is not null`),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type OtpVerification = typeof otpVerifications.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
