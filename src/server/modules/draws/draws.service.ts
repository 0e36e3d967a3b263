import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import type { Executor } from "../../db/client";
import { drawEntries, prizeDraws } from "../../db/schema/draws";
import type { Tier } from "../../db/schema/enums";

/** PRODUCT.md: entries are capped at 10 per member per draw. */
export const maxEntriesPerDraw = 10;

const monthName = new Intl.DateTimeFormat("en-GH", { month: "long", timeZone: "UTC" });

/** The last moment of an Accra month (Accra is UTC all year). */
function endOfMonth(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - 1);
}

/**
 * This month's draw, opened on first need. Opening it commits to a secret seed by publishing its
 * SHA-256 (PRODUCT.md: provably fair); the seed itself is revealed only at the draw. The unique
 * (year, month) key makes two openings at once produce one draw.
 */
export async function openMonthlyDraw(tx: Executor, now: Date) {
  const { year, month } = accraMonth(now);
  const seed = randomBytes(32).toString("hex");
  const label = `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;
  await tx
    .insert(prizeDraws)
    .values({
      title: `${label} prize draw`,
      description: "Monthly draw for Anigye members. Entries come from prize-draw rewards.",
      drawMonth: month,
      drawYear: year,
      registrationDeadline: endOfMonth(year, month),
      drawDate: endOfMonth(year, month),
      prizeTitle: "To be announced",
      seed,
      seedHash: createHash("sha256").update(seed).digest("hex"),
    })
    .onConflictDoNothing({ target: [prizeDraws.drawYear, prizeDraws.drawMonth] });
  const [draw] = await tx
    .select()
    .from(prizeDraws)
    .where(and(eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)));
  return draw!;
}

/**
 * Adds one entry to this month's draw for the member, up to the cap. Returns the member's entries
 * afterwards. Two rewards at once both count: the upsert adds atomically.
 */
export async function addMonthlyDrawEntry(
  tx: Executor,
  userId: number,
  tier: Tier,
  now: Date,
): Promise<{ drawId: number; entries: number }> {
  const draw = await openMonthlyDraw(tx, now);
  const [entry] = await tx
    .insert(drawEntries)
    .values({ drawId: draw.id, userId, entriesCount: 1, userTier: tier, enteredAt: now })
    .onConflictDoUpdate({
      target: [drawEntries.drawId, drawEntries.userId],
      set: {
        entriesCount: sql`least(${drawEntries.entriesCount} + 1, ${maxEntriesPerDraw})`,
        userTier: tier,
      },
    })
    .returning({ entries: drawEntries.entriesCount });
  return { drawId: draw.id, entries: entry!.entries };
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
      entries: drawEntries.entriesCount,
    })
    .from(drawEntries)
    .innerJoin(prizeDraws, eq(prizeDraws.id, drawEntries.drawId))
    .where(
      and(eq(drawEntries.userId, userId), eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)),
    )
    .limit(1);
  if (!row) return null;
  return {
    title: row.title,
    prizeTitle: row.prizeTitle,
    drawDate: row.drawDate?.toISOString() ?? null,
    seedHash: row.seedHash,
    entries: row.entries,
    maxEntries: maxEntriesPerDraw,
  };
}
