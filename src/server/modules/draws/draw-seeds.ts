import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { sha256Hex } from "../../../shared/draw-verification";
import type { Executor } from "../../db/client";
import { competitions, prizeDraws } from "../../db/schema/draws";
import { AppError } from "../../lib/errors";
import { openText, SecretBoxError, sealText } from "../../lib/secret-box";

/*
 * A draw's secret seed is kept sealed (AES-256-GCM with the configuration's CONFIG_ENCRYPTION_KEY,
 * lib/secret-box) from the moment the draw opens until the draw reveals it, so whoever can read the
 * database cannot compute the winner once entries close. The sealed value is bound to its commitment.
 */

let openingKey: Buffer | undefined;

/**
 * The key that seals the seed of a monthly draw opened by a member's first entry of the month: that
 * happens inside other modules' transactions, which carry no configuration. buildApp and the demo seed
 * set it from the same configuration.
 */
export function setDrawSeedKey(key: Buffer) {
  openingKey = key;
}

function keyForOpening(): Buffer {
  if (!openingKey) throw new Error("setDrawSeedKey must be called before a draw opens");
  return openingKey;
}

const sealContext = (seedHash: string) => `draw seed ${seedHash}`;

/** A fresh secret seed: its commitment (SHA-256, published) and the seed sealed for the database. */
export function newSealedSeed(key: Buffer = keyForOpening()) {
  const seed = randomBytes(32).toString("hex");
  const seedHash = sha256Hex(seed);
  return { seedHash, sealedSeed: sealText(key, seed, sealContext(seedHash)) };
}

interface SeedColumns {
  seed: string | null;
  sealedSeed: string | null;
  seedHash: string | null;
}

/** The seed to reveal at the draw, opened from its sealed form (a draw opened before sealing has it plain). */
export function revealSeed(row: SeedColumns, key: Buffer): string {
  if (row.seed) return row.seed;
  if (!row.sealedSeed || !row.seedHash) throw new AppError("CONFLICT", "This draw has no secret seed");
  let seed: string;
  try {
    seed = openText(key, row.sealedSeed, sealContext(row.seedHash));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new AppError(
      "CONFLICT",
      "This draw's secret seed cannot be decrypted: CONFIG_ENCRYPTION_KEY (or SESSION_SECRET, which it comes from by default) changed since the draw opened. Set the old key as CONFIG_ENCRYPTION_KEY_PREVIOUS and restart to run the draw.",
    );
  }
  if (sha256Hex(seed) !== row.seedHash) {
    throw new AppError("CONFLICT", "This draw's secret seed does not match its commitment");
  }
  return seed;
}

/**
 * At start: seals the plain seeds that draws opened before sealing still hold (SQL has no key, so a
 * migration could not), and seals again with the current key the seeds sealed with a previous one.
 * Only undrawn draws: a drawn one's seed is public.
 */
export async function sealPendingSeeds(
  db: Executor,
  key: Buffer,
  previousKeys: readonly Buffer[] = [],
): Promise<number> {
  let sealed = 0;
  for (const table of [prizeDraws, competitions]) {
    const pending = await db
      .select({ id: table.id, seed: table.seed, sealedSeed: table.sealedSeed, seedHash: table.seedHash })
      .from(table)
      .where(and(isNull(table.winnerSelectedAt), or(isNotNull(table.seed), isNotNull(table.sealedSeed))));
    for (const row of pending) {
      const seed = row.seed ?? sealedWithPreviousKey(row, key, previousKeys);
      if (seed === undefined) continue;
      const seedHash = row.seedHash ?? sha256Hex(seed);
      const updated = await db
        .update(table)
        .set({ sealedSeed: sealText(key, seed, sealContext(seedHash)), seedHash, seed: null })
        .where(and(eq(table.id, row.id), isNull(table.winnerSelectedAt)))
        .returning({ id: table.id });
      sealed += updated.length;
    }
  }
  return sealed;
}

/** The seed, when the current key can't open it and a previous one can; otherwise undefined. */
function sealedWithPreviousKey(row: SeedColumns, key: Buffer, previousKeys: readonly Buffer[]) {
  if (!row.sealedSeed || !row.seedHash) return undefined;
  for (const candidate of [key, ...previousKeys]) {
    try {
      const seed = openText(candidate, row.sealedSeed, sealContext(row.seedHash));
      return candidate === key ? undefined : seed;
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
    }
  }
  return undefined;
}
