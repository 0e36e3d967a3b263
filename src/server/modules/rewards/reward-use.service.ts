import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type Reward, rewards } from "../../db/schema/rewards";
import { AppError } from "../../lib/errors";

// The writes a redemption makes to a reward row; the redemptions module decides when.

export async function findMemberReward(db: Executor, userId: number, rewardId: number): Promise<Reward> {
  const [reward] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, rewardId), eq(rewards.userId, userId)));
  if (!reward) throw new AppError("NOT_FOUND", "Reward not found");
  return reward;
}

/** Locks the reward row for the caller's transaction, so two uses of one reward queue. */
export async function lockRewardForUse(tx: Executor, rewardId: number): Promise<Reward | undefined> {
  const [reward] = await tx.select().from(rewards).where(eq(rewards.id, rewardId)).for("no key update");
  return reward;
}

/** Stores the newest reward QR's nonce and typed code: only that QR (or code) works from now on. */
export async function setRewardQrNonce(
  db: Executor,
  rewardId: number,
  qr: { nonce: string; typedCode: string },
  now: Date,
): Promise<void> {
  await db
    .update(rewards)
    .set({ qrCodeData: qr.nonce, qrTypedCode: qr.typedCode, qrGeneratedAt: now, updatedAt: now })
    .where(and(eq(rewards.id, rewardId), eq(rewards.isUsed, false)));
}

/**
 * The shop's unused reward whose newest QR shows this typed code, with that QR's nonce and when it was
 * made. Only this shop's rewards are searched, so a code can't be tried against every shop.
 */
export async function findRewardByTypedCode(db: Executor, companyId: number, typedCode: string) {
  const [row] = await db
    .select({ id: rewards.id, nonce: rewards.qrCodeData, generatedAt: rewards.qrGeneratedAt })
    .from(rewards)
    .where(
      and(eq(rewards.companyId, companyId), eq(rewards.qrTypedCode, typedCode), eq(rewards.isUsed, false)),
    )
    .limit(1);
  if (!row?.nonce || !row.generatedAt) return undefined;
  return { id: row.id, nonce: row.nonce, generatedAt: row.generatedAt };
}

export interface RewardUse {
  redemptionNumber: string;
  method: "self" | "staff" | "qr";
  staffName: string | null;
  location?: string;
  proofUrl?: string;
}

export async function markRewardUsed(
  tx: Executor,
  reward: Reward,
  use: RewardUse,
  now: Date,
): Promise<Reward> {
  const [used] = await tx
    .update(rewards)
    .set({
      isUsed: true,
      usedAt: now,
      isClaimed: true,
      claimedAt: now,
      claimedBy: use.staffName,
      redemptionNumber: use.redemptionNumber,
      redemptionMethod: use.method,
      redemptionLocation: use.location,
      redemptionProofUrl: use.proofUrl,
      qrScannedAt: use.method === "qr" ? now : reward.qrScannedAt,
      updatedAt: now,
    })
    .where(eq(rewards.id, reward.id))
    .returning();
  return used!;
}
