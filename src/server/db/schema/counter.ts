import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
