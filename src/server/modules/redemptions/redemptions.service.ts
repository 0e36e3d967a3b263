import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gte, inArray } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { RedemptionMethod, RewardQr } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { redemptions } from "../../db/schema/redemptions";
import { AppError } from "../../lib/errors";
import { typedCodeFormat } from "../../lib/typed-codes";
import { type RedemptionCaps, takeRedemption } from "../ads";
import { lockMemberInGoodStanding } from "../auth";
import { creditXp } from "../ledger";
import {
  findMemberReward,
  findRewardByTypedCode,
  lockRewardForUse,
  markRewardUsed,
  type Reward,
  setRewardQrNonce,
} from "../rewards";

/** A reward QR lives two minutes and works once (PRODUCT.md: signed, short-lived, single-use). */
export const rewardQrLifetimeMs = 2 * 60 * 1000;
export const rewardQrPrefix = "ANIGYE-R1.";
/** PRODUCT.md: a verified redemption (at the counter, by QR or staff code) earns 25 XP. */
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

/**
 * What a typed code stands for, as a reward QR would say it: the shop's reward whose newest QR shows
 * it, that QR's nonce and expiry. A replaced QR's code is gone with it; a used reward's finds nothing.
 */
export async function rewardClaimFromTypedCode(
  db: Executor,
  companyId: number,
  typedCode: string,
): Promise<(RewardQrClaim & { issuedAt: Date }) | undefined> {
  const found = await findRewardByTypedCode(db, companyId, typedCode);
  if (!found) return undefined;
  return {
    rewardId: found.id,
    nonce: found.nonce,
    issuedAt: found.generatedAt,
    expiresAt: new Date(found.generatedAt.getTime() + rewardQrLifetimeMs),
  };
}

/** Only discount rewards are used at a shop or online; XP, badges and entries are already "used". */
function assertRedeemable(reward: Reward, now: Date) {
  if (reward.rewardType !== "discount") {
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
 * A fresh QR for the member's reward. Making one replaces the last (its nonce is stored on the reward),
 * so only the newest QR works, and only until it is scanned or runs out.
 */
export async function issueRewardQr(
  db: Executor,
  secret: string,
  userId: number,
  rewardId: number,
  now: Date,
): Promise<RewardQr> {
  const reward = await findMemberReward(db, userId, rewardId);
  assertRedeemable(reward, now);
  const nonce = randomBytes(12).toString("base64url");
  const expiresAt = new Date(now.getTime() + rewardQrLifetimeMs);
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const typedCode = rewardTypedCode.create();
  await setRewardQrNonce(db, rewardId, { nonce, typedCode }, now);
  const payload = `${rewardId}.${nonce}.${expires}`;
  return {
    qrData: `${rewardQrPrefix}${payload}.${signature(secret, payload)}`,
    typedCode: rewardTypedCode.display(typedCode),
    expiresAt: new Date(Number(expires) * 1000).toISOString(),
  };
}

export interface RedemptionRequest {
  rewardId: number;
  method: RedemptionMethod;
  /** The member redeeming their own reward (self or staff code), or undefined at the counter (qr). */
  userId?: number;
  /** The shop scanning (qr), which must be the reward's shop. */
  companyId?: number;
  /** The nonce of the scanned reward QR (qr). */
  qrNonce?: string;
  staffId: number | null;
  staffName: string | null;
  /** When the server received the request; `now` is when it happened (earlier for a queued scan). */
  receivedAt?: Date;
  location?: string;
  proofUrl?: string;
  ipAddress: string;
  userAgent: string | undefined;
  deviceFingerprint: string | undefined;
}

export interface RedeemedReward {
  redemptionId: number;
  redemptionNumber: string;
  reward: Reward;
  redeemedAt: Date;
}

/**
 * Uses a reward once, within the ad's caps. The reward row is locked first, then the ad's (in takeRedemption),
 * so parallel redemptions of one reward or one ad queue; the live-redemption unique index backs it up.
 */
export async function redeemReward(
  tx: Executor,
  request: RedemptionRequest,
  now: Date,
): Promise<RedeemedReward> {
  const reward = await lockRewardForUse(tx, request.rewardId);
  if (!reward || (request.userId !== undefined && reward.userId !== request.userId)) {
    throw new AppError(request.method === "qr" ? "UNKNOWN_CODE" : "NOT_FOUND", "Reward not found");
  }
  if (request.companyId !== undefined && reward.companyId !== request.companyId) {
    throw new AppError("NOT_THIS_SHOP", "This reward is for another shop. It can't be used here.");
  }
  assertRedeemable(reward, now);
  // Only the newest QR works, whatever time a queued scan claims: a replaced QR is dead.
  if (request.method === "qr" && reward.qrCodeData !== request.qrNonce) {
    throw new AppError(
      "EXPIRED_CODE",
      "This reward QR was replaced by a newer one. Ask the customer to show it again.",
    );
  }

  const caps = await takeRedemption(tx, reward.adId, now);
  await assertWithinPeriodCaps(tx, reward.adId, caps, now);
  // Locked after the ad, as the XP credit below always did, so locks are taken in one order.
  if (reward.userId !== null) {
    await lockMemberInGoodStanding(
      tx,
      reward.userId,
      request.method === "qr"
        ? "This customer's account is suspended, so their rewards can't be used."
        : "Your account is suspended, so your rewards can't be used.",
    );
  }

  const redemptionNumber = `RD-${randomBytes(5).toString("hex").toUpperCase()}`;
  const [row] = await tx
    .insert(redemptions)
    .values({
      userId: reward.userId,
      adId: reward.adId,
      rewardId: reward.id,
      companyId: reward.companyId,
      method: request.method,
      status: "complete",
      proofUrl: request.proofUrl,
      location: request.location,
      redemptionNumber,
      staffMember: request.staffName,
      staffId: request.staffId,
      ipAddress: request.ipAddress,
      userAgent: request.userAgent?.slice(0, 300),
      deviceFingerprint: request.deviceFingerprint?.slice(0, 200),
      timestamp: now,
      createdAt: request.receivedAt ?? now,
    })
    .returning({ id: redemptions.id });
  const used = await markRewardUsed(
    tx,
    reward,
    {
      redemptionNumber,
      method: request.method,
      staffName: request.staffName,
      location: request.location,
      proofUrl: request.proofUrl,
    },
    now,
  );
  if (request.method !== "self" && reward.userId !== null) {
    await creditXp(
      tx,
      {
        userId: reward.userId,
        amount: verifiedRedemptionXp,
        reason: "redemption",
        idempotencyKey: `redemption:${row!.id}`,
        sourceType: "redemption",
        sourceId: row!.id,
      },
      now,
    );
  }
  return { redemptionId: row!.id, redemptionNumber, reward: used, redeemedAt: now };
}

/** Monday 00:00 in Accra (ISO weeks; Accra is UTC all year). */
function startOfIsoWeek(now: Date): Date {
  const day = startOfAccraDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

async function assertWithinPeriodCaps(tx: Executor, adId: number, caps: RedemptionCaps, now: Date) {
  const periods = [
    {
      cap: caps.dailyRedemptionCap,
      from: startOfAccraDay(now),
      refusal: "This offer's daily limit of {cap} redemptions is reached. Try again tomorrow.",
    },
    {
      cap: caps.weeklyRedemptionCap,
      from: startOfIsoWeek(now),
      refusal: "This offer's weekly limit of {cap} redemptions is reached. Try again next week.",
    },
  ];
  for (const period of periods) {
    if (!period.cap) continue;
    const [row] = await tx
      .select({ n: count() })
      .from(redemptions)
      .where(
        and(
          eq(redemptions.adId, adId),
          gte(redemptions.timestamp, period.from),
          inArray(redemptions.status, ["pending", "complete"]),
        ),
      );
    if ((row?.n ?? 0) >= period.cap) {
      throw new AppError("CAP_REACHED", { message: period.refusal, values: { cap: period.cap } });
    }
  }
}

export { assertRedeemable };
