import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz } from "./columns";
import { companies, companyBranches, companyStaff } from "./companies";

/** Every merchant scan of a consumer QR, with who scanned it on which device. */
export const qrScanLogs = pgTable(
  "qr_scan_logs",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    staffId: integer("staff_id").references(() => companyStaff.id, { onDelete: "set null" }),
    /** The branch the scan happened at (the staff member's branch); null when the staff has none. */
    branchId: integer("branch_id").references(() => companyBranches.id, { onDelete: "set null" }),
    /** What the scan was for: 'stamp' | 'redeem' | 'lookup' | 'points' */
    scanType: text("scan_type"),
    /** The device's own key for this scan; a resend with the same key gets the first answer. */
    idempotencyKey: text("idempotency_key"),
    /**
     * SHA-256 of the request's canonical JSON without its key: a resend with the same key and another
     * body is refused instead of answered with this scan's answer (null for scans logged before it was kept).
     */
    requestHash: text("request_hash"),
    /** Whether the scan did what staff asked; refused scans are kept too. */
    accepted: boolean("accepted").notNull().default(false),
    /** The refusal code (e.g. DAILY_LIMIT) or 'OK'. */
    resultCode: text("result_code").notNull().default("OK"),
    message: text("message").notNull().default(""),
    /** The answer given, repeated for a resend. */
    response: jsonb("response").$type<Record<string, unknown>>(),
    /** When the scan happened on the device (earlier than createdAt for a scan queued offline). */
    scannedAt: tstz("scanned_at").notNull().defaultNow(),
    points: integer("points"),
    /** Made while the counter was offline and sent later from the phone's queue. */
    wasQueued: boolean("was_queued").notNull().default(false),
    merchantDeviceFingerprint: text("merchant_device_fingerprint"),
    ipAddress: text("ip_address"),
    city: text("city"),
    country: text("country").notNull().default("GH"),
    isSuspicious: boolean("is_suspicious").notNull().default(false),
    suspiciousReasons: text("suspicious_reasons").array().notNull().default(sql`'{}'::text[]`),
    isVerified: boolean("is_verified").notNull().default(false),
    isFirstScanOfDay: boolean("is_first_scan_of_day").notNull().default(false),
    dailyScanCount: integer("daily_scan_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("qr_scan_logs_company_created_idx").on(t.companyId, t.createdAt),
    index("qr_scan_logs_user_created_idx").on(t.userId, t.createdAt),
    index("qr_scan_logs_suspicious_idx").on(t.createdAt).where(sql`${t.isSuspicious}`),
    uniqueIndex("qr_scan_logs_company_idempotency_key").on(t.companyId, t.idempotencyKey),
    index("qr_scan_logs_merchant_device_idx").on(t.merchantDeviceFingerprint, t.createdAt),
  ],
);

/** Scans per (user, company, Africa/Accra day); scanCount can never exceed maxScansAllowed. */
export type QrScanLog = typeof qrScanLogs.$inferSelect;

/**
 * A check-in at the counter by phone number: staff send the customer an SMS code and type it back
 * (docs/product-rules.md#counter-phone-check-ins). The row keeps the code's keyed hash, never the code.
 */
export const phoneCheckins = pgTable(
  "phone_checkins",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** Who sent the code (null: the owner at /vendor-scan). */
    staffId: integer("staff_id").references(() => companyStaff.id, { onDelete: "set null" }),
    /** The branch the check-in happened at (the staff member's branch); null when the staff has none. */
    branchId: integer("branch_id").references(() => companyBranches.id, { onDelete: "set null" }),
    /** E.164, e.g. +233241112233. */
    phoneNumber: text("phone_number").notNull(),
    /** 'stamp' | 'points' */
    action: text("action").notNull(),
    purchasePesewas: integer("purchase_pesewas"),
    points: integer("points"),
    codeHash: text("code_hash").notNull(),
    wrongAttempts: integer("wrong_attempts").notNull().default(0),
    expiresAt: tstz("expires_at").notNull(),
    /** 'code_sent' → 'confirmed' (a member's card or points) | 'held' (kept for an unverified number). */
    status: text("status").notNull().default("code_sent"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the request's canonical JSON without its key (null for check-ins made before it was kept). */
    requestHash: text("request_hash"),
    /** The member it went to, once confirmed for a verified number. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The confirm's answer, repeated for a resent confirm. */
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    /** SMS this check-in sent: its code, plus the invite when it held a reward. */
    smsSent: integer("sms_sent").notNull().default(1),
    isSuspicious: boolean("is_suspicious").notNull().default(false),
    suspiciousReasons: text("suspicious_reasons").array().notNull().default(sql`'{}'::text[]`),
    confirmedAt: tstz("confirmed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("phone_checkins_company_idempotency_key").on(t.companyId, t.idempotencyKey),
    index("phone_checkins_company_created_idx").on(t.companyId, t.createdAt),
    index("phone_checkins_phone_created_idx").on(t.phoneNumber, t.createdAt),
    index("phone_checkins_staff_created_idx").on(t.staffId, t.createdAt),
  ],
);

/**
 * A stamp or points confirmed for a number no member has verified, held 30 days for whoever verifies it
 * (docs/product-rules.md#counter-held-for-a-number). Landed once: `landed_at` is set by one conditional
 * update, in the transaction that puts it on the member's card or in their ledger.
 */
export const heldPhoneRewards = pgTable(
  "held_phone_rewards",
  {
    id: id(),
    checkinId: integer("checkin_id")
      .notNull()
      .references(() => phoneCheckins.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => companyStaff.id, { onDelete: "set null" }),
    phoneNumber: text("phone_number").notNull(),
    stamps: integer("stamps").notNull().default(0),
    points: integer("points").notNull().default(0),
    purchasePesewas: integer("purchase_pesewas"),
    /** When the stamp or points were given at the counter (the day they count for). */
    heldAt: tstz("held_at").notNull(),
    claimUntil: tstz("claim_until").notNull(),
    landedAt: tstz("landed_at"),
    landedUserId: integer("landed_user_id").references(() => users.id, { onDelete: "set null" }),
    /** 'landed', or the rule that refused it when it came to land (e.g. DAILY_LIMIT). */
    landOutcome: text("land_outcome"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("held_phone_rewards_checkin_key").on(t.checkinId),
    index("held_phone_rewards_waiting_idx").on(t.phoneNumber, t.claimUntil).where(sql`${t.landedAt} is null`),
  ],
);

/** The one invite a shop sends a number it held a reward for (docs/product-rules.md#counter-phone-invite-once). */
export const phoneInvites = pgTable(
  "phone_invites",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    phoneNumber: text("phone_number").notNull(),
    checkinId: integer("checkin_id").references(() => phoneCheckins.id, { onDelete: "set null" }),
    sentAt: tstz("sent_at").notNull().defaultNow(),
    /**
     * SHA-256 (hex) of the random token in the invite's link, which reads what the shop holds for the
     * number (docs/product-rules.md#counter-invite-says-what-is-held); null for invites sent before it.
     */
    tokenHash: text("token_hash"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.phoneNumber] }),
    uniqueIndex("phone_invites_token_hash_idx").on(t.tokenHash),
  ],
);

/**
 * Texts the counter sent (check-in codes and invites) in one Accra clock hour or day, for one sender (a
 * staff member, or a business's owner), one business, or one number across all businesses
 * (docs/product-rules.md#counter-text-caps). A text adds one to its six rows in one conditional upsert
 * that stops at each row's cap, so parallel check-ins on any number of instances never pass a cap.
 */
export const counterTextCounts = pgTable(
  "counter_text_counts",
  {
    /** 'sender' | 'shop' | 'number' */
    kind: text("kind").notNull(),
    /** 'staff:<id>' or 'owner:<company id>' for a sender; the company id for a shop; E.164 for a number. */
    subject: text("subject").notNull(),
    /** 'hour' | 'day' */
    period: text("period").notNull(),
    periodStart: tstz("period_start").notNull(),
    texts: integer("texts").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject, t.period, t.periodStart] }),
    index("counter_text_counts_period_start_idx").on(t.periodStart),
    check("counter_text_counts_texts_nonnegative", sql`${t.texts} >= 0`),
  ],
);

export type PhoneCheckin = typeof phoneCheckins.$inferSelect;
export type HeldPhoneReward = typeof heldPhoneRewards.$inferSelect;
