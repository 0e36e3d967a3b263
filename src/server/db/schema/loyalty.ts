import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies, companyStaff } from "./companies";

/**
 * A consumer's personal loyalty QR: a new row each time the card page asks (every 30 s), valid 60 s. Old
 * rows are kept a day so a scan queued offline can still be checked against the code shown at the time.
 */
export const userQrCodes = pgTable(
  "user_qr_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The random payload drawn in the QR (ANIGYE-M1.…). */
    qrData: text("qr_data").notNull(),
    /** The same code in 6 letters and digits, for typing when a camera fails. */
    shortCode: text("short_code").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    rotationCount: integer("rotation_count").notNull().default(0),
    lastUsedAt: tstz("last_used_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("user_qr_codes_qr_data_key").on(t.qrData),
    index("user_qr_codes_short_code_idx").on(t.shortCode, t.expiresAt),
    index("user_qr_codes_user_id_idx").on(t.userId, t.createdAt),
    index("user_qr_codes_expires_at_idx").on(t.expiresAt),
  ],
);

/** A company's stamp-card program; at most one active program per company. */
export const loyaltyPrograms = pgTable(
  "loyalty_programs",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    programName: text("program_name").notNull(),
    description: text("description"),
    requiredVisits: integer("required_visits").notNull().default(10),
    rewardTitle: text("reward_title").notNull(),
    rewardDescription: text("reward_description"),
    /**
     * Cashback that comes with the card's reward (docs/product-rules.md#cashback-stamp-cards), set aside
     * from the business's balance when a card completes; null for none.
     */
    rewardCashbackPesewas: integer("reward_cashback_pesewas"),
    minimumSpendPesewas: integer("minimum_spend_pesewas").notNull().default(0),
    currency: text("currency").notNull().default("GHS"),
    isActive: boolean("is_active").notNull().default(true),
    validityDays: integer("validity_days").notNull().default(365),
    maxActiveCards: integer("max_active_cards").notNull().default(1000),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("loyalty_programs_one_active_per_company_key").on(t.companyId).where(sql`${t.isActive}`),
    index("loyalty_programs_company_id_idx").on(t.companyId),
    check("loyalty_programs_required_visits_positive", sql`${t.requiredVisits} > 0`),
    check("loyalty_programs_reward_cashback_positive", sql`${t.rewardCashbackPesewas} > 0`),
    check("loyalty_programs_minimum_spend_nonnegative", sql`${t.minimumSpendPesewas} >= 0`),
    check("loyalty_programs_validity_days_positive", sql`${t.validityDays} > 0`),
    check("loyalty_programs_max_active_cards_nonnegative", sql`${t.maxActiveCards} >= 0`),
  ],
);

/** A consumer's stamp card; at most one active card per (user, program). */
export const loyaltyCards = pgTable(
  "loyalty_cards",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    programId: integer("program_id")
      .notNull()
      .references(() => loyaltyPrograms.id, { onDelete: "restrict" }),
    currentStamps: integer("current_stamps").notNull().default(0),
    requiredStamps: integer("required_stamps").notNull(),
    isCompleted: boolean("is_completed").notNull().default(false),
    completedAt: tstz("completed_at"),
    rewardClaimed: boolean("reward_claimed").notNull().default(false),
    /** The cashback set aside for this card's reward when it completed (null: none, or none left to set aside). */
    cashbackPesewas: integer("cashback_pesewas"),
    rewardClaimedAt: tstz("reward_claimed_at"),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: tstz("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("loyalty_cards_one_active_per_program_key")
      .on(t.userId, t.programId)
      .where(sql`${t.isActive}`),
    index("loyalty_cards_user_company_idx").on(t.userId, t.companyId),
    index("loyalty_cards_program_id_idx").on(t.programId),
    check("loyalty_cards_current_stamps_nonnegative", sql`${t.currentStamps} >= 0`),
    check("loyalty_cards_required_stamps_positive", sql`${t.requiredStamps} > 0`),
    check("loyalty_cards_stamps_within_required", sql`${t.currentStamps} <= ${t.requiredStamps}`),
  ],
);

/** Each merchant scan that stamped (or tried to stamp) a card. History: kept when the user is deleted. */
export const loyaltyCheckIns = pgTable(
  "loyalty_check_ins",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    cardId: integer("card_id").references(() => loyaltyCards.id, { onDelete: "set null" }),
    qrCodeData: text("qr_code_data"),
    purchaseAmountPesewas: integer("purchase_amount_pesewas"),
    meetsMinimum: boolean("meets_minimum").notNull().default(true),
    staffMemberId: integer("staff_member_id").references(() => companyStaff.id, { onDelete: "set null" }),
    verificationMethod: text("verification_method").notNull().default("qr"),
    ipAddress: text("ip_address"),
    deviceFingerprint: text("device_fingerprint"),
    createdAt: createdAt(),
  },
  (t) => [
    index("loyalty_check_ins_user_company_idx").on(t.userId, t.companyId, t.createdAt),
    index("loyalty_check_ins_company_created_idx").on(t.companyId, t.createdAt),
    index("loyalty_check_ins_card_id_idx").on(t.cardId),
    check("loyalty_check_ins_purchase_amount_nonnegative", sql`${t.purchaseAmountPesewas} >= 0`),
  ],
);

/** Visits per (user, company), across cards. */
export const loyaltyCounters = pgTable(
  "loyalty_counters",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    visitCount: integer("visit_count").notNull().default(0),
    lastVisit: tstz("last_visit"),
    hasActiveReward: boolean("has_active_reward").notNull().default(false),
    rewardUnlockedAt: tstz("reward_unlocked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("loyalty_counters_user_company_key").on(t.userId, t.companyId),
    index("loyalty_counters_company_id_idx").on(t.companyId),
    check("loyalty_counters_visit_count_nonnegative", sql`${t.visitCount} >= 0`),
  ],
);

export type UserQrCode = typeof userQrCodes.$inferSelect;
export type LoyaltyProgram = typeof loyaltyPrograms.$inferSelect;
export type LoyaltyCard = typeof loyaltyCards.$inferSelect;
export type LoyaltyCheckIn = typeof loyaltyCheckIns.$inferSelect;
export type LoyaltyCounter = typeof loyaltyCounters.$inferSelect;

/** How many stamps a member took at a shop on an Accra day (one unless the shop allows more). */
export const dailyScanLimits = pgTable(
  "daily_scan_limits",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    scanDate: date("scan_date", { mode: "string" }).notNull(),
    scanCount: integer("scan_count").notNull().default(0),
    maxScansAllowed: integer("max_scans_allowed").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("daily_scan_limits_user_company_date_key").on(t.userId, t.companyId, t.scanDate),
    check(
      "daily_scan_limits_count_within_max",
      sql`${t.scanCount} >= 0 and ${t.scanCount} <= ${t.maxScansAllowed}`,
    ),
  ],
);
