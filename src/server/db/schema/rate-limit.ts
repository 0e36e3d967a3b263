import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns";

/** Fixed-window rate-limit counters, shared by every app instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: id(),
    /** The IP, email, phone number, user id... being limited. */
    identifier: text("identifier").notNull(),
    /** 'ip' | 'email' | 'phone' | 'user' | 'company' | 'device' | 'counter_staff' ... */
    identifierType: text("identifier_type").notNull(),
    /** e.g. 'login', 'register', 'send_sms_otp' */
    action: text("action").notNull(),
    count: integer("count").notNull().default(0),
    windowStart: tstz("window_start").notNull().defaultNow(),
    /** Refused until then (a wait that grows with each failure past the limit); null when not waiting. */
    blockedUntil: tstz("blocked_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rate_limits_identifier_type_action_key").on(t.identifier, t.identifierType, t.action),
    index("rate_limits_window_start_idx").on(t.windowStart),
    check("rate_limits_count_nonnegative", sql`${t.count} >= 0`),
  ],
);

export type RateLimit = typeof rateLimits.$inferSelect;
