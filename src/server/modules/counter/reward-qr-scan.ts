import type { ScanRequest, ScanResult } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import {
  alreadyRedeemed,
  readRewardQr,
  readRewardTypedCode,
  redeemReward,
  typedRewardClaimOf,
} from "../redemptions";
import {
  describeRewardForCounter,
  findRewardToRedeem,
  type RewardAtCounter,
  type RewardKey,
  type RewardToRedeem,
} from "../rewards";
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
  const { claim, reward } = await presentedReward(
    tx,
    context,
    input.qrData.trim(),
    input.action === "redeem",
  );
  log.userId = reward.userId;
  refuseIfBackdated(context);
  const member = reward.member;
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
  // Shown again after use, its QR's two minutes no longer matter: staff are told when and by whom.
  if (reward.isUsed) throw alreadyRedeemed(reward);
  if (scannedAt >= claim.expiresAt) {
    throw new AppError("EXPIRED_CODE", "This reward QR has expired. Ask the customer to show a new one.");
  }
  await redeemReward(
    tx,
    {
      rewardId: reward.id,
      // Read above with its ad locked: the redemption needs no second read.
      reward: "adLocked" in reward ? (reward as RewardToRedeem) : undefined,
      method: "qr",
      companyId: actor.companyId,
      qrNonce: claim.nonce,
      staffId: actor.staffId,
      staffName: actor.staffName,
      branchId: actor.branchId,
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
 * The reward a QR (or the code typed from under it) names, read with its ad and member in one statement;
 * to redeem, the ad's row is locked too. A typed code is looked up among this shop's rewards and stands for
 * its QR: same nonce, same two minutes, and no use claimed before it was shown. A used reward's code is
 * still found, so staff hear that it was used rather than that it is unknown.
 */
async function presentedReward(tx: Executor, context: ScanContext, presented: string, toRedeem: boolean) {
  const read = (key: RewardKey) =>
    toRedeem ? findRewardToRedeem(tx, key) : describeRewardForCounter(tx, key);
  const typedCode = readRewardTypedCode(presented);
  if (typedCode) {
    const reward = await read({ companyId: context.actor.companyId, typedCode });
    const claim = reward && typedRewardClaimOf(reward);
    const shownLater =
      claim && !reward.isUsed && context.scannedAt.getTime() + phoneClockSlackMs < claim.issuedAt.getTime();
    if (!reward || !claim || shownLater) throw unknownRewardCode();
    return { claim, reward };
  }
  const claim = readRewardQr(presented, context.deps.config.sessionSecret);
  if (!claim) throw unknownRewardCode();
  const reward: RewardAtCounter | undefined = await read({ rewardId: claim.rewardId });
  if (!reward) throw new AppError("UNKNOWN_CODE", "This reward no longer exists.");
  return { claim, reward };
}

function unknownRewardCode() {
  return new AppError(
    "UNKNOWN_CODE",
    "We don't recognise this code. Ask the customer to show the reward's QR again.",
  );
}
