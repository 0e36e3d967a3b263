import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loyaltyCards, loyaltyCounters } from "../../db/schema/loyalty";
import { AppError } from "../../lib/errors";
import { earnCashback } from "../money";
import { findActiveProgram } from "./loyalty-program.service";

/** A stamp itself is counter-stamp.service.ts; here: what a card shows and handing over its reward. */

export interface CardState {
  currentStamps: number;
  requiredStamps: number;
  isCompleted: boolean;
  rewardUnlocked: boolean;
  rewardTitle: string;
}

/** At most one card per member and program is active (a unique index). */
function activeCardOf(userId: number, programId: number) {
  return and(
    eq(loyaltyCards.userId, userId),
    eq(loyaltyCards.programId, programId),
    eq(loyaltyCards.isActive, true),
  );
}

async function hasUnclaimedReward(db: Executor, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(unclaimedCards(userId, companyId))
    .limit(1);
  return Boolean(row);
}

function unclaimedCards(userId: number, companyId: number) {
  return and(
    eq(loyaltyCards.userId, userId),
    eq(loyaltyCards.companyId, companyId),
    eq(loyaltyCards.isCompleted, true),
    eq(loyaltyCards.rewardClaimed, false),
  );
}

/**
 * Hands over a completed card's reward at the counter (the oldest waiting one). The card row is locked,
 * so two staff scanning the same customer at once hand it over once.
 */
export async function claimCardReward(tx: Executor, userId: number, companyId: number, now: Date) {
  const [card] = await tx
    .select()
    .from(loyaltyCards)
    .where(unclaimedCards(userId, companyId))
    .orderBy(asc(loyaltyCards.completedAt), asc(loyaltyCards.id))
    .limit(1)
    .for("update");
  if (!card) {
    const state = await cardStateAt(tx, userId, companyId);
    throw new AppError(
      "NOTHING_TO_CLAIM",
      state
        ? {
            message: "No stamp-card reward to claim yet: {current} of {required} stamps.",
            values: { current: state.currentStamps, required: state.requiredStamps },
          }
        : "No stamp-card reward to claim: this customer has no card here yet.",
    );
  }
  await tx
    .update(loyaltyCards)
    .set({ rewardClaimed: true, rewardClaimedAt: now, updatedAt: now })
    .where(eq(loyaltyCards.id, card.id));
  const stillWaiting = await hasUnclaimedReward(tx, userId, companyId);
  await tx
    .update(loyaltyCounters)
    .set({ hasActiveReward: stillWaiting, updatedAt: now })
    .where(and(eq(loyaltyCounters.userId, userId), eq(loyaltyCounters.companyId, companyId)));
  const program = await findActiveProgram(tx, companyId);
  const cashbackPaid = card.cashbackPesewas !== null && (await payCardCashback(tx, card, now));
  return {
    cardId: card.id,
    rewardTitle: program?.rewardTitle ?? "Loyalty reward",
    cashbackPesewas: cashbackPaid ? card.cashbackPesewas : null,
  };
}

/** The card's cashback into the member's cashback while the card lasts (docs/product-rules.md#cashback-stamp-cards). */
async function payCardCashback(
  tx: Executor,
  card: typeof loyaltyCards.$inferSelect,
  now: Date,
): Promise<boolean> {
  if (card.expiresAt && card.expiresAt <= now) return false;
  const cashback = { companyId: card.companyId, amountPesewas: card.cashbackPesewas! };
  return earnCashback(tx, { ...cashback, userId: card.userId, source: { loyaltyCardId: card.id } }, now);
}

/** What staff see when they look a member up: the current card, or the completed one waiting. */
export async function cardStateAt(
  db: Executor,
  userId: number,
  companyId: number,
): Promise<CardState | null> {
  const program = await findActiveProgram(db, companyId);
  if (!program) return null;
  const [card] = await db.select().from(loyaltyCards).where(activeCardOf(userId, program.id));
  const rewardUnlocked = await hasUnclaimedReward(db, userId, companyId);
  if (!card && !rewardUnlocked) return null;
  return {
    currentStamps: card?.currentStamps ?? 0,
    requiredStamps: card?.requiredStamps ?? program.requiredVisits,
    isCompleted: false,
    rewardUnlocked,
    rewardTitle: program.rewardTitle,
  };
}
