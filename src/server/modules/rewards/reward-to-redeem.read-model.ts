import { and, asc, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { formatCedis } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import type { RedemptionMethod, RewardType } from "../../db/schema/enums";
import { rewards } from "../../db/schema/rewards";
import { type MemberSummary, memberSummaryColumn } from "../auth";

// A reward at the counter or about to be used: the reward, its ad's redemption counters and the member,
// in one read across rewards, ads and users.

/**
 * A reward by its id, or by the code typed from under its newest QR at this shop (an unused reward's
 * first; a used one's too, so staff are told when it was used).
 */
export type RewardKey = { rewardId: number } | { companyId: number; typedCode: string };

export interface RewardAtCounter {
  id: number;
  userId: number | null;
  companyId: number;
  adId: number;
  rewardType: RewardType;
  /** The offer as staff read it, e.g. "10% off: Jollof Friday". */
  title: string;
  discountPercent: number | null;
  /** A cashback reward's amount, paid into the member's cashback when staff confirm its use. */
  cashbackPesewas: number | null;
  code: string | null;
  isUsed: boolean;
  usedAt: Date | null;
  /** How it was used and who confirmed it (the staff member's name; null when the member marked it used). */
  redemptionMethod: RedemptionMethod | null;
  claimedBy: string | null;
  expiresAt: Date | null;
  /** The newest QR's nonce, when it was made and until when it works; null before the member first showed one. */
  qrNonce: string | null;
  qrIssuedAt: Date | null;
  /** Null for a QR made before its end was stored: it then lives the QR's usual two minutes. */
  qrExpiresAt: Date | null;
  /** What staff may see of the member: undefined for a suspended or closed account. */
  member: MemberSummary | undefined;
  ad: {
    maxRedemptions: number;
    currentRedemptions: number;
    dailyRedemptionCap: number | null;
    weeklyRedemptionCap: number | null;
  };
}

/**
 * Read by findRewardToRedeem: the ad's row stays locked until the transaction ends, so the ad's
 * counters above are current and the redemption's own statement counts after every earlier one.
 */
export type RewardToRedeem = RewardAtCounter & { readonly adLocked: true };

/** A reward as counter staff see it (a look-up): the offer, whose shop it belongs to, and the member. */
export async function describeRewardForCounter(
  db: Executor,
  key: number | RewardKey,
): Promise<RewardAtCounter | undefined> {
  const [row] = await rewardRead(db, typeof key === "number" ? { rewardId: key } : key);
  return row && toRewardAtCounter(row);
}

/**
 * The reward about to be used, with its ad's row locked for the caller's transaction: parallel uses of
 * one ad's rewards queue here, and each then sees the ones before it (caps, a reward used meanwhile).
 */
export async function findRewardToRedeem(db: Executor, key: RewardKey): Promise<RewardToRedeem | undefined> {
  const [row] = await rewardRead(db, key).for("no key update", { of: ads });
  return row && { ...toRewardAtCounter(row), adLocked: true };
}

function rewardRead(db: Executor, key: RewardKey) {
  return (
    db
      .select({
        reward: {
          id: rewards.id,
          userId: rewards.userId,
          companyId: rewards.companyId,
          adId: rewards.adId,
          rewardType: rewards.rewardType,
          discountPercent: rewards.discountPercent,
          cashbackPesewas: rewards.cashbackPesewas,
          discountCode: rewards.discountCode,
          customDiscountCode: rewards.customDiscountCode,
          isUsed: rewards.isUsed,
          usedAt: rewards.usedAt,
          redemptionMethod: rewards.redemptionMethod,
          claimedBy: rewards.claimedBy,
          expiresAt: rewards.expiresAt,
          qrNonce: rewards.qrCodeData,
          qrIssuedAt: rewards.qrGeneratedAt,
          qrExpiresAt: rewards.qrExpiresAt,
        },
        ad: {
          title: ads.title,
          maxRedemptions: ads.maxRedemptions,
          currentRedemptions: ads.currentRedemptions,
          dailyRedemptionCap: ads.dailyRedemptionCap,
          weeklyRedemptionCap: ads.weeklyRedemptionCap,
        },
        member: memberSummaryColumn(rewards.userId),
      })
      .from(rewards)
      .innerJoin(ads, eq(ads.id, rewards.adId))
      .where(rewardWhere(key))
      // Two of a shop's rewards could share a typed code: the live one wins, then the newest QR.
      .orderBy(asc(rewards.isUsed), desc(rewards.qrGeneratedAt))
      .limit(1)
  );
}

function rewardWhere(key: RewardKey): SQL | undefined {
  if ("rewardId" in key) return eq(rewards.id, key.rewardId);
  return and(
    eq(rewards.companyId, key.companyId),
    eq(rewards.qrTypedCode, key.typedCode),
    isNotNull(rewards.qrCodeData),
  );
}

type RewardRow = Awaited<ReturnType<typeof rewardRead>>[number];

function toRewardAtCounter({ reward, ad, member }: RewardRow): RewardAtCounter {
  const { discountCode, customDiscountCode, ...rest } = reward;
  const { title, ...counters } = ad;
  return {
    ...rest,
    title: offerTitle(reward, title),
    code: discountCode ?? customDiscountCode,
    member: member ?? undefined,
    ad: counters,
  };
}

/** The offer as staff read it: "10% off: Jollof Friday", "GH₵ 5.00 cashback: Jollof Friday" or the title. */
function offerTitle(reward: Pick<RewardRow["reward"], "discountPercent" | "cashbackPesewas">, title: string) {
  if (reward.discountPercent) return `${reward.discountPercent}% off: ${title}`;
  if (reward.cashbackPesewas) return `${formatCedis(reward.cashbackPesewas)} cashback: ${title}`;
  return title;
}
