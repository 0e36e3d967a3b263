import { and, eq, sql } from "drizzle-orm";
import { rewardHasExpiry } from "../../../shared/contracts/ad-options";
import { prizeToBeAnnounced } from "../../../shared/contracts/draws";
import type { MyReward } from "../../../shared/contracts/rewards";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { companies } from "../../db/schema/companies";
import { prizeDraws } from "../../db/schema/draws";
import { rewards } from "../../db/schema/rewards";

// My Rewards shows each reward with its ad and business: a read across rewards, ads and companies.

/** A member's rewards, newest first, with the status a person needs: still usable, used, or expired. */
export async function listMemberRewards(db: Executor, userId: number, now: Date): Promise<MyReward[]> {
  const rows = await db
    .select({
      reward: rewards,
      ad: ads,
      companyName: companies.name,
      companyLogo: companies.logo,
      companyMaps: companies.googleMapsUrl,
      drawPrize: sql<string | null>`nullif(${prizeDraws.prizeTitle}, ${prizeToBeAnnounced})`,
    })
    .from(rewards)
    .innerJoin(ads, eq(ads.id, rewards.adId))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    // A prize entry went into the draw of the (Accra = UTC) month it was earned in: its unique index.
    .leftJoin(
      prizeDraws,
      and(
        eq(rewards.rewardType, "prize_entry"),
        sql`${prizeDraws.drawYear} = extract(year from ${rewards.createdAt} at time zone 'UTC')::int`,
        sql`${prizeDraws.drawMonth} = extract(month from ${rewards.createdAt} at time zone 'UTC')::int`,
      ),
    )
    .where(eq(rewards.userId, userId))
    // "nulls last" matches rewards_user_id_idx, so the page is read in index order.
    .orderBy(sql`${rewards.createdAt} desc nulls last`, sql`${rewards.id} desc nulls last`)
    .limit(200);
  return rows.map(({ reward, ad, companyName, companyLogo, companyMaps, drawPrize }) => ({
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
    cashbackPesewas: reward.cashbackPesewas,
    prizeEntryDetails: reward.rewardType === "prize_entry" ? ad.prizeEntryDetails : null,
    drawPrize: reward.rewardType === "prize_entry" ? drawPrize : null,
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
