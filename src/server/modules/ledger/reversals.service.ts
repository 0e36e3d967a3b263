import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { ledgerEntries } from "../../db/schema/ledger";
import { takeXpBack } from "./member-balances";

export interface ReversalRequest {
  userId: number;
  /** The earning rows to undo: the member's XP credits with this source, e.g. rewards 12 and 13. */
  sourceType: string;
  sourceIds: number[];
  /** Makes each reversal row unique, e.g. "violation:7". */
  keyPrefix: string;
}

export interface ReversalResult {
  /** XP actually taken back (never more than the balance held). */
  xpReversed: number;
  entriesReversed: number;
}

/**
 * Undoes XP credits with reversing rows (never an edit), each at most once (the unique
 * reverses_entry_id). A reversal takes back no more than the member holds, so the balance never goes
 * negative; lifetime XP drops with it, the tier reached stays (tiers never drop). Call in a transaction.
 */
export async function reverseXpCredits(tx: Executor, request: ReversalRequest): Promise<ReversalResult> {
  const result: ReversalResult = { xpReversed: 0, entriesReversed: 0 };
  if (request.sourceIds.length === 0) return result;
  for (const credit of await unreversedCredits(tx, request)) {
    const taken = await takeXpBack(tx, request.userId, credit.amount);
    if (taken === 0) break;
    await tx.insert(ledgerEntries).values({
      userId: request.userId,
      currency: "xp",
      amount: -taken,
      reason: "reversal",
      sourceType: credit.sourceType,
      sourceId: credit.sourceId,
      idempotencyKey: `${request.keyPrefix}:reverse:${credit.id}`,
      reversesEntryId: credit.id,
    });
    result.xpReversed += taken;
    result.entriesReversed += 1;
  }
  return result;
}

function unreversedCredits(tx: Executor, request: ReversalRequest) {
  const reversal = alias(ledgerEntries, "reversal");
  return tx
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      sourceType: ledgerEntries.sourceType,
      sourceId: ledgerEntries.sourceId,
    })
    .from(ledgerEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, ledgerEntries.id))
    .where(
      and(
        eq(ledgerEntries.userId, request.userId),
        eq(ledgerEntries.currency, "xp"),
        gt(ledgerEntries.amount, 0),
        eq(ledgerEntries.sourceType, request.sourceType),
        inArray(ledgerEntries.sourceId, request.sourceIds),
        isNull(reversal.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}
