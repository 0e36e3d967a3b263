import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { ledgerCurrencyEnum, tierEnum } from "./enums";

/** A consumer's tier and completed loyalty cycles (users.tier is the same tier, cached for reads). */
export const userTiers = pgTable(
  "user_tiers",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currentTier: tierEnum("current_tier").notNull().default("bronze"),
    completedCycles: integer("completed_cycles").notNull().default(0),
    tierAchievedAt: tstz("tier_achieved_at").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("user_tiers_user_id_key").on(t.userId),
    check("user_tiers_completed_cycles_nonnegative", sql`${t.completedCycles} >= 0`),
  ],
);

/**
 * Append-only ledger of every XP and points change. A balance is the sum of its rows; a mistake is
 * undone by a reversing row (reversesEntryId), never by an edit or a delete.
 * - currency 'xp' and 'prize_points': userId set (users.xpPoints / users.prizePoints cache the sums)
 * - currency 'points': not written. A shop's grants spend its month's company_point_allocations row and
 *   write the member's +n 'prize_points' row (with its point_transactions row) in one transaction.
 * A deleted user's rows stay, with userId set null.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    currency: ledgerCurrencyEnum("currency").notNull(),
    /** Non-zero; negative for a spend or a reversal. */
    amount: integer("amount").notNull(),
    /** 'signin_bonus' | 'ad_watch' | 'stamp' | 'share' | 'redemption' | 'referral' | 'grant' | 'allocation' | 'reversal' ... */
    reason: text("reason").notNull(),
    /** Table or domain of the source row, e.g. 'reward', 'point_transaction', 'loyalty_check_in'. */
    sourceType: text("source_type"),
    sourceId: integer("source_id"),
    /** Unique per logical event (e.g. 'ad_watch:user:12:ad:34'), so retries never double-credit. */
    idempotencyKey: text("idempotency_key").notNull(),
    reversesEntryId: integer("reverses_entry_id").references((): AnyPgColumn => ledgerEntries.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_idempotency_key_key").on(t.idempotencyKey),
    // An entry is reversed at most once.
    uniqueIndex("ledger_entries_reverses_entry_id_key").on(t.reversesEntryId),
    index("ledger_entries_user_currency_idx").on(t.userId, t.currency),
    index("ledger_entries_company_currency_idx").on(t.companyId, t.currency),
    index("ledger_entries_source_idx").on(t.sourceType, t.sourceId),
    // Leaderboards: XP earned in a week or month.
    index("ledger_entries_xp_earned_idx")
      .on(t.createdAt, t.userId)
      .where(sql`${t.currency} = 'xp' and ${t.amount} > 0`),
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

export type UserTier = typeof userTiers.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
