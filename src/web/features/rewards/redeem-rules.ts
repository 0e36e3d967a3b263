import { redeemRequest } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { translate, translateMessage } from "../../lib/language";
import { isConnectionFailure, isOnline } from "../../lib/network-status";

/**
 * What is wrong with a typed staff code, by the contract's own rule and in its words (in the active
 * language when the messages catalog has them); undefined when it can be sent.
 */
export function staffCodeError(code: string): string | undefined {
  if (code.trim() === "") return translate("rewards.redeem.askForCode");
  const checked = redeemRequest.shape.staffCode.safeParse(code);
  return checked.success
    ? undefined
    : translateMessage(checked.error.issues[0]?.message ?? "Staff code must be 6 digits");
}

/**
 * Whether she may mark the reward used herself (a code used when ordering online). Never for cashback:
 * the business pays it only when its staff confirm the visit, by the reward's QR or their code.
 */
export function canMarkUsedYourself(reward: Pick<MyReward, "code" | "rewardType">): boolean {
  return reward.code !== null && reward.rewardType !== "cashback";
}

/** Too many wrong staff codes: this reward's staff redemption is paused for a while. */
export function isLockedOut(error: unknown): boolean {
  return error instanceof ApiError && error.code === "RATE_LIMITED";
}

/** What to tell the member when a redemption or a reward QR was refused or never reached the server. */
export function redeemFailureMessage(error: unknown): string {
  const refusal = serverMessage(error);
  if (refusal) return refusal;
  if (!isOnline() || isConnectionFailure(error)) return translate("rewards.redeem.offline");
  return translate("rewards.redeem.failed");
}
