import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ledgerEntries } from "../../db/schema/ledger";

/** A member's newest XP and counter-points rows, for the admin's member page. */
export function memberLedger(db: Executor, userId: number, limit = 30) {
  return db
    .select({
      id: ledgerEntries.id,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      reason: ledgerEntries.reason,
      sourceType: ledgerEntries.sourceType,
      sourceId: ledgerEntries.sourceId,
      reversesEntryId: ledgerEntries.reversesEntryId,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.currency, ["xp", "prize_points"])))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}
