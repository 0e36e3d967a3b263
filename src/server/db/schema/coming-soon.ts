import { sql } from "drizzle-orm";
import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

const emptyTextArray = () => sql`'{}'::text[]`;

/**
 * People who want to join as members: the "I'm a User" tab of /coming-soon and /early-access writes here
 * (coming-soon.service.ts is the only writer) and the admin reads, exports and invites from here.
 */
export const earlyAccessSignups = pgTable(
  "early_access_signups",
  {
    id: id(),
    name: text("name").notNull(),
    username: text("username"),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The form's age range (18-24, 25-34, ...). */
    age: text("age"),
    gender: text("gender"),
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
    /** What they hope for (kept from the earlier prelaunch list). */
    expectations: text("expectations"),
    isConverted: boolean("is_converted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("early_access_signups_email_lower_key").on(sql`lower(${t.email})`)],
);

/**
 * Businesses that want to join: the "I'm a Business" tab of /coming-soon and /early-access writes here
 * (coming-soon.service.ts is the only writer) and the admin reads, exports and invites from here.
 */
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
    /** The form's business category. */
    businessType: text("business_type"),
    /** solo | small | medium | large */
    businessSize: text("business_size"),
    location: text("location"),
    region: text("region"),
    description: text("description"),
    /** The form's monthly ad budget (GHS range). */
    expectedSpend: text("expected_spend"),
    targetAudience: text("target_audience"),
    preferredLanguage: text("preferred_language").notNull().default("English"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    callbackTime: text("callback_time"),
    /** The form's launch timeframe (immediately, 1-month, ...). */
    urgency: text("urgency"),
    /** The form's advertising methods, joined with "; ". */
    currentMarketing: text("current_marketing"),
    /** The form's business goals. */
    goals: text("goals"),
    isConverted: boolean("is_converted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("merchant_interest_signups_email_lower_key").on(sql`lower(${t.email})`)],
);

export type EarlyAccessSignup = typeof earlyAccessSignups.$inferSelect;
export type MerchantInterestSignup = typeof merchantInterestSignups.$inferSelect;
