import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppDeps } from "../../app-deps";
import type { Transaction } from "../../db/client";
import { type AppError, forbidden, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { recordFraudSignal } from "../fraud";

/** What staff decided about something a member sent in, and the reason the member sees. */
interface ReviewDecision {
  status: "verified" | "rejected";
  reason: string | null;
}

/** The item's row once the decision is written; `userId` is null when the member has since left. */
interface DecidedItem {
  userId: number | null;
}

/**
 * One kind of item staff review (a purchase's receipt, a share's proof): how to find whose it is, decide
 * it once, and what a decision means for the member.
 */
export interface ReviewedItem<Decided extends DecidedItem> {
  /** The audit log's target type and the action's prefix ("purchase" → "purchase.verified"). */
  kind: string;
  id: number;
  /** Where the item is kept: its table, its id column and the column naming the member who sent it in. */
  keptIn: { table: PgTable; id: AnyPgColumn; sender: AnyPgColumn };
  /** The answer when there is no item with that id. */
  notFoundMessage: string;
  /** The refusal a member of staff gets for their own item. */
  ownItemRefusal: string;
  /** The conditional update from pending to the decision: undefined when the item wasn't pending. */
  claim(
    tx: Transaction,
    decision: ReviewDecision & { staffId: number; now: Date },
  ): Promise<Decided | undefined>;
  /** Why nothing pending was there (404 or 409), when `claim` found nothing. */
  whyUndecided(tx: Transaction): Promise<AppError>;
  /** What a rejection records beside the member's fraud signal. */
  rejectionDetails(decided: Decided, decision: ReviewDecision): Record<string, unknown>;
  /** What the decision means for the member (XP, counters) and their notice. */
  tellTheMember(
    tx: Transaction,
    decided: Decided & { userId: number },
    decision: ReviewDecision,
    now: Date,
  ): Promise<void>;
}

/**
 * Staff decide a pending item once: one conditional update lets exactly one of several parallel decisions
 * through (the others get 409), and the audit entry, the rejection's fraud signal and the member's notice
 * are written in the same transaction. Nobody decides their own item.
 */
export async function decideOnce<Decided extends DecidedItem>(
  deps: AppDeps,
  staff: { id: number; displayName: string },
  item: ReviewedItem<Decided>,
  decision: ReviewDecision,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if ((await senderOf(tx, item)) === staff.id) throw forbidden(item.ownItemRefusal);
    const decided = await item.claim(tx, { ...decision, staffId: staff.id, now });
    if (!decided) throw await item.whyUndecided(tx);
    await recordAudit(
      tx,
      {
        actor: staff,
        action: `${item.kind}.${decision.status}`,
        targetType: item.kind,
        targetId: item.id,
        before: { status: "pending" },
        after: { status: decision.status },
        reason: decision.reason,
      },
      now,
    );
    const { userId } = decided;
    if (userId === null) return;
    if (decision.status === "rejected") {
      const signal = { userId, adId: null, eventType: "rejected_proof" as const, riskScore: 20 };
      await recordFraudSignal(
        tx,
        { ...signal, details: item.rejectionDetails(decided, decision) },
        null,
        now,
      );
    }
    await item.tellTheMember(tx, { ...decided, userId }, decision, now);
  });
}

/** The member who sent the item in (null once they have left); 404 when there is no such item. */
async function senderOf(tx: Transaction, item: ReviewedItem<DecidedItem>): Promise<number | null> {
  const { table, id, sender } = item.keptIn;
  const [sent] = await tx.select({ userId: sender }).from(table).where(eq(id, item.id));
  if (!sent) throw notFound(item.notFoundMessage);
  return sent.userId as number | null;
}
