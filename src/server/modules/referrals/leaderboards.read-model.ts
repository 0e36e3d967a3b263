import { and, asc, desc, eq, gt, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { LeaderboardPeriod } from "../../../shared/contracts/referrals";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";

/**
 * The XP leaderboards: XP earned (positive XP ledger rows, through `ledger_entries_xp_earned_idx`) in the
 * current Africa/Accra ISO week or calendar month, among live consumers who have not opted out, ranked
 * with ties sharing a rank. Display names and tiers only: never emails, ids or Anigye ids leave here.
 */

export const leaderboardSize = 50;

export interface PeriodRange {
  from: Date;
  to: Date;
}

/** The Accra ISO week (Monday 00:00) or month holding `now`, as [from, to). Accra keeps GMT all year. */
export function periodRange(period: LeaderboardPeriod, now: Date): PeriodRange {
  const day = startOfAccraDay(now);
  if (period === "week") {
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    const from = new Date(day.getTime() - sinceMonday * 86_400_000);
    return { from, to: new Date(from.getTime() + 7 * 86_400_000) };
  }
  const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  return { from, to: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1)) };
}

export interface RankedMember {
  /** Internal only, to mark the signed-in member's row; never sent. */
  userId: number;
  rank: number;
  displayName: string;
  tier: TierId;
  xp: number;
}

function earnedIn(db: Executor, range: PeriodRange, onlyUser?: number) {
  return db
    .select({
      userId: ledgerEntries.userId,
      xp: sql<number>`sum(${ledgerEntries.amount})::int`.as("xp"),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.currency, "xp"),
        gt(ledgerEntries.amount, 0),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
        onlyUser === undefined ? undefined : eq(ledgerEntries.userId, onlyUser),
      ),
    )
    .groupBy(ledgerEntries.userId)
    .as("earned");
}

function shownOnBoard(city: string | undefined): SQL | undefined {
  return and(
    eq(users.role, "user"),
    eq(users.isActive, true),
    isNull(users.deletedAt),
    eq(users.leaderboardOptOut, false),
    city ? eq(users.city, city) : undefined,
  );
}

/** The top 50 for a period and, optionally, a city. */
export async function findLeaderboard(
  db: Executor,
  range: PeriodRange,
  city: string | undefined,
): Promise<RankedMember[]> {
  const earned = earnedIn(db, range);
  const rows = await db
    .select({ userId: users.id, displayName: users.displayName, tier: users.tier, xp: earned.xp })
    .from(earned)
    .innerJoin(users, eq(users.id, earned.userId))
    .where(shownOnBoard(city))
    .orderBy(desc(earned.xp), asc(users.id))
    .limit(leaderboardSize);
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || row.xp !== rows[index - 1]!.xp) rank = index + 1;
    return { ...row, rank };
  });
}

export interface OwnStanding {
  rank: number | null;
  xp: number;
  optedOut: boolean;
}

/**
 * The signed-in member's XP in the period and their rank on this board (1 + everyone shown with more
 * XP); no rank when they earned nothing, opted out, are not a consumer or live outside the city.
 */
export async function findOwnStanding(
  db: Executor,
  range: PeriodRange,
  city: string | undefined,
  userId: number,
): Promise<OwnStanding | null> {
  const [member] = await db
    .select({ city: users.city, role: users.role, optedOut: users.leaderboardOptOut })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)))
    .limit(1);
  if (!member) return null;
  const mine = earnedIn(db, range, userId);
  const [own] = await db.select({ xp: mine.xp }).from(mine);
  const xp = own?.xp ?? 0;
  const onBoard = member.role === "user" && !member.optedOut && (!city || member.city === city) && xp > 0;
  if (!onBoard) return { rank: null, xp, optedOut: member.optedOut };

  const earned = earnedIn(db, range);
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(earned)
    .innerJoin(users, eq(users.id, earned.userId))
    .where(and(shownOnBoard(city), gt(earned.xp, xp)));
  return { rank: (ahead?.n ?? 0) + 1, xp, optedOut: false };
}
