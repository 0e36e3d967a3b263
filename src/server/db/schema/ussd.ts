import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, id, tstz, updatedAt } from "./columns";

/**
 * A USSD session as its provider names it. The menu's place is kept here (not in the provider's
 * ClientState) so a resent request finds the answer it was already given: the last request's key (Hubtel's
 * Sequence, or Africa's Talking's whole `text`) and that answer.
 */
export const ussdSessions = pgTable(
  "ussd_sessions",
  {
    id: id(),
    provider: text("provider", { enum: ["hubtel", "africastalking"] }).notNull(),
    sessionId: text("session_id").notNull(),
    /** E.164, as the provider's request gave it. */
    phoneNumber: varchar("phone_number", { length: 15 }).notNull(),
    /** The language chosen in this session by a caller with no saved language. */
    language: text("language", { enum: ["en", "tw"] }),
    /** Where the caller is in the menus (ussd-menu.ts's MenuState). */
    state: jsonb("state").notNull(),
    lastRequestKey: text("last_request_key").notNull(),
    /** The answer given to the last request: { text, end }. */
    lastAnswer: jsonb("last_answer").notNull(),
    /** Set by a timeout or release, or by the screen that closed it. */
    endedAt: tstz("ended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ussd_sessions_provider_session_key").on(t.provider, t.sessionId),
    // Sessions a day (the admin's overview, /metrics) and the cleanup of old ones read by when they began.
    index("ussd_sessions_created_at_idx").on(t.createdAt),
    check("ussd_sessions_session_id_length", sql`length(${t.sessionId}) between 1 and 100`),
  ],
);

export type UssdSession = typeof ussdSessions.$inferSelect;
