import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import { type MyDrawEntries, prizeToBeAnnounced } from "../../../shared/contracts/draws";
import type { Executor } from "../../db/client";
import { drawEntries, drawEntrySources, prizeDraws } from "../../db/schema/draws";
import type { Tier } from "../../db/schema/enums";
import { memberStanding } from "../ledger";
import { readNumberSettings } from "../settings";
import { newSealedSeed } from "./draw-seeds";

/**
 * Entries are capped at 10 per member per draw; admins may lower the cap (the `draw_max_entries`
 * setting, read in the transaction that adds or settles entries). Rule: docs/product-rules.md#draws-entries.
 */
export async function drawEntryCap(db: Executor): Promise<number> {
  return (await readNumberSettings(db, ["draw_max_entries"])).draw_max_entries;
}

/** A member's tier adds entries to a draw they have entered (docs/product-rules.md#draws-entries). */
export const tierBonusEntries: Record<Tier, number> = { bronze: 0, silver: 1, gold: 2, diamond: 3 };

/** What earned an entry, once per event: `key` is unique within the draw, e.g. `reward:42`. */
export interface EntrySource {
  kind: "prize_entry" | "loyalty_cycle" | "points";
  key: string;
}

/** The entries that count: earned ones plus the tier bonus, capped. */
export function countedEntries(earned: number, tier: Tier, cap: number): number {
  return Math.min(cap, earned + tierBonusEntries[tier]);
}

const tierBonusSql = (tier: Tier) => sql`${tierBonusEntries[tier]}::int`;

const monthName = new Intl.DateTimeFormat("en-GH", { month: "long", timeZone: "UTC" });

/** The last moment of an Accra month (Accra is UTC all year). */
function endOfMonth(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - 1);
}

export function monthLabel(year: number, month: number) {
  return `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
}

/** Drawn at 18:00 Accra on the 1st of the next month, unless an admin draws it earlier. */
export function monthlyDrawDate(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1, 18));
}

/** drand's quicknet: a public random value every 3 seconds since its genesis, from independent parties. */
const drandQuicknet = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  genesisSeconds: 1692803367,
  periodSeconds: 3,
};

/** The quicknet round published at this time (round 1 at genesis). */
export function drandRoundAt(time: Date): number {
  const elapsed = time.getTime() / 1000 - drandQuicknet.genesisSeconds;
  return Math.floor(elapsed / drandQuicknet.periodSeconds) + 1;
}

/**
 * The public randomness a monthly draw announces when it opens: the drand round published at its draw
 * time, after entries close, so nobody (Anigye included) knows the winner before that value exists.
 */
export function announcedDrandRound(drawDate: Date): string {
  const round = drandRoundAt(drawDate);
  return `drand quicknet round ${round}: the "randomness" at https://api.drand.sh/${drandQuicknet.chainHash}/public/${round}`;
}

/**
 * This month's draw, opened on first need. Opening it commits to a secret seed by publishing its
 * SHA-256 (docs/draw-algorithm.md) and announces a drand round as its public randomness; the seed is
 * kept sealed and revealed only at the draw. The unique (year, month) key makes two openings at once
 * produce one draw.
 */
export async function openMonthlyDraw(tx: Executor, now: Date) {
  const { year, month } = accraMonth(now);
  // Nearly always the month's draw exists: one read, and a seed is made and sealed only to open it.
  const existing = await findMonthlyDraw(tx, year, month);
  if (existing) return existing;
  const label = monthLabel(year, month);
  const drawDate = monthlyDrawDate(year, month);
  await tx
    .insert(prizeDraws)
    .values({
      title: `${label} prize draw`,
      description: "Monthly draw for Anigye members. Entries come from prize-draw rewards.",
      drawMonth: month,
      drawYear: year,
      registrationDeadline: endOfMonth(year, month),
      drawDate,
      prizeTitle: prizeToBeAnnounced,
      ...newSealedSeed(),
      publicRandomnessSource: announcedDrandRound(drawDate),
      // The commitment is dated when the draw opens (its first entry), never later than its entries:
      // docs/product-rules.md#draws-opened
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [prizeDraws.drawYear, prizeDraws.drawMonth] });
  return (await findMonthlyDraw(tx, year, month))!;
}

async function findMonthlyDraw(tx: Executor, year: number, month: number) {
  const [draw] = await tx
    .select()
    .from(prizeDraws)
    .where(and(eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)));
  return draw;
}

/**
 * Adds one earned entry to this month's draw for the member, once per source event, and recounts the
 * entries that count (earned + tier bonus, at most the cap). Two rewards at once both count: the upsert adds
 * atomically. Returns the member's counted entries afterwards (null when the month's draw is drawn).
 */
export async function addMonthlyDrawEntry(
  tx: Executor,
  userId: number,
  tier: Tier,
  now: Date,
  source: EntrySource,
): Promise<{ drawId: number; entries: number; prize: string | null } | null> {
  const draw = await openMonthlyDraw(tx, now);
  if (draw.isCompleted || draw.entriesClosedAt) return null;
  const prize = announcedPrize(draw.prizeTitle);
  const recorded = await tx
    .insert(drawEntrySources)
    .values({ drawId: draw.id, userId, source: source.kind, sourceKey: source.key, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: drawEntrySources.id });
  if (recorded.length === 0) return { drawId: draw.id, entries: await entriesOf(tx, draw.id, userId), prize };
  const cap = await drawEntryCap(tx);
  const [entry] = await tx
    .insert(drawEntries)
    .values({
      drawId: draw.id,
      userId,
      earnedEntries: 1,
      entriesCount: countedEntries(1, tier, cap),
      userTier: tier,
      completedCyclesCount: source.kind === "loyalty_cycle" ? 1 : 0,
      enteredAt: now,
    })
    .onConflictDoUpdate({
      target: [drawEntries.drawId, drawEntries.userId],
      set: {
        earnedEntries: sql`${drawEntries.earnedEntries} + 1`,
        entriesCount: sql`least(${drawEntries.earnedEntries} + 1 + ${tierBonusSql(tier)}, ${cap}::int)`,
        completedCyclesCount: sql`${drawEntries.completedCyclesCount} + ${source.kind === "loyalty_cycle" ? 1 : 0}`,
        userTier: tier,
      },
    })
    .returning({ entries: drawEntries.entriesCount });
  return { drawId: draw.id, entries: entry!.entries, prize };
}

/** A draw's prize as members are told it, or null while it is still to be announced. */
export function announcedPrize(prizeTitle: string): string | null {
  return prizeTitle === prizeToBeAnnounced ? null : prizeTitle;
}

async function entriesOf(tx: Executor, drawId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ entries: drawEntries.entriesCount })
    .from(drawEntries)
    .where(and(eq(drawEntries.drawId, drawId), eq(drawEntries.userId, userId)));
  return row?.entries ?? 0;
}

/** The member's standing in this month's draw, or null when they have no entry in it. */
export async function currentDrawStanding(db: Executor, userId: number, now: Date) {
  const { year, month } = accraMonth(now);
  const [row] = await db
    .select({
      title: prizeDraws.title,
      prizeTitle: prizeDraws.prizeTitle,
      drawDate: prizeDraws.drawDate,
      seedHash: prizeDraws.seedHash,
      entriesClosedAt: prizeDraws.entriesClosedAt,
      entries: drawEntries.entriesCount,
    })
    .from(drawEntries)
    .innerJoin(prizeDraws, eq(prizeDraws.id, drawEntries.drawId))
    .where(
      and(eq(drawEntries.userId, userId), eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)),
    )
    .limit(1);
  if (!row) return null;
  const cap = await drawEntryCap(db);
  return {
    title: row.title,
    prizeTitle: row.prizeTitle,
    prize: announcedPrize(row.prizeTitle),
    drawDate: row.drawDate?.toISOString() ?? null,
    seedHash: row.seedHash,
    // A cap lowered this month applies to the count at the next entry or when entries close; show it now.
    entries: row.entriesClosedAt ? row.entries : Math.min(row.entries, cap),
    maxEntries: row.entriesClosedAt ? Math.max(row.entries, cap) : cap,
  };
}

/** My Rewards: this month's entries, where they came from, and the latest results. */
export async function myDrawEntries(db: Executor, userId: number, now: Date): Promise<MyDrawEntries> {
  const { year, month } = accraMonth(now);
  const [draw] = await db
    .select()
    .from(prizeDraws)
    .where(and(eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)));
  const [entry] = draw
    ? await db
        .select()
        .from(drawEntries)
        .where(and(eq(drawEntries.drawId, draw.id), eq(drawEntries.userId, userId)))
    : [];
  const sources = draw
    ? await db
        .select({ source: drawEntrySources.source, count: sql<number>`count(*)::int` })
        .from(drawEntrySources)
        .where(and(eq(drawEntrySources.drawId, draw.id), eq(drawEntrySources.userId, userId)))
        .groupBy(drawEntrySources.source)
    : [];
  // The bonus as it would count now (the member's current tier), within the cap as set now.
  const tier = (await memberStanding(db, userId)).tier;
  const cap = await drawEntryCap(db);
  const earned = entry?.earnedEntries ?? 0;
  const tierBonus = entry ? Math.min(tierBonusEntries[tier], cap - Math.min(earned, cap)) : 0;
  const recent = await db
    .select({
      id: prizeDraws.id,
      title: prizeDraws.title,
      drawnAt: prizeDraws.winnerSelectedAt,
      winnerId: prizeDraws.winnerId,
    })
    .from(prizeDraws)
    .where(isNotNull(prizeDraws.winnerSelectedAt))
    .orderBy(desc(prizeDraws.winnerSelectedAt))
    .limit(3);
  return {
    draw: draw
      ? {
          id: draw.id,
          title: draw.title,
          prizeTitle: draw.prizeTitle,
          commitment: draw.seedHash ?? "",
          drawDate: draw.drawDate?.toISOString() ?? null,
          registrationDeadline: draw.registrationDeadline?.toISOString() ?? null,
        }
      : null,
    entries: entry ? (draw!.entriesClosedAt ? entry.entriesCount : countedEntries(earned, tier, cap)) : 0,
    maxEntries: draw?.entriesClosedAt && entry ? Math.max(entry.entriesCount, cap) : cap,
    sources: [
      ...sources.map((row) => ({ source: row.source as EntrySource["kind"], count: row.count })),
      ...(tierBonus > 0 ? [{ source: "tier" as const, count: tierBonus }] : []),
    ],
    recentResults: recent.map((row) => ({
      id: row.id,
      title: row.title,
      drawnAt: row.drawnAt!.toISOString(),
      youWon: row.winnerId === userId,
    })),
  };
}
