import { and, eq, type SQL, sql } from "drizzle-orm";
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

/**
 * Stores the newest reward QR's nonce, typed code and end: only that QR (or code) works from now on, and
 * only until then.
 */
export async function setRewardQrNonce(
  db: Executor,
  rewardId: number,
  qr: { nonce: string; typedCode: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .update(rewards)
    .set({
      qrCodeData: qr.nonce,
      qrTypedCode: qr.typedCode,
      qrGeneratedAt: now,
      qrExpiresAt: qr.expiresAt,
      updatedAt: now,
    })
    .where(and(eq(rewards.id, rewardId), eq(rewards.isUsed, false)));
}

export interface RewardUse {
  redemptionNumber: string;
  method: "self" | "staff" | "qr";
  staffName: string | null;
  location?: string;
  proofUrl?: string;
  /** The nonce of the reward QR scanned (a reward QR only works while it is the newest). */
  qrNonce?: string;
}

/**
 * The update that marks a reward used, as one part of the redemption's statement (it returns the
 * reward's id). It re-checks what the caller read, on the row as it stands now: the reward is still
 * unused and unexpired and, for a reward QR, the scanned QR is still its newest. So a reward is used
 * once, whatever runs beside it; `onlyIf` holds it back unless the rest of the statement may go ahead.
 */
export function markRewardUsedSql(rewardId: number, use: RewardUse, now: Date, onlyIf: SQL): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const newestQr = use.method === "qr" ? sql`qr_code_data = ${use.qrNonce ?? null}` : sql`true`;
  return sql`update ${rewards} set is_used = true, used_at = ${at}, is_claimed = true, claimed_at = ${at},
      claimed_by = ${use.staffName}, redemption_number = ${use.redemptionNumber},
      redemption_method = ${use.method}::redemption_method,
      redemption_location = coalesce(${use.location ?? null}, redemption_location),
      redemption_proof_url = coalesce(${use.proofUrl ?? null}, redemption_proof_url),
      qr_scanned_at = ${use.method === "qr" ? at : sql`qr_scanned_at`}, updated_at = ${at}
    where id = ${rewardId} and not is_used and (expires_at is null or expires_at > ${at})
      and ${newestQr} and ${onlyIf}
    returning id`;
}
