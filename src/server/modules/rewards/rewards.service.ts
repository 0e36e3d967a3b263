import { and, eq, sql } from "drizzle-orm";
import type { EarnedReward } from "../../../shared/contracts/watch";
import { formatCedis } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import type { RewardType } from "../../db/schema/enums";
import { adDiscountCodes, rewards } from "../../db/schema/rewards";
import { AppError } from "../../lib/errors";
import type { Saying } from "../../lib/i18n";
import { awardAdBadge, badgesEarnedWith } from "../badges";
import { addMonthlyDrawEntry, currentDrawStanding } from "../draws";
import { creditXp, memberStanding } from "../ledger";
import { reserveCashback } from "../money";
import { notifyMember } from "../notifications";

// A reward expires at the ad's expiry, else 30 days after it was earned
// (docs/product-rules.md#rewards-expiry).
const defaultRewardLifetimeMs = 30 * 86_400_000;

/** What an ad promises to a member who watches it: all the rewards domain needs to know of the ad. */
export interface RewardSourceAd {
  id: number;
  companyId: number;
  title: string;
  rewardType: RewardType;
  discountPercent: number | null;
  useCustomCode: boolean;
  customDiscountCode: string | null;
  xpPointsReward: number;
  badgeId: string | null;
  experienceContent: string | null;
  cashbackPesewas: number | null;
  expiresAt: Date | null;
}

/**
 * Issues the reward for a verified watch, once per member per ad, in the caller's transaction: the reward
 * row (the unique (user, ad) index makes a second issue a no-op and returns null), a code from the ad's
 * pool (each code to exactly one person, skipping codes other transactions hold), the XP ledger row, the
 * ad's badge and the draw entry. An empty pool throws CONFLICT, and the caller's transaction, undone,
 * leaves nothing half-issued.
 */
export async function issueReward(
  tx: Executor,
  userId: number,
  ad: RewardSourceAd,
  now: Date,
): Promise<EarnedReward | null> {
  const expiresAt = ad.expiresAt ?? new Date(now.getTime() + defaultRewardLifetimeMs);
  const [reward] = await tx
    .insert(rewards)
    .values({
      adId: ad.id,
      userId,
      companyId: ad.companyId,
      rewardType: ad.rewardType,
      discountPercent: ad.rewardType === "discount" ? ad.discountPercent : null,
      customDiscountCode: ad.rewardType === "discount" && ad.useCustomCode ? ad.customDiscountCode : null,
      xpPointsAwarded: ad.xpPointsReward,
      badgeId: ad.rewardType === "badge" ? ad.badgeId : null,
      experienceContent: ad.rewardType === "experience" ? ad.experienceContent : null,
      contentAccessGranted: ad.rewardType === "experience",
      cashbackPesewas: ad.rewardType === "cashback" ? ad.cashbackPesewas : null,
      expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!reward) return null;

  if (reward.cashbackPesewas) await setCashbackAside(tx, reward, reward.cashbackPesewas, now);
  let code: string | null = reward.customDiscountCode;
  if (ad.rewardType === "discount" && !ad.useCustomCode) {
    code = await assignPoolCode(tx, ad.id, reward.id, now);
  }
  if (ad.xpPointsReward > 0) {
    await creditXp(
      tx,
      {
        userId,
        amount: ad.xpPointsReward,
        reason: "ad_watch",
        idempotencyKey: `ad_watch:${userId}:${ad.id}`,
        sourceType: "reward",
        sourceId: reward.id,
      },
      now,
    );
  }
  const badges = ad.rewardType === "badge" ? [await awardAdBadge(tx, userId, ad, now)] : [];
  const draw =
    ad.rewardType === "prize_entry"
      ? await addMonthlyDrawEntry(tx, userId, (await memberStanding(tx, userId)).tier, now, {
          kind: "prize_entry",
          key: `reward:${reward.id}`,
        })
      : null;
  await notifyMember(
    tx,
    {
      userId,
      type: "reward_earned",
      title: "Reward unlocked",
      message: rewardNoticeText(ad, draw?.entries ?? null),
      link: "/rewards",
      dedupeKey: `reward:${reward.id}`,
    },
    now,
  );
  return {
    id: reward.id,
    adId: ad.id,
    rewardType: reward.rewardType,
    discountPercent: reward.discountPercent,
    code,
    xpAwarded: ad.xpPointsReward,
    badges,
    drawEntries: draw?.entries ?? null,
    drawPrize: draw?.prize ?? null,
    experienceContent: reward.experienceContent,
    cashbackPesewas: reward.cashbackPesewas,
    expiresAt: expiresAt.toISOString(),
  };
}

function rewardNoticeText(ad: RewardSourceAd, drawEntries: number | null): string | Saying {
  switch (ad.rewardType) {
    case "discount":
      return {
        message: "You unlocked {percent}% off. Show it at the counter before it expires.",
        values: { percent: ad.discountPercent ?? "" },
      };
    case "prize_entry":
      return {
        message:
          "You have {entries, plural, one {{entries} entry} other {{entries} entries}} in this month's prize draw.",
        values: { entries: drawEntries ?? 1 },
      };
    case "badge":
      return "You earned a new badge.";
    case "experience":
      return "You unlocked something to see. Open it in My Rewards.";
    case "cashback":
      return {
        message:
          "You unlocked {amount} cashback. Use it at the counter and it goes to your cashback, ready to send to your MoMo.",
        values: { amount: formatCedis(ad.cashbackPesewas ?? 0) },
      };
    default:
      return { message: "You earned {xp} XP.", values: { xp: ad.xpPointsReward } };
  }
}

/**
 * Sets the reward's cashback aside from the business's balance (docs/product-rules.md#cashback): with too
 * little left the reward is refused (CONFLICT) and the caller's transaction is undone.
 */
async function setCashbackAside(
  tx: Executor,
  reward: { id: number; companyId: number },
  amountPesewas: number,
  now: Date,
) {
  const cashback = { companyId: reward.companyId, amountPesewas, source: { rewardId: reward.id } };
  if (!(await reserveCashback(tx, cashback, now))) {
    throw new AppError(
      "CONFLICT",
      "This business has no cashback left to give right now. Look out for its next offer!",
    );
  }
}

async function assignPoolCode(tx: Executor, adId: number, rewardId: number, now: Date): Promise<string> {
  const [assigned] = await executeRows<{ code: string }>(
    tx,
    sql`
      update ${adDiscountCodes} set assigned_reward_id = ${rewardId}, assigned_at = ${now.toISOString()}::timestamptz
      where id = (
        select id from ${adDiscountCodes} where ad_id = ${adId} and assigned_at is null
        order by id limit 1 for update skip locked
      )
      returning code`,
  );
  if (!assigned) {
    throw new AppError(
      "CONFLICT",
      "All the codes for this offer have been claimed. Look out for the next one!",
    );
  }
  await tx.update(rewards).set({ discountCode: assigned.code }).where(eq(rewards.id, rewardId));
  return assigned.code;
}

/**
 * The reward a completed view issued, as it was revealed then (the reward row and badges carry the same
 * instant as the view's completion), or null when that view completed without a new reward.
 */
export async function rewardIssuedBy(
  db: Executor,
  view: { userId: number; adId: number; completedAt: Date | null },
): Promise<EarnedReward | null> {
  if (!view.completedAt) return null;
  const [reward] = await db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.userId, view.userId),
        eq(rewards.adId, view.adId),
        eq(rewards.createdAt, view.completedAt),
      ),
    )
    .limit(1);
  if (!reward) return null;
  const badges = await badgesEarnedWith(db, view.userId, view.adId, view.completedAt);
  const draw =
    reward.rewardType === "prize_entry" ? await currentDrawStanding(db, view.userId, view.completedAt) : null;
  return {
    id: reward.id,
    adId: view.adId,
    rewardType: reward.rewardType,
    discountPercent: reward.discountPercent,
    code: reward.discountCode ?? reward.customDiscountCode,
    xpAwarded: reward.xpPointsAwarded,
    badges,
    drawEntries: draw?.entries ?? null,
    drawPrize: draw?.prize ?? null,
    experienceContent: reward.contentAccessGranted ? reward.experienceContent : null,
    cashbackPesewas: reward.cashbackPesewas,
    expiresAt: reward.expiresAt?.toISOString() ?? null,
  };
}
