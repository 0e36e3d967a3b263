import { and, asc, eq, sql } from "drizzle-orm";
import { formatCedis } from "../../../shared/money";
import type { Executor } from "../../db/client";
import {
  type LoyaltyCard,
  type LoyaltyProgram,
  loyaltyCards,
  loyaltyCheckIns,
  loyaltyCounters,
} from "../../db/schema/loyalty";
import { AppError } from "../../lib/errors";
import { addMonthlyDrawEntry } from "../draws";
import { creditXp, memberStanding, recordCompletedCycle } from "../ledger";
import { notifyMember, queueMemberSms } from "../notifications";
import { readNumberSettings } from "../settings";
import { countActiveCards, findActiveProgram } from "./loyalty-program.service";

/** PRODUCT.md: a loyalty stamp earns 5 XP. */

export interface CardState {
  currentStamps: number;
  requiredStamps: number;
  isCompleted: boolean;
  rewardUnlocked: boolean;
  rewardTitle: string;
}

export interface StampInput {
  userId: number;
  companyId: number;
  purchasePesewas: number | undefined;
  staffId: number | null;
  qrCodeData: string;
  typed: boolean;
  ipAddress: string;
  deviceFingerprint: string | undefined;
}

/** Refuses before anything is written when the shop has no program or the purchase is too small. */
export async function checkStampAllowed(
  db: Executor,
  companyId: number,
  purchasePesewas: number | undefined,
): Promise<LoyaltyProgram> {
  const program = await findActiveProgram(db, companyId);
  if (!program) throw new AppError("NO_PROGRAM", "This shop has no active loyalty program to stamp.");
  if (program.minimumSpendPesewas > 0 && (purchasePesewas ?? 0) < program.minimumSpendPesewas) {
    const minimum = formatCedis(program.minimumSpendPesewas);
    throw new AppError(
      "BELOW_MINIMUM",
      purchasePesewas === undefined
        ? {
            message: "Enter the purchase amount: a stamp needs a purchase of at least {minimum}.",
            values: { minimum },
          }
        : { message: "The purchase is below the {minimum} minimum for a stamp.", values: { minimum } },
    );
  }
  return program;
}

/**
 * Adds one stamp to the member's card (making the card on the first stamp). At the required number the
 * card completes: its reward waits for a later scan, it counts as a completed cycle and a draw entry, and
 * the next stamp starts a new card. Call inside the counter's transaction, after the daily limit.
 */
export async function stampCard(tx: Executor, input: StampInput, now: Date): Promise<CardState> {
  const program = await checkStampAllowed(tx, input.companyId, input.purchasePesewas);
  const card = await openCard(tx, input.userId, program, now);
  const stamps = card.currentStamps + 1;
  const completes = stamps >= card.requiredStamps;
  await tx
    .update(loyaltyCards)
    .set({
      currentStamps: stamps,
      isCompleted: completes,
      completedAt: completes ? now : null,
      // A completed card steps aside, so the next stamp starts a new one; its reward stays claimable.
      isActive: !completes,
      updatedAt: now,
    })
    .where(eq(loyaltyCards.id, card.id));

  const [checkIn] = await tx
    .insert(loyaltyCheckIns)
    .values({
      userId: input.userId,
      companyId: input.companyId,
      cardId: card.id,
      qrCodeData: input.qrCodeData.slice(0, 100),
      purchaseAmountPesewas: input.purchasePesewas,
      meetsMinimum: true,
      staffMemberId: input.staffId,
      verificationMethod: input.typed ? "short_code" : "qr",
      ipAddress: input.ipAddress,
      deviceFingerprint: input.deviceFingerprint?.slice(0, 200),
      createdAt: now,
    })
    .returning({ id: loyaltyCheckIns.id });
  await countVisit(tx, input.userId, input.companyId, completes, now);
  // The setting is read per stamp, so an admin's change applies to the next scan without a restart.
  const { xp_stamp: stampXp } = await readNumberSettings(tx, ["xp_stamp"]);
  if (stampXp > 0) {
    await creditXp(
      tx,
      {
        userId: input.userId,
        amount: stampXp,
        reason: "stamp",
        idempotencyKey: `stamp:check_in:${checkIn!.id}`,
        sourceType: "loyalty_check_in",
        sourceId: checkIn!.id,
      },
      now,
    );
  }
  if (completes) {
    await recordCompletedCycle(tx, input.userId, now);
    const standing = await memberStanding(tx, input.userId);
    await addMonthlyDrawEntry(tx, input.userId, standing.tier, now, {
      kind: "loyalty_cycle",
      key: `card:${card.id}`,
    });
    await queueMemberSms(
      tx,
      {
        userId: input.userId,
        kind: "loyalty_reward_ready",
        dedupeKey: `loyalty_reward_ready:${card.id}`,
        values: { program: program.programName, reward: program.rewardTitle },
        path: "/loyalty-dashboard",
      },
      now,
    );
  }
  await notifyMember(
    tx,
    completes
      ? {
          userId: input.userId,
          type: "card_completed",
          title: "Card complete!",
          message: {
            message: "Your {program} card is full: {reward} is waiting for you at the counter.",
            values: { program: program.programName, reward: program.rewardTitle },
          },
          link: "/loyalty-dashboard",
          dedupeKey: `card_completed:${card.id}`,
        }
      : {
          userId: input.userId,
          type: "stamp_added",
          title: "Stamp added",
          message: {
            message: "{current} of {required} stamps on your {program} card.",
            values: { current: stamps, required: card.requiredStamps, program: program.programName },
          },
          link: "/loyalty-dashboard",
          dedupeKey: `stamp:${checkIn!.id}`,
        },
    now,
  );
  return {
    currentStamps: stamps,
    requiredStamps: card.requiredStamps,
    isCompleted: completes,
    rewardUnlocked: completes || (await hasUnclaimedReward(tx, input.userId, input.companyId)),
    rewardTitle: program.rewardTitle,
  };
}

/** At most one card per member and program is active (a unique index). */
function activeCardOf(userId: number, programId: number) {
  return and(
    eq(loyaltyCards.userId, userId),
    eq(loyaltyCards.programId, programId),
    eq(loyaltyCards.isActive, true),
  );
}

async function lockActiveCard(tx: Executor, userId: number, programId: number) {
  const [card] = await tx.select().from(loyaltyCards).where(activeCardOf(userId, programId)).for("update");
  return card;
}

/** The member's live card for the program, locked; an expired one is closed and a new one made. */
async function openCard(
  tx: Executor,
  userId: number,
  program: LoyaltyProgram,
  now: Date,
): Promise<LoyaltyCard> {
  const current = await lockActiveCard(tx, userId, program.id);
  if (current && (!current.expiresAt || current.expiresAt > now)) return current;
  if (current) {
    await tx
      .update(loyaltyCards)
      .set({ isActive: false, updatedAt: now })
      .where(eq(loyaltyCards.id, current.id));
  }
  // maxActiveCards is a capacity setting, not money: it is checked without locking the program, since a
  // lock would queue every first stamp at the shop behind each other (docs/product-rules.md).
  if ((await countActiveCards(tx, program.id)) >= program.maxActiveCards) {
    throw new AppError(
      "CARD_LIMIT",
      "This shop's loyalty program is full: it can't start new cards right now.",
    );
  }
  const [created] = await tx
    .insert(loyaltyCards)
    .values({
      userId,
      companyId: program.companyId,
      programId: program.id,
      currentStamps: 0,
      requiredStamps: program.requiredVisits,
      expiresAt: new Date(now.getTime() + program.validityDays * 24 * 60 * 60 * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another scan (a queued one from another day) started the card at the same moment: use that one.
  const started = await lockActiveCard(tx, userId, program.id);
  if (!started) throw new AppError("UNAVAILABLE", "We're busy right now. Please try again.");
  return started;
}

async function countVisit(tx: Executor, userId: number, companyId: number, unlocked: boolean, now: Date) {
  await tx
    .insert(loyaltyCounters)
    .values({
      userId,
      companyId,
      visitCount: 1,
      lastVisit: now,
      hasActiveReward: unlocked,
      rewardUnlockedAt: unlocked ? now : null,
    })
    .onConflictDoUpdate({
      target: [loyaltyCounters.userId, loyaltyCounters.companyId],
      set: {
        visitCount: sql`${loyaltyCounters.visitCount} + 1`,
        lastVisit: now,
        hasActiveReward: unlocked ? true : sql`${loyaltyCounters.hasActiveReward}`,
        rewardUnlockedAt: unlocked ? now : sql`${loyaltyCounters.rewardUnlockedAt}`,
        updatedAt: now,
      },
    });
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
  return { cardId: card.id, rewardTitle: program?.rewardTitle ?? "Loyalty reward" };
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
