import type { ScanRequest, ScanResult } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findMemberSummary } from "../auth";
import { readRewardQr, readRewardTypedCode, redeemReward, rewardClaimFromTypedCode } from "../redemptions";
import { describeRewardForCounter } from "../rewards";
import {
  type LogDraft,
  phoneClockSlackMs,
  refuseIfBackdated,
  type Said,
  type ScanContext,
  saying,
} from "./scan-log";

/** A reward's QR (or the code typed from under it) at the counter: look it up or redeem it. */
export async function scanRewardQr(
  tx: Executor,
  context: ScanContext,
  input: ScanRequest,
  log: LogDraft,
): Promise<Said<ScanResult>> {
  const { actor, scannedAt, now } = context;
  const claim = await rewardClaim(tx, context, input.qrData.trim());
  const reward = await describeRewardForCounter(tx, claim.rewardId);
  if (!reward) throw new AppError("UNKNOWN_CODE", "This reward no longer exists.");
  log.userId = reward.userId;
  refuseIfBackdated(context);
  const member = reward.userId ? await findMemberSummary(tx, reward.userId) : undefined;
  const shown = {
    id: reward.id,
    title: reward.title,
    discountPercent: reward.discountPercent,
    code: reward.code,
    kind: "ad_reward" as const,
  };
  const base = {
    ok: true as const,
    action: input.action,
    alreadyApplied: false,
    member: member ? { displayName: member.displayName, tier: member.tier } : null,
    card: null,
    pointsToday: null,
    scannedAt: scannedAt.toISOString(),
  };
  if (reward.companyId !== actor.companyId) {
    throw new AppError("NOT_THIS_SHOP", "This reward is for another shop. It can't be used here.");
  }
  if (input.action === "stamp") {
    throw new AppError(
      "BAD_REQUEST",
      "This is a reward QR. Choose Redeem to use it, or scan the loyalty card to stamp.",
    );
  }
  if (input.action === "lookup") {
    const stateMessage = reward.isUsed
      ? "{reward}: already used."
      : reward.expiresAt && reward.expiresAt <= now
        ? "{reward}: expired."
        : "{reward}: ready to use.";
    return saying({ ...base, reward: shown }, stateMessage, { reward: reward.title });
  }
  if (scannedAt >= claim.expiresAt) {
    throw new AppError("EXPIRED_CODE", "This reward QR has expired. Ask the customer to show a new one.");
  }
  await redeemReward(
    tx,
    {
      rewardId: reward.id,
      method: "qr",
      companyId: actor.companyId,
      qrNonce: claim.nonce,
      staffId: actor.staffId,
      staffName: actor.staffName,
      receivedAt: now,
      ...context.client,
    },
    scannedAt,
  );
  return member
    ? saying({ ...base, reward: shown }, "Redeemed for {name}: {reward}.", {
        name: member.displayName,
        reward: reward.title,
      })
    : saying({ ...base, reward: shown }, "Redeemed: {reward}.", { reward: reward.title });
}

/**
 * What a reward QR (or the code typed from under it) names. A typed code is looked up among this shop's
 * rewards and stands for its QR: same nonce, same two minutes, and no use claimed before it was shown.
 */
async function rewardClaim(tx: Executor, context: ScanContext, presented: string) {
  const typedCode = readRewardTypedCode(presented);
  const claim = typedCode
    ? await typedRewardClaim(tx, context, typedCode)
    : readRewardQr(presented, context.deps.config.sessionSecret);
  if (!claim) {
    throw new AppError(
      "UNKNOWN_CODE",
      "We don't recognise this code. Ask the customer to show the reward's QR again.",
    );
  }
  return claim;
}

async function typedRewardClaim(tx: Executor, context: ScanContext, typedCode: string) {
  const claim = await rewardClaimFromTypedCode(tx, context.actor.companyId, typedCode);
  if (!claim || context.scannedAt.getTime() + phoneClockSlackMs < claim.issuedAt.getTime()) return undefined;
  return claim;
}
