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
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies, companyStaff } from "./companies";
import { emailTokenPurposeEnum, messageChannelEnum, sessionKindEnum } from "./enums";
import { users } from "./users";

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

/** Single-use links sent by email (verification, password reset, company setup, login code). */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: id(),
    purpose: emailTokenPurposeEnum("purpose").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the token; the token itself is only in the email. */
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_key").on(t.tokenHash),
    index("email_tokens_user_id_idx").on(t.userId),
    index("email_tokens_company_id_idx").on(t.companyId),
    index("email_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** Development / test outbox: every email and SMS the outbox adapters "send". */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    channel: messageChannelEnum("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt)],
);

/** Fixed-window rate-limit counters, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: id(),
    /** The IP, email, phone number, user id... being limited. */
    identifier: text("identifier").notNull(),
    /** 'ip' | 'email' | 'phone' | 'user' | 'company' | 'device' */
    identifierType: text("identifier_type").notNull(),
    /** e.g. 'login', 'register', 'send_sms_otp' */
    action: text("action").notNull(),
    count: integer("count").notNull().default(0),
    windowStart: tstz("window_start").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rate_limits_identifier_type_action_key").on(t.identifier, t.identifierType, t.action),
    index("rate_limits_window_start_idx").on(t.windowStart),
    check("rate_limits_count_nonnegative", sql`${t.count} >= 0`),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type OtpVerification = typeof otpVerifications.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type RateLimit = typeof rateLimits.$inferSelect;
