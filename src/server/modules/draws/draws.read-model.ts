import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import type {
  AdminDraw,
  CompetitionProgress,
  DrawPublic,
  DrawRecord,
  DrawSummary,
} from "../../../shared/contracts/draws";
import type { DrawExclusionReason } from "../../../shared/draw-exclusions";
import { drawAlgorithm } from "../../../shared/draw-verification";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { competitionEntries, competitions, drawEntries, prizeDraws } from "../../db/schema/draws";
import type { Tier } from "../../db/schema/enums";
import { redemptions } from "../../db/schema/redemptions";
import { rewards } from "../../db/schema/rewards";
import { meetsRequirements } from "./competition-rules";

/*
 * Reads for the draw pages, the admin list and the draw itself: draw rows with the members behind the
 * entries (names, tiers, whether they may still win), and for competitions each member's month.
 */

type MonthlyDraw = typeof prizeDraws.$inferSelect;
type Competition = typeof competitions.$inferSelect;
export type AnyDraw = { kind: "monthly"; row: MonthlyDraw } | { kind: "competition"; row: Competition };

export function monthKey(year: number, month: number) {
  return `${year}-${String(month).padStart(2, "0")}`;
}

function drawFields(draw: AnyDraw) {
  const row = draw.row;
  const month =
    draw.kind === "monthly"
      ? monthKey(draw.row.drawYear, draw.row.drawMonth)
      : monthKey(draw.row.year, draw.row.month);
  return {
    id: row.id,
    kind: draw.kind,
    title: row.title,
    month,
    prizeTitle: row.prizeTitle,
    prizeDescription: row.prizeDescription,
    prizeValuePesewas: row.prizeValuePesewas,
    prizeHash: row.prizeHash,
    commitment: row.seedHash ?? "",
    drawn: row.winnerSelectedAt !== null,
    seed: row.winnerSelectedAt ? row.seed : null,
    publicRandomnessSource: row.publicRandomnessSource,
    publicRandomness: row.publicRandomness,
    entriesHash: row.entriesHash,
    entriesClosedAt: row.entriesClosedAt?.toISOString() ?? null,
    winningTicket: row.winningTicket,
    winner:
      row.winnerMember && row.winnerDisplayName
        ? { member: row.winnerMember, displayName: row.winnerDisplayName }
        : null,
    openedAt: row.createdAt.toISOString(),
    registrationDeadline:
      draw.kind === "monthly"
        ? (draw.row.registrationDeadline?.toISOString() ?? null)
        : endOfMonth(draw.row.year, draw.row.month).toISOString(),
    drawDate: row.drawDate?.toISOString() ?? null,
    drawnAt: row.winnerSelectedAt?.toISOString() ?? null,
  };
}

/** The last moment of an Accra month (Accra is UTC all year). */
export function endOfMonth(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - 1);
}

export async function findDraw(
  db: Executor,
  kind: AnyDraw["kind"],
  id: number,
): Promise<AnyDraw | undefined> {
  if (kind === "monthly") {
    const [row] = await db.select().from(prizeDraws).where(eq(prizeDraws.id, id));
    return row ? { kind, row } : undefined;
  }
  const [row] = await db.select().from(competitions).where(eq(competitions.id, id));
  return row ? { kind, row } : undefined;
}

/** The list frozen when entries closed (or the entries so far), each with its exclusion at the draw. */
export async function frozenEntries(db: Executor, draw: AnyDraw) {
  if (draw.kind === "monthly") {
    const closed = draw.row.entriesClosedAt !== null;
    return db
      .select({
        entryId: drawEntries.id,
        member: drawEntries.memberRef,
        count: drawEntries.entriesCount,
        userId: drawEntries.userId,
        excluded: drawEntries.excludedAtDraw,
      })
      .from(drawEntries)
      .where(and(eq(drawEntries.drawId, draw.row.id), closed ? eq(drawEntries.isEligible, true) : undefined))
      .orderBy(asc(drawEntries.memberRef));
  }
  return db
    .select({
      entryId: competitionEntries.id,
      member: competitionEntries.memberRef,
      count: sql<number>`1`,
      userId: competitionEntries.userId,
      excluded: competitionEntries.excludedAtDraw,
    })
    .from(competitionEntries)
    .where(and(eq(competitionEntries.competitionId, draw.row.id), eq(competitionEntries.isEligible, true)))
    .orderBy(asc(competitionEntries.memberRef));
}

/**
 * The public entry list: once entries close, exactly the frozen list, split at the draw into the entries
 * the winner is drawn from and those left out (with why); before, the entries so far (a competition's
 * entrants are only known when its entries close).
 */
export async function publicEntries(db: Executor, draw: AnyDraw) {
  const frozen = await frozenEntries(db, draw);
  return {
    entries: frozen.filter((entry) => entry.excluded === null),
    excluded: frozen.flatMap(({ member, count, excluded: reason }) =>
      reason === null ? [] : [{ member, count, reason }],
    ),
  };
}

export async function drawPublicView(db: Executor, draw: AnyDraw, viewerId?: number): Promise<DrawPublic> {
  const fields = drawFields(draw);
  const { entries, excluded } = await publicEntries(db, draw);
  const yours = viewerId === undefined ? undefined : entries.find((entry) => entry.userId === viewerId);
  return {
    ...fields,
    entries: entries.map(({ member, count }) => ({ member, count })),
    excluded,
    totalEntries: entries.reduce((sum, entry) => sum + entry.count, 0),
    prizeClaimed: draw.row.prizeClaimedAt !== null,
    algorithm: drawAlgorithm,
    yourMember: yours?.member ?? null,
    canClaim: viewerId !== undefined && draw.row.winnerId === viewerId && draw.row.prizeClaimedAt === null,
  };
}

export async function drawRecordView(db: Executor, draw: AnyDraw, now: Date): Promise<DrawRecord> {
  const { drawn: _drawn, drawDate: _date, ...fields } = drawFields(draw);
  const { entries, excluded } = await publicEntries(db, draw);
  return {
    algorithm: drawAlgorithm,
    ...fields,
    entries: entries.map(({ member, count }) => ({ member, count })),
    excluded,
    totalEntries: entries.reduce((sum, entry) => sum + entry.count, 0),
    exportedAt: now.toISOString(),
  };
}

export type DrawStatus = "open" | "ready" | "drawn";

/**
 * Ready means an admin can run it now: entries have ended, and a draw with announced public randomness
 * also has its list frozen and published (the job does it within a minute of the end).
 */
export function drawStatus(draw: AnyDraw, now: Date): DrawStatus {
  if (draw.row.winnerSelectedAt) return "drawn";
  const deadline = new Date(drawFields(draw).registrationDeadline!);
  if (now <= deadline) return "open";
  return draw.row.publicRandomnessSource && !draw.row.entriesClosedAt ? "open" : "ready";
}

/** The latest draws of both kinds, newest month first. */
export async function listDraws(db: Executor, now: Date, limit: number): Promise<DrawSummary[]> {
  const [monthly, contests] = await Promise.all([
    db.select().from(prizeDraws).orderBy(desc(prizeDraws.drawYear), desc(prizeDraws.drawMonth)).limit(limit),
    db
      .select()
      .from(competitions)
      .orderBy(desc(competitions.year), desc(competitions.month), desc(competitions.id))
      .limit(limit),
  ]);
  const all: AnyDraw[] = [
    ...monthly.map((row) => ({ kind: "monthly" as const, row })),
    ...contests.map((row) => ({ kind: "competition" as const, row })),
  ];
  return all
    .map((draw) => {
      const fields = drawFields(draw);
      return {
        id: fields.id,
        kind: fields.kind,
        title: fields.title,
        month: fields.month,
        prizeTitle: fields.prizeTitle,
        status: drawStatus(draw, now),
        drawDate: fields.drawDate,
        drawnAt: fields.drawnAt,
        winnerDisplayName: fields.winner?.displayName ?? null,
      };
    })
    .sort((a, b) => (a.month === b.month ? b.id - a.id : a.month < b.month ? 1 : -1))
    .slice(0, limit);
}

export async function listAdminDraws(db: Executor, now: Date): Promise<AdminDraw[]> {
  const summaries = await listDraws(db, now, 24);
  return Promise.all(
    summaries.map(async (summary) => {
      const draw = (await findDraw(db, summary.kind, summary.id))!;
      const totals = await entryTotals(db, draw);
      const fields = drawFields(draw);
      const winner = draw.row.winnerId ? await winnerContact(db, draw.row.winnerId) : undefined;
      return {
        id: fields.id,
        kind: fields.kind,
        title: fields.title,
        month: fields.month,
        prizeTitle: fields.prizeTitle,
        prizeDescription: fields.prizeDescription,
        prizeValuePesewas: fields.prizeValuePesewas,
        status: summary.status,
        members: totals.members,
        totalEntries: totals.total,
        commitment: fields.commitment,
        publicRandomnessSource: fields.publicRandomnessSource,
        registrationDeadline: fields.registrationDeadline,
        drawDate: fields.drawDate,
        drawnAt: fields.drawnAt,
        winner: fields.winner
          ? { ...fields.winner, email: winner?.email ?? null, phone: winner?.phoneNumber ?? null }
          : null,
        prizeClaimedAt: draw.row.prizeClaimedAt?.toISOString() ?? null,
      };
    }),
  );
}

/** How many members and entries the public list holds, counted in SQL (the admin list shows 24 draws). */
async function entryTotals(db: Executor, draw: AnyDraw): Promise<{ members: number; total: number }> {
  const [row] =
    draw.kind === "monthly"
      ? await db
          .select({
            members: sql<number>`count(*)::int`,
            total: sql<number>`coalesce(sum(${drawEntries.entriesCount}), 0)::int`,
          })
          .from(drawEntries)
          .where(
            and(
              eq(drawEntries.drawId, draw.row.id),
              draw.row.entriesClosedAt ? eq(drawEntries.isEligible, true) : undefined,
              isNull(drawEntries.excludedAtDraw),
            ),
          )
      : await db
          .select({ members: sql<number>`count(*)::int`, total: sql<number>`count(*)::int` })
          .from(competitionEntries)
          .where(
            and(
              eq(competitionEntries.competitionId, draw.row.id),
              eq(competitionEntries.isEligible, true),
              isNull(competitionEntries.excludedAtDraw),
            ),
          );
  return { members: row?.members ?? 0, total: row?.total ?? 0 };
}

async function winnerContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Who is in the list frozen when entries close: consumers whose account still exists. A suspension is
 * judged at the draw instead (docs/product-rules.md#draws-suspended-at-the-draw).
 */
const mayEnter = and(isNull(users.deletedAt), eq(users.role, "user"));

/** A monthly draw's entrants with their current tier and whether they go into the frozen list. */
export async function monthlyEntrants(db: Executor, drawId: number) {
  return db
    .select({
      entryId: drawEntries.id,
      userId: drawEntries.userId,
      member: drawEntries.memberRef,
      earned: drawEntries.earnedEntries,
      tier: users.tier,
      displayName: users.displayName,
      mayEnter: sql<boolean>`coalesce(${mayEnter}, false)`,
    })
    .from(drawEntries)
    .leftJoin(users, eq(users.id, drawEntries.userId))
    .where(eq(drawEntries.drawId, drawId));
}

/**
 * Why a member of the frozen list may not win at the draw, or null when they may: suspended, their
 * account deleted, or no longer a consumer (made staff or admin).
 */
export async function exclusionsAtDraw(db: Executor, userIds: (number | null)[]) {
  const ids = userIds.filter((id): id is number => id !== null);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, isActive: users.isActive, deletedAt: users.deletedAt, role: users.role })
          .from(users)
          .where(inArray(users.id, ids));
  const standing = new Map(rows.map((row) => [row.id, row]));
  return (userId: number | null): DrawExclusionReason | null => {
    const member = userId === null ? undefined : standing.get(userId);
    if (!member || member.deletedAt) return "deleted";
    if (member.role !== "user") return "not_consumer";
    return member.isActive ? null : "suspended";
  };
}

export interface MemberMonth {
  userId: number;
  tier: Tier;
  isPlus: boolean;
  validatedRedemptions: number;
  socialShares: number;
}

/** Each member's validated redemptions and verified shares in a month (only members with any). */
export async function membersMonthActivity(
  db: Executor,
  year: number,
  month: number,
  who: { userId: number } | "active" | "everyone",
): Promise<MemberMonth[]> {
  const onlyUserId = typeof who === "object" ? who.userId : undefined;
  const from = new Date(Date.UTC(year, month - 1, 1));
  const to = new Date(Date.UTC(year, month, 1));
  const redemptionCounts = db
    .select({ userId: redemptions.userId, redeemed: sql<number>`count(*)::int`.as("redeemed") })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.status, "complete"),
        // Only staff-confirmed redemptions (a reward QR or a staff code) count, never "I used this code online".
        inArray(redemptions.method, ["qr", "staff"]),
        gte(redemptions.createdAt, from),
        lt(redemptions.createdAt, to),
        onlyUserId ? eq(redemptions.userId, onlyUserId) : undefined,
      ),
    )
    .groupBy(redemptions.userId)
    .as("r");
  const shareCounts = db
    .select({ userId: rewards.userId, shared: sql<number>`count(*)::int`.as("shared") })
    .from(rewards)
    .where(
      and(
        eq(rewards.isShared, true),
        eq(rewards.shareProofStatus, "verified"),
        gte(rewards.verifiedAt, from),
        lt(rewards.verifiedAt, to),
        onlyUserId ? eq(rewards.userId, onlyUserId) : undefined,
      ),
    )
    .groupBy(rewards.userId)
    .as("s");
  const rows = await db
    .select({
      userId: users.id,
      tier: users.tier,
      isPlus: users.isPlus,
      validatedRedemptions: sql<number>`coalesce(${redemptionCounts.redeemed}, 0)::int`,
      socialShares: sql<number>`coalesce(${shareCounts.shared}, 0)::int`,
    })
    .from(users)
    .leftJoin(redemptionCounts, eq(redemptionCounts.userId, users.id))
    .leftJoin(shareCounts, eq(shareCounts.userId, users.id))
    .where(
      and(
        mayEnter,
        onlyUserId
          ? eq(users.id, onlyUserId)
          : who === "active"
            ? sql`(${redemptionCounts.redeemed} is not null or ${shareCounts.shared} is not null)`
            : undefined,
      ),
    );
  return rows;
}

/** Active consumers' display names, for winners. */
export async function displayNamesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}

export async function sponsorsOf(db: Executor, companyIds: number[]) {
  if (companyIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** This month's and future competitions (and last month's, until drawn), with the member's progress. */
export async function listCompetitions(
  db: Executor,
  now: Date,
  viewerId?: number,
): Promise<CompetitionProgress[]> {
  const { year, month } = accraMonth(now);
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const rows = await db
    .select()
    .from(competitions)
    .where(
      and(
        eq(competitions.isActive, true),
        sql`(${competitions.year} * 12 + ${competitions.month}) >= ${previous.year * 12 + previous.month}`,
      ),
    )
    .orderBy(asc(competitions.year), asc(competitions.month), asc(competitions.id))
    .limit(20);
  const sponsors = await sponsorsOf(
    db,
    rows.flatMap((row) => (row.sponsorCompanyId ? [row.sponsorCompanyId] : [])),
  );
  return Promise.all(
    rows.map(async (row) => {
      const activity =
        viewerId === undefined
          ? undefined
          : (await membersMonthActivity(db, row.year, row.month, { userId: viewerId }))[0];
      const met = activity ? meetsRequirements(row, activity) : undefined;
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        month: monthKey(row.year, row.month),
        prizeTitle: row.prizeTitle,
        prizeDescription: row.prizeDescription,
        sponsor: row.sponsorCompanyId
          ? { id: row.sponsorCompanyId, name: sponsors.get(row.sponsorCompanyId) ?? "" }
          : null,
        drawDate: row.drawDate?.toISOString() ?? null,
        drawn: row.winnerSelectedAt !== null,
        requirements: {
          minimumTier: row.minimumTier,
          requiresPlus: row.requiresPlus,
          minimumValidatedRedemptions: row.minimumValidatedRedemptions,
          minimumSocialShares: row.minimumSocialShares,
        },
        progress:
          activity && met
            ? {
                tier: activity.tier,
                tierMet: met.tierMet,
                isPlus: activity.isPlus,
                plusMet: met.plusMet,
                validatedRedemptions: activity.validatedRedemptions,
                socialShares: activity.socialShares,
                eligible: met.eligible,
              }
            : null,
      };
    }),
  );
}
