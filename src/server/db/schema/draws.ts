import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { drawExclusionReasonEnum, tierEnum } from "./enums";

/** A fresh pseudonym per entry row, e.g. "M-3f9a0c1b7d2e"; nothing about the member can be read from it. */
const randomMemberRef = sql`('M-' || substr(md5(random()::text || clock_timestamp()::text), 1, 12))`;

/**
 * Provably fair draws: when a draw opens, seedHash (SHA-256 hex of a secret seed) is published and the
 * seed is kept sealed; when entries close the list and the prize are fixed; at the draw the seed is revealed (optionally mixed with publicRandomness, e.g. a drand round announced in
 * advance) and the winner is a deterministic function of the seed and the sorted entry list.
 */

/**
 * What every draw keeps (monthly draws and competitions alike): the commitment and seed, the announced
 * public randomness, and the result the published function gave (docs/draw-algorithm.md).
 */
function drawResultColumns() {
  return {
    winnerId: integer("winner_id").references(() => users.id, { onDelete: "set null" }),
    winnerSelectedAt: tstz("winner_selected_at"),
    seedHash: text("seed_hash"),
    /** The secret seed, sealed (AES-256-GCM, the configuration's key) until the draw reveals it. */
    sealedSeed: text("sealed_seed"),
    /** The seed as revealed at the draw; empty before, so a database reader can't compute the winner. */
    seed: text("seed"),
    publicRandomness: text("public_randomness"),
    /** Where the public randomness will come from, announced before the draw (e.g. a drand round). */
    publicRandomnessSource: text("public_randomness_source"),
    /** When entries closed and the entry list was frozen (and its hash published). */
    entriesClosedAt: tstz("entries_closed_at"),
    /** SHA-256 of the canonical entry list, published when entries close. */
    entriesHash: text("entries_hash"),
    totalEntries: integer("total_entries"),
    /** The prize fixed when entries close: SHA-256 over its title, description and value (the record's prizeHash). */
    prizeHash: text("prize_hash"),
    winningTicket: integer("winning_ticket"),
    /** The winner's pseudonymous id in this draw's entry list. */
    winnerMember: text("winner_member"),
    winnerDisplayName: text("winner_display_name"),
    drawnBy: integer("drawn_by").references(() => users.id, { onDelete: "set null" }),
    prizeClaimedAt: tstz("prize_claimed_at"),
  };
}

/** Monthly contests for Anigye+ members meeting the minimum tier, redemptions and shares. */
export const competitions = pgTable(
  "competitions",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    month: integer("month").notNull(),
    year: integer("year").notNull(),
    prizeTitle: text("prize_title").notNull(),
    prizeDescription: text("prize_description"),
    prizeValuePesewas: integer("prize_value_pesewas"),
    sponsorCompanyId: integer("sponsor_company_id").references(() => companies.id, { onDelete: "set null" }),
    minimumTier: tierEnum("minimum_tier").notNull().default("bronze"),
    /** Whether only Anigye+ members may enter. */
    requiresPlus: boolean("requires_plus").notNull().default(true),
    minimumValidatedRedemptions: integer("minimum_validated_redemptions").notNull().default(3),
    minimumSocialShares: integer("minimum_social_shares").notNull().default(2),
    isActive: boolean("is_active").notNull().default(true),
    drawDate: tstz("draw_date"),
    ...drawResultColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("competitions_year_month_idx").on(t.year, t.month),
    check("competitions_month_range", sql`${t.month} between 1 and 12`),
    check("competitions_prize_value_nonnegative", sql`${t.prizeValuePesewas} >= 0`),
    check(
      "competitions_minimums_nonnegative",
      sql`${t.minimumValidatedRedemptions} >= 0 and ${t.minimumSocialShares} >= 0`,
    ),
  ],
);

export const competitionEntries = pgTable(
  "competition_entries",
  {
    id: id(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    validatedRedemptions: integer("validated_redemptions").notNull().default(0),
    socialShares: integer("social_shares").notNull().default(0),
    userTier: tierEnum("user_tier").notNull().default("bronze"),
    /** Whether the member had Anigye+ at entry time. */
    isPlus: boolean("is_plus").notNull().default(false),
    isEligible: boolean("is_eligible").notNull().default(false),
    /** Set at the draw when the member may no longer win (suspended, deleted): in the frozen list, no ticket. */
    excludedAtDraw: drawExclusionReasonEnum("excluded_at_draw"),
    /** The member's pseudonymous id in this competition's public entry list. */
    memberRef: text("member_ref").notNull().default(randomMemberRef),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("competition_entries_competition_user_key").on(t.competitionId, t.userId),
    uniqueIndex("competition_entries_competition_member_key").on(t.competitionId, t.memberRef),
    index("competition_entries_user_id_idx").on(t.userId),
  ],
);

/** The monthly prize draw. */
export const prizeDraws = pgTable(
  "prize_draws",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    drawMonth: integer("draw_month").notNull(),
    drawYear: integer("draw_year").notNull(),
    drawDate: tstz("draw_date"),
    registrationDeadline: tstz("registration_deadline"),
    prizeTitle: text("prize_title").notNull(),
    prizeDescription: text("prize_description"),
    prizeValuePesewas: integer("prize_value_pesewas"),
    sponsorCompanyId: integer("sponsor_company_id").references(() => companies.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    isCompleted: boolean("is_completed").notNull().default(false),
    ...drawResultColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One monthly draw per month: prize_entry rewards find it by month.
    uniqueIndex("prize_draws_year_month_key").on(t.drawYear, t.drawMonth),
    check("prize_draws_month_range", sql`${t.drawMonth} between 1 and 12`),
    check("prize_draws_prize_value_nonnegative", sql`${t.prizeValuePesewas} >= 0`),
  ],
);

export const drawEntries = pgTable(
  "draw_entries",
  {
    id: id(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => prizeDraws.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    entriesCount: integer("entries_count").notNull().default(1),
    userTier: tierEnum("user_tier").notNull().default("bronze"),
    completedCyclesCount: integer("completed_cycles_count").notNull().default(0),
    /** Entries earned by activity (rewards, cycles, points), before the tier bonus and the cap. */
    earnedEntries: integer("earned_entries").notNull().default(1),
    /** The member's pseudonymous id in this draw's public entry list. */
    memberRef: text("member_ref").notNull().default(randomMemberRef),
    enteredAt: tstz("entered_at").notNull().defaultNow(),
    /** In the list frozen when entries close (deleted accounts and staff are not). */
    isEligible: boolean("is_eligible").notNull().default(true),
    /** Set at the draw when the member may no longer win (suspended, deleted): in the frozen list, no ticket. */
    excludedAtDraw: drawExclusionReasonEnum("excluded_at_draw"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("draw_entries_draw_user_key").on(t.drawId, t.userId),
    uniqueIndex("draw_entries_draw_member_key").on(t.drawId, t.memberRef),
    index("draw_entries_user_id_idx").on(t.userId),
    check("draw_entries_entries_count_range", sql`${t.entriesCount} between 1 and 10`),
    check("draw_entries_completed_cycles_nonnegative", sql`${t.completedCyclesCount} >= 0`),
  ],
);

/** Where each earned entry came from, so a member can see it; one row per source event. */
export const drawEntrySources = pgTable(
  "draw_entry_sources",
  {
    id: id(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => prizeDraws.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** prize_entry | loyalty_cycle | points */
    source: text("source").notNull(),
    /** Makes each source event count once, e.g. `reward:42`. */
    sourceKey: text("source_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("draw_entry_sources_draw_key").on(t.drawId, t.sourceKey),
    index("draw_entry_sources_user_idx").on(t.userId, t.drawId),
  ],
);

export type Competition = typeof competitions.$inferSelect;
export type CompetitionEntry = typeof competitionEntries.$inferSelect;
export type PrizeDraw = typeof prizeDraws.$inferSelect;
export type DrawEntry = typeof drawEntries.$inferSelect;
