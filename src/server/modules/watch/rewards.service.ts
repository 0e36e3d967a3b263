import { and, count, eq, sql } from "drizzle-orm";
import { rewardHasExpiry } from "../../../shared/contracts/ad-options";
import type { MyReward } from "../../../shared/contracts/rewards";
import type { EarnedReward } from "../../../shared/contracts/watch";
import type { Executor } from "../../db/client";
import {
  type Ad,
  adDailyStats,
  adDiscountCodes,
  ads,
  companies,
  discoveredCompanies,
  discoveryBadges,
  rewards,
  users,
  userTiers,
} from "../../db/schema";
import { accraDay } from "../../lib/accra-time";
import { AppError } from "../../lib/errors";
import { awardAdBadge, awardDiscoveryMilestones, type NewBadge } from "../badges/badges.service";
import { addMonthlyDrawEntry, currentDrawStanding } from "../draws/draws.service";
import { creditXp } from "../ledger/ledger.service";

// PRODUCT.md: a reward expires at the ad's expiry, else 30 days after it was earned.
const defaultRewardLifetimeMs = 30 * 86_400_000;

/**
 * Issues the reward for a verified watch, once per member per ad, all in the caller's transaction: the
 * reward row (the unique (user, ad) index makes a second issue a no-op), a code from the ad's pool (each
 * code to exactly one person, skipping codes other transactions hold), the XP ledger row, a badge, and
 * the ad's and member's counters. If the pool is empty or the ad's cap is reached it throws, so the
 * transaction leaves nothing half-issued.
 */
export async function issueReward(
  tx: Executor,
  userId: number,
  ad: Ad,
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
      expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!reward) return null;

  const [counted] = await tx
    .update(ads)
    .set({ unlockCount: sql`${ads.unlockCount} + 1` })
    .where(and(eq(ads.id, ad.id), sql`(${ads.maxCoupons} is null or ${ads.unlockCount} < ${ads.maxCoupons})`))
    .returning({ id: ads.id });
  if (!counted)
    throw new AppError("CONFLICT", "This offer has reached its limit. Look out for the next one!");

  let code: string | null = reward.customDiscountCode;
  if (ad.rewardType === "discount" && !ad.useCustomCode) {
    const [assigned] = await tx
      .execute<{ code: string }>(sql`
      update ${adDiscountCodes} set assigned_reward_id = ${reward.id}, assigned_at = ${now.toISOString()}::timestamptz
      where id = (
        select id from ${adDiscountCodes} where ad_id = ${ad.id} and assigned_at is null
        order by id limit 1 for update skip locked
      )
      returning code`)
      .then((result) => (result as unknown as { rows: { code: string }[] }).rows);
    if (!assigned)
      throw new AppError(
        "CONFLICT",
        "All the codes for this offer have been claimed. Look out for the next one!",
      );
    code = assigned.code;
    await tx.update(rewards).set({ discountCode: code }).where(eq(rewards.id, reward.id));
  }

  if (ad.xpPointsReward > 0) {
    await creditXp(tx, {
      userId,
      amount: ad.xpPointsReward,
      reason: "ad_watch",
      idempotencyKey: `ad_watch:${userId}:${ad.id}`,
      sourceType: "reward",
      sourceId: reward.id,
    });
  }
  const badges = ad.rewardType === "badge" ? [await awardAdBadge(tx, userId, ad, now)] : [];
  const tier = await recordDiscovery(tx, userId, ad, now, badges);
  const draw = ad.rewardType === "prize_entry" ? await addMonthlyDrawEntry(tx, userId, tier, now) : null;
  return {
    id: reward.id,
    adId: ad.id,
    rewardType: reward.rewardType,
    discountPercent: reward.discountPercent,
    code,
    xpAwarded: ad.xpPointsReward,
    badges,
    drawEntries: draw?.entries ?? null,
    experienceContent: reward.experienceContent,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The reward a completed view issued, as it was revealed then (the reward row and badges carry the same
 * instant as the view's completion), or null when that view completed without a new reward.
 */
export async function rewardIssuedBy(
  db: Executor,
  view: { userId: number; completedAt: Date | null },
  ad: Ad,
): Promise<EarnedReward | null> {
  if (!view.completedAt) return null;
  const [reward] = await db
    .select()
    .from(rewards)
    .where(
      and(eq(rewards.userId, view.userId), eq(rewards.adId, ad.id), eq(rewards.createdAt, view.completedAt)),
    )
    .limit(1);
  if (!reward) return null;
  const badges = await db
    .select({ name: discoveryBadges.badgeName, description: discoveryBadges.badgeDescription })
    .from(discoveryBadges)
    .where(
      and(
        eq(discoveryBadges.userId, view.userId),
        eq(discoveryBadges.earnedFromAdId, ad.id),
        eq(discoveryBadges.earnedAt, view.completedAt),
      ),
    );
  const draw =
    reward.rewardType === "prize_entry" ? await currentDrawStanding(db, view.userId, view.completedAt) : null;
  return {
    id: reward.id,
    adId: ad.id,
    rewardType: reward.rewardType,
    discountPercent: reward.discountPercent,
    code: reward.discountCode ?? reward.customDiscountCode,
    xpAwarded: reward.xpPointsAwarded,
    badges,
    drawEntries: draw?.entries ?? null,
    experienceContent: reward.contentAccessGranted ? reward.experienceContent : null,
    expiresAt: reward.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The member discovered the company (a first discovery can earn a milestone badge, added to `badges`);
 * counters for analytics and the tier row follow. Returns the member's tier.
 */
async function recordDiscovery(tx: Executor, userId: number, ad: Ad, now: Date, badges: NewBadge[]) {
  const [firstTime] = await tx
    .insert(discoveredCompanies)
    .values({
      userId,
      companyId: ad.companyId,
      adId: ad.id,
      watchPercentage: 100,
      hasRewards: true,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: discoveredCompanies.id });
  if (firstTime) {
    // One member's discoveries are counted one transaction at a time, so two finishing together can't
    // both miss a milestone. "No key update" is the lock an update of the row takes: it waits for the
    // member's other reward, but not for the key-share locks that inserts referencing the member hold.
    await tx.execute(sql`select id from ${users} where id = ${userId} for no key update`);
    const [{ discovered }] = (await tx
      .select({ discovered: count() })
      .from(discoveredCompanies)
      .where(eq(discoveredCompanies.userId, userId))) as [{ discovered: number }];
    badges.push(...(await awardDiscoveryMilestones(tx, userId, discovered, ad, now)));
  }
  await tx
    .insert(adDailyStats)
    .values({ adId: ad.id, day: accraDay(now), unlocks: 1 })
    .onConflictDoUpdate({
      target: [adDailyStats.adId, adDailyStats.day],
      set: { unlocks: sql`${adDailyStats.unlocks} + 1` },
    });
  const [user] = await tx
    .update(users)
    .set({ totalViews: sql`${users.totalViews} + 1` })
    .where(eq(users.id, userId))
    .returning({ tier: users.tier });
  await tx
    .insert(userTiers)
    .values({ userId, currentTier: user!.tier, tierAchievedAt: now })
    .onConflictDoUpdate({
      target: userTiers.userId,
      set: { currentTier: user!.tier, tierAchievedAt: now },
      setWhere: sql`${userTiers.currentTier} <> ${user!.tier}`,
    });
  return user!.tier;
}

/** A member's rewards, newest first, with the status a person needs: still usable, used, or expired. */
export async function listMemberRewards(db: Executor, userId: number, now: Date): Promise<MyReward[]> {
  const rows = await db
    .select({
      reward: rewards,
      ad: ads,
      companyName: companies.name,
      companyLogo: companies.logo,
      companyMaps: companies.googleMapsUrl,
    })
    .from(rewards)
    .innerJoin(ads, eq(ads.id, rewards.adId))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .where(eq(rewards.userId, userId))
    // "nulls last" matches rewards_user_id_idx, so the page is read in index order.
    .orderBy(sql`${rewards.createdAt} desc nulls last`, sql`${rewards.id} desc nulls last`)
    .limit(200);
  return rows.map(({ reward, ad, companyName, companyLogo, companyMaps }) => ({
    id: reward.id,
    adId: ad.id,
    adTitle: ad.title,
    company: { id: reward.companyId, name: companyName, logo: companyLogo },
    rewardType: reward.rewardType,
    discountPercent: reward.discountPercent,
    code: reward.discountCode ?? reward.customDiscountCode,
    xpAwarded: reward.xpPointsAwarded,
    badgeName: reward.badgeId,
    experienceContent: reward.contentAccessGranted ? reward.experienceContent : null,
    prizeEntryDetails: reward.rewardType === "prize_entry" ? ad.prizeEntryDetails : null,
    status: reward.isUsed
      ? "used"
      : rewardHasExpiry(reward.rewardType) && reward.expiresAt && reward.expiresAt <= now
        ? "expired"
        : "active",
    earnedAt: reward.createdAt.toISOString(),
    expiresAt: reward.expiresAt?.toISOString() ?? null,
    usedAt: reward.usedAt?.toISOString() ?? null,
    branchName: ad.branchName,
    locationAddress: ad.locationAddress,
    googleMapsLink: ad.googleMapsLink ?? companyMaps,
  }));
}
