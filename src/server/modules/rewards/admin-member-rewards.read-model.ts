import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { companies } from "../../db/schema/companies";
import { rewards } from "../../db/schema/rewards";

/**
 * A member's newest rewards for the admin's member page, each with its ad's title and its business's
 * name (a read across rewards, ads and companies), so the page names them instead of numbering them.
 */
export function recentMemberRewards(db: Executor, userId: number, limit = 20) {
  return db
    .select({
      id: rewards.id,
      adId: rewards.adId,
      adTitle: ads.title,
      companyId: rewards.companyId,
      companyName: companies.name,
      rewardType: rewards.rewardType,
      xpPointsAwarded: rewards.xpPointsAwarded,
      isUsed: rewards.isUsed,
      expiresAt: rewards.expiresAt,
      createdAt: rewards.createdAt,
    })
    .from(rewards)
    .innerJoin(ads, eq(ads.id, rewards.adId))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .where(eq(rewards.userId, userId))
    .orderBy(desc(rewards.id))
    .limit(limit);
}
