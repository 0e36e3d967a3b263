import { sql } from "drizzle-orm";
import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

const emptyTextArray = () => sql`'{}'::text[]`;

/** /coming-soon "I'm a User" form. */
export const prelaunchUsers = pgTable(
  "prelaunch_users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    /** The form's `location`. */
    city: text("city"),
    /** The form's `age` (18-24, 25-34, ...). */
    ageRange: text("age_range"),
    gender: text("gender"),
    interests: text("interests").array().notNull().default(emptyTextArray()),
    referralSource: text("referral_source"),
    preferredSocialPlatform: text("preferred_social_platform"),
    expectations: text("expectations"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("prelaunch_users_email_lower_key").on(sql`lower(${t.email})`)],
);

/** /coming-soon "I'm a Business" form. */
export const prelaunchBusinesses = pgTable(
  "prelaunch_businesses",
  {
    id: id(),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    businessEmail: text("business_email").notNull(),
    businessPhone: text("business_phone").notNull(),
    businessCategory: text("business_category"),
    location: text("location"),
    businessSize: text("business_size"),
    currentAdvertising: text("current_advertising").array().notNull().default(emptyTextArray()),
    monthlyAdBudget: text("monthly_ad_budget"),
    targetAudience: text("target_audience"),
    businessGoals: text("business_goals"),
    launchTimeframe: text("launch_timeframe"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("prelaunch_businesses_business_email_lower_key").on(sql`lower(${t.businessEmail})`)],
);

/** /early-access consumer signups. */
export const earlyAccessSignups = pgTable(
  "early_access_signups",
  {
    id: id(),
    name: text("name").notNull(),
    username: text("username"),
    email: text("email").notNull(),
    phone: text("phone"),
    age: text("age"),
    region: text("region"),
    city: text("city"),
    occupation: text("occupation"),
    referral: text("referral"),
    preferredCategories: text("preferred_categories").array().notNull().default(emptyTextArray()),
    shoppingBudget: text("shopping_budget"),
    socialMediaPlatforms: text("social_media_platforms").array().notNull().default(emptyTextArray()),
    deviceType: text("device_type"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    smsConsent: boolean("sms_consent").notNull().default(false),
    earlyAccessFeatures: text("early_access_features").array().notNull().default(emptyTextArray()),
    feedbackWillingness: boolean("feedback_willingness").notNull().default(false),
    isConverted: boolean("is_converted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("early_access_signups_email_lower_key").on(sql`lower(${t.email})`)],
);

/** /merchant-pitch and /business merchant interest. */
export const merchantInterestSignups = pgTable(
  "merchant_interest_signups",
  {
    id: id(),
    name: text("name").notNull(),
    username: text("username"),
    email: text("email").notNull(),
    phone: text("phone"),
    title: text("title"),
    company: text("company"),
    businessType: text("business_type"),
    location: text("location"),
    region: text("region"),
    description: text("description"),
    expectedSpend: text("expected_spend"),
    targetAudience: text("target_audience"),
    preferredLanguage: text("preferred_language").notNull().default("English"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    callbackTime: text("callback_time"),
    urgency: text("urgency"),
    currentMarketing: text("current_marketing"),
    goals: text("goals"),
    isConverted: boolean("is_converted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("merchant_interest_signups_email_lower_key").on(sql`lower(${t.email})`)],
);

export type PrelaunchUser = typeof prelaunchUsers.$inferSelect;
export type NewPrelaunchUser = typeof prelaunchUsers.$inferInsert;
export type PrelaunchBusiness = typeof prelaunchBusinesses.$inferSelect;
export type NewPrelaunchBusiness = typeof prelaunchBusinesses.$inferInsert;
export type EarlyAccessSignup = typeof earlyAccessSignups.$inferSelect;
export type MerchantInterestSignup = typeof merchantInterestSignups.$inferSelect;
