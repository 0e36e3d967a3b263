import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatAccraDateTime } from "../../../shared/accra-time";
import { rewardIsUsedAtShop } from "../../../shared/contracts/ad-options";
import type { RewardQr } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import { typedCodeFormat } from "../../lib/typed-codes";
import { earnCashback } from "../money";
import {
  describeRewardForCounter,
  findMemberReward,
  findRewardToRedeem,
  type Reward,
  type RewardAtCounter,
  type RewardToRedeem,
  setRewardQrNonce,
} from "../rewards";
import { maximumReached, type RedemptionWrite, writeRedemption } from "./redemption-write";

/** A reward QR lives two minutes and works once (docs/product-rules.md#rewards-reward-qr). */
export const rewardQrLifetimeMs = 2 * 60 * 1000;
/**
 * A code sent by USSD lives ten minutes: the member reads it off a basic phone, walks to the counter and
 * can't make another there without dialling again (docs/product-rules.md#ussd-reward-code).
 */
export const ussdRewardCodeLifetimeMs = 10 * 60 * 1000;
export const rewardQrPrefix = "ANIGYE-R1.";
/**
 * A verified redemption (at the counter, by QR or staff code) earns 25 XP
 * (docs/product-rules.md#rewards-what-can-be-redeemed).
 */
export const verifiedRedemptionXp = 25;

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`reward-qr:${payload}`).digest("base64url").slice(0, 27);
}

export interface RewardQrClaim {
  rewardId: number;
  nonce: string;
  expiresAt: Date;
}

/** Reads a reward QR; undefined when it is not one of ours or its signature is wrong. */
export function readRewardQr(qrData: string, secret: string): RewardQrClaim | undefined {
  if (!qrData.startsWith(rewardQrPrefix)) return undefined;
  const [rewardId, nonce, expires, signed] = qrData.slice(rewardQrPrefix.length).split(".");
  if (
    !rewardId ||
    !nonce ||
    !expires ||
    !signed ||
    !/^\d{1,9}$/.test(rewardId) ||
    !/^\d{1,12}$/.test(expires)
  ) {
    return undefined;
  }
  const expected = Buffer.from(signature(secret, `${rewardId}.${nonce}.${expires}`));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { rewardId: Number(rewardId), nonce, expiresAt: new Date(Number(expires) * 1000) };
}

export function isRewardQr(qrData: string): boolean {
  return qrData.trim().startsWith(rewardQrPrefix);
}

// The typed code under a reward QR: 8 characters, about 40 bits, so guessing one of a shop's few live
// codes is hopeless. A member's loyalty code has 6, so the two never mix.
const rewardTypedCode = typedCodeFormat(8);

/** A reward's typed code as staff typed it, normalised; undefined when it can't be one. */
export const readRewardTypedCode = rewardTypedCode.read;

export type TypedRewardClaim = RewardQrClaim & { issuedAt: Date };

/** The claim a reward found by its typed code stands for: its newest QR's nonce, made when, lasting until. */
export function typedRewardClaimOf(reward: RewardAtCounter): TypedRewardClaim | undefined {
  if (!reward.qrNonce || !reward.qrIssuedAt) return undefined;
  return {
    rewardId: reward.id,
    nonce: reward.qrNonce,
    issuedAt: reward.qrIssuedAt,
    expiresAt: reward.qrExpiresAt ?? new Date(reward.qrIssuedAt.getTime() + rewardQrLifetimeMs),
  };
}

/** Only discounts and cashback are used at a shop (or online); XP, badges and entries are already "used". */
function assertRedeemable(reward: Pick<Reward, "rewardType" | "isUsed" | "usedAt" | "expiresAt">, now: Date) {
  if (!rewardIsUsedAtShop(reward.rewardType)) {
    throw new AppError("BAD_REQUEST", "This reward has nothing to redeem: it was added to your account.");
  }
  if (reward.isUsed) {
    // The day it was used, in Accra (UTC all year): 2026-11-23.
    throw new AppError(
      "ALREADY_USED",
      reward.usedAt
        ? {
            message: "This reward was already used on {date}.",
            values: { date: reward.usedAt.toISOString().slice(0, 10) },
          }
        : "This reward was already used.",
    );
  }
  if (reward.expiresAt && reward.expiresAt <= now) {
    throw new AppError("EXPIRED_REWARD", "This reward has expired.");
  }
}

/**
 * What staff are told when a reward's QR (or its typed code) comes back after it was used: when, in
 * Accra time, and by whom (docs/product-rules.md#rewards-already-redeemed).
 */
export function alreadyRedeemed(
  reward: Pick<RewardAtCounter, "usedAt" | "redemptionMethod" | "claimedBy">,
): AppError {
  if (!reward.usedAt) return new AppError("ALREADY_USED", "This reward was already used.");
  const time = formatAccraDateTime(reward.usedAt.toISOString());
  if (reward.redemptionMethod === "self" || !reward.claimedBy) {
    return new AppError("ALREADY_USED", {
      message: "Already redeemed on {time}: the customer marked it used online.",
      values: { time },
    });
  }
  return new AppError("ALREADY_USED", {
    message: "Already redeemed on {time} by {name}.",
    values: { time, name: reward.claimedBy },
  });
}

/**
 * A fresh QR for the member's reward. Making one replaces the last (its nonce is stored on the reward),
 * so only the newest QR works, and only until it is scanned or runs out. `lifetimeMs` is how long it
 * lasts (a code sent by USSD: ussdRewardCodeLifetimeMs).
 */
export async function issueRewardQr(
  db: Executor,
  secret: string,
  userId: number,
  rewardId: number,
  now: Date,
  { lifetimeMs = rewardQrLifetimeMs }: { lifetimeMs?: number } = {},
): Promise<RewardQr> {
  const reward = await findMemberReward(db, userId, rewardId);
  assertRedeemable(reward, now);
  const nonce = randomBytes(12).toString("base64url");
  // Whole seconds, as the QR carries it, so the QR and its typed code end at the same moment.
  const expires = String(Math.floor((now.getTime() + lifetimeMs) / 1000));
  const expiresAt = new Date(Number(expires) * 1000);
  const typedCode = rewardTypedCode.create();
  await setRewardQrNonce(db, rewardId, { nonce, typedCode, expiresAt }, now);
  const payload = `${rewardId}.${nonce}.${expires}`;
  return {
    qrData: `${rewardQrPrefix}${payload}.${signature(secret, payload)}`,
    typedCode: rewardTypedCode.display(typedCode),
    expiresAt: expiresAt.toISOString(),
  };
}

/** What a caller asks: the write's fields (less the number this module gives it) and whose reward it is. */
export interface RedemptionRequest extends Omit<RedemptionWrite, "redemptionNumber"> {
  rewardId: number;
  /**
   * The reward as findRewardToRedeem read it earlier in this transaction (the counter shows it before
   * redeeming); read here otherwise.
   */
  reward?: RewardToRedeem;
  /** The member redeeming their own reward (self or staff code), or undefined at the counter (qr). */
  userId?: number;
  /** The shop scanning (qr), which must be the reward's shop. */
  companyId?: number;
}

export interface RedeemedReward {
  redemptionId: number;
  redemptionNumber: string;
  rewardId: number;
  redeemedAt: Date;
}

/**
 * Uses a reward once, within the ad's caps: one read (the reward, its ad's row locked, the member) and
 * one statement that writes it all, the XP for a redemption staff confirmed included. Parallel redemptions
 * of one ad queue on the ad's row; the write re-checks the reward itself, and the live-redemption unique
 * index backs it up.
 */
export async function redeemReward(
  tx: Executor,
  request: RedemptionRequest,
  now: Date,
): Promise<RedeemedReward> {
  const reward =
    request.reward?.id === request.rewardId
      ? request.reward
      : await findRewardToRedeem(tx, { rewardId: request.rewardId });
  assertMayRedeem(reward, request, now);
  if (reward.ad.currentRedemptions >= reward.ad.maxRedemptions) throw maximumReached();

  const redemptionNumber = `RD-${randomBytes(5).toString("hex").toUpperCase()}`;
  // A redemption staff confirmed earns XP, credited by the redemption's own statement.
  const xp = request.method !== "self" && reward.userId !== null ? verifiedRedemptionXp : 0;
  const redemptionId = await writeRedemption(tx, reward, { ...request, redemptionNumber }, { xp, now });
  if (redemptionId === undefined) {
    // Used, withdrawn or shown with a newer QR since it was read: say which, as if read now.
    assertMayRedeem(await describeRewardForCounter(tx, reward.id), request, now);
    throw new AppError("CONFLICT", "This reward changed while it was being used. Try again.");
  }
  if (reward.cashbackPesewas && reward.userId !== null) {
    const cashback = { companyId: reward.companyId, amountPesewas: reward.cashbackPesewas };
    await earnCashback(tx, { ...cashback, userId: reward.userId, source: { rewardId: reward.id } }, now);
  }
  return { redemptionId, redemptionNumber, rewardId: reward.id, redeemedAt: now };
}

/** The reward is this member's or this shop's, still usable, and (by QR) shown with its newest QR. */
function assertMayRedeem<T extends RewardAtCounter>(
  reward: T | undefined,
  request: RedemptionRequest,
  now: Date,
): asserts reward is T {
  if (!reward || (request.userId !== undefined && reward.userId !== request.userId)) {
    throw new AppError(request.method === "qr" ? "UNKNOWN_CODE" : "NOT_FOUND", "Reward not found");
  }
  if (request.companyId !== undefined && reward.companyId !== request.companyId) {
    throw new AppError("NOT_THIS_SHOP", "This reward is for another shop. It can't be used here.");
  }
  if (request.method === "qr" && reward.isUsed) throw alreadyRedeemed(reward);
  if (request.method === "self" && reward.cashbackPesewas) {
    // Cashback is money: staff confirm the visit (docs/product-rules.md#cashback).
    throw new AppError(
      "BAD_REQUEST",
      "Cashback is paid when the business confirms your visit: show this reward at the counter.",
    );
  }
  assertRedeemable(reward, now);
  // Only the newest QR works, whatever time a queued scan claims: a replaced QR is dead.
  if (request.method === "qr" && reward.qrNonce !== request.qrNonce) {
    throw new AppError(
      "EXPIRED_CODE",
      "This reward QR was replaced by a newer one. Ask the customer to show it again.",
    );
  }
}

export { assertRedeemable };
