import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companyPaymentStatusEnum, companyStatusEnum, messageChannelEnum, planEnum } from "./enums";

/**
 * Businesses (companies and merchants are the same row). A company is soft-deleted (deletedAt, status
 * 'closed'); history rows reference it with ON DELETE RESTRICT, so it can't be hard-deleted once used.
 */
export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    logo: text("logo"),
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    location: text("location"),
    city: text("city"),
    address: text("address"),
    latitude: numeric("latitude", { precision: 9, scale: 6, mode: "number" }),
    longitude: numeric("longitude", { precision: 9, scale: 6, mode: "number" }),
    googleMapsUrl: text("google_maps_url"),
    storefrontImage: text("storefront_image"),
    phone: text("phone"),
    businessHours: text("business_hours"),

    // Login (username + password set with a one-time setup token, optional OTP)
    /** Chosen by the owner at setup; null until then. */
    username: text("username"),
    /** argon2id hash; null until the owner completes setup. */
    passwordHash: text("password_hash"),
    failedLoginAttempts: integer("failed_login_attempts").notNull().default(0),
    lockedUntil: tstz("locked_until"),
    lastLoginAt: tstz("last_login_at"),
    lastLoginIp: text("last_login_ip"),
    /** SHA-256 hex of the setup token; the token itself is never stored. */
    setupTokenHash: text("setup_token_hash"),
    setupTokenExpiresAt: tstz("setup_token_expires_at"),
    setupTokenUsedAt: tstz("setup_token_used_at"),
    otpEnabled: boolean("otp_enabled").notNull().default(false),
    otpChannel: messageChannelEnum("otp_channel"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),

    isActive: boolean("is_active").notNull().default(true),
    showInCarousel: boolean("show_in_carousel").notNull().default(true),
    status: companyStatusEnum("status").notNull().default("active"),

    // Plan and billing: `plan` is the plan in effect, `paidUntil` the end of the time paid for
    plan: planEnum("plan").notNull().default("starter"),
    subscriptionStart: tstz("subscription_start"),
    paidUntil: tstz("paid_until"),
    paymentStatus: companyPaymentStatusEnum("payment_status").notNull().default("pending"),
    monthlyPricePesewas: integer("monthly_price_pesewas").notNull().default(29900),
    maxAds: integer("max_ads").notNull().default(1),
    allowsVideo: boolean("allows_video").notNull().default(false),
    maxAdDurationSeconds: integer("max_ad_duration_seconds").notNull().default(10),

    searchTags: text("search_tags").array().notNull().default(sql`'{}'::text[]`),

    // Points the company's staff may grant each month (spent through company_point_allocations)
    monthlyPointsAllocation: integer("monthly_points_allocation").notNull().default(250),

    deletedAt: tstz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("companies_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("companies_setup_token_hash_key").on(t.setupTokenHash),
    index("companies_contact_email_lower_idx").on(sql`lower(${t.contactEmail})`),
    index("companies_category_idx").on(t.category),
    // Near Me looks only at businesses within about 110 km (a degree of latitude) of the member.
    index("companies_latitude_idx").on(t.latitude).where(sql`${t.latitude} is not null`),
    index("companies_carousel_idx")
      .on(t.createdAt)
      .where(sql`${t.showInCarousel} and ${t.isActive} and ${t.deletedAt} is null`),
    check("companies_monthly_price_nonnegative", sql`${t.monthlyPricePesewas} >= 0`),
    check("companies_max_ads_nonnegative", sql`${t.maxAds} >= 0`),
    check("companies_max_ad_duration_positive", sql`${t.maxAdDurationSeconds} > 0`),
    check("companies_failed_logins_nonnegative", sql`${t.failedLoginAttempts} >= 0`),
  ],
);

/**
 * A business's shops. Every business has at least one (its first location); counter work records the
 * branch it happened at. Removed branches are kept (deletedAt) so history still names them.
 */
export const companyBranches = pgTable(
  "company_branches",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address"),
    latitude: numeric("latitude", { precision: 9, scale: 6, mode: "number" }),
    longitude: numeric("longitude", { precision: 9, scale: 6, mode: "number" }),
    phone: text("phone"),
    businessHours: text("business_hours"),
    deletedAt: tstz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("company_branches_company_idx").on(t.companyId).where(sql`${t.deletedAt} is null`),
    uniqueIndex("company_branches_company_name_lower_key")
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // Near Me measures to each business's nearest live branch within about 110 km of the member.
    index("company_branches_latitude_idx")
      .on(t.latitude)
      .where(sql`${t.latitude} is not null and ${t.deletedAt} is null`),
  ],
);

/** Counter staff a company owner creates (name + PIN); signs in on the shop's device. */
export const companyStaff = pgTable(
  "company_staff",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** argon2id hash of the PIN. */
    pinHash: text("pin_hash").notNull(),
    /** 6 digits typed on a customer's phone to confirm a redemption; the owner reads it, so it is not the PIN. */
    staffCode: text("staff_code").notNull(),
    /** Until when wrong PINs close this name to new phones (counted in rate_limits); the owner can unlock. */
    lockedUntil: tstz("locked_until"),
    /** The branch this person works at; null for staff of a one-shop business or who float between shops. */
    branchId: integer("branch_id").references(() => companyBranches.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    lastLoginAt: tstz("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("company_staff_company_name_lower_key").on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex("company_staff_company_staff_code_key").on(t.companyId, t.staffCode),
  ],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type CompanyBranch = typeof companyBranches.$inferSelect;
export type CompanyStaff = typeof companyStaff.$inferSelect;
export type NewCompanyStaff = typeof companyStaff.$inferInsert;
