import type { RedeemRequest } from "../../../shared/contracts/counter";
import type { AppDeps } from "../../app-deps";
import type { ClientSignals } from "../../lib/client-signals";
import { retryOnTransientConflict } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { findStaffByCode } from "../companies";
import { consumeRateLimit, type RateLimitRule } from "../rate-limit";
import { findMemberReward } from "../rewards";
import { type RedeemedReward, redeemReward } from "./redemptions.service";

/**
 * 5 wrong staff codes lock that reward's staff redemption for 15 minutes
 * (docs/product-rules.md#businesses-staff-codes-and-pins).
 */
export const wrongStaffCodes: RateLimitRule = {
  action: "reward_staff_code",
  limit: 5,
  windowSeconds: 15 * 60,
};

/**
 * A member uses their own reward: marking an online code used (self), or with the staff member's code
 * typed on the member's phone (staff). A reward QR is scanned by staff instead (the counter).
 */
export async function redeemOwnReward(
  deps: AppDeps,
  userId: number,
  request: RedeemRequest,
  client: ClientSignals,
): Promise<RedeemedReward & { staffName: string | null }> {
  const now = deps.now();
  if (request.method === "qr") {
    throw new AppError(
      "BAD_REQUEST",
      "Show this reward's QR to the staff at the counter: they scan it to use it.",
    );
  }
  let staff: { id: number; name: string; branchId: number | null } | undefined;
  if (request.method === "staff") {
    if (!request.staffCode) {
      throw new AppError("VALIDATION", "Ask the staff member to type their staff code", {
        staffCode: "Ask the staff member to type their staff code",
      });
    }
    const reward = await findMemberReward(deps.db, userId, request.rewardId);
    const subject = { identifier: `reward:${reward.id}`, identifierType: "account" as const };
    // Every try is counted before the code is checked (one statement), so parallel guesses can't slip
    // past the fifth; the right code redeems the reward, after which tries no longer matter.
    await consumeRateLimit(deps.db, subject, wrongStaffCodes, now);
    staff = await findStaffByCode(deps.db, reward.companyId, request.staffCode);
    if (!staff) {
      throw new AppError(
        "VALIDATION",
        "That staff code is not right. Ask the staff member to type it again.",
        {
          staffCode: "That staff code is not right",
        },
      );
    }
  }
  const redeemed = await retryOnTransientConflict(() =>
    deps.db.transaction((tx) =>
      redeemReward(
        tx,
        {
          rewardId: request.rewardId,
          method: request.method,
          userId,
          staffId: staff?.id ?? null,
          staffName: staff?.name ?? null,
          branchId: staff?.branchId ?? null,
          location: request.location,
          proofUrl: request.proofUrl,
          ...client,
        },
        now,
      ),
    ),
  );
  return { ...redeemed, staffName: staff?.name ?? null };
}
