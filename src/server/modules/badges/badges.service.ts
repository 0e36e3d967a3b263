import { and, eq, sql } from "drizzle-orm";
import { discoveryMilestones } from "../../../shared/badges";
import type { Language } from "../../../shared/i18n/languages";
import type { Executor } from "../../db/client";
import { discoveryBadges, userAchievements } from "../../db/schema/badges";
import { translateMessage } from "../../lib/i18n";

/** The ad a badge was earned from (only what the badge records). */
export interface BadgeSourceAd {
  id: number;
  companyId: number;
  title: string;
  badgeId: string | null;
}

export interface NewBadge {
  name: string;
  description: string | null;
}

async function addBadge(
  tx: Executor,
  userId: number,
  badge: { type: string; name: string; description: string | null },
  ad: BadgeSourceAd,
  now: Date,
): Promise<NewBadge> {
  await tx.insert(discoveryBadges).values({
    userId,
    badgeType: badge.type,
    badgeName: badge.name,
    badgeDescription: badge.description,
    earnedFromAdId: ad.id,
    earnedFromCompanyId: ad.companyId,
    earnedAt: now,
  });
  return { name: badge.name, description: badge.description };
}

/** An ad badge's description, as stored (in English) and as the catalogs key it. */
const earnedByWatchingMessage = "Earned by watching “{title}”";
const [prefix = "", suffix = ""] = earnedByWatchingMessage.split("{title}");
const earnedByWatching = { prefix, suffix };

/** The badge an ad gives as its reward (rewardType 'badge'); the reward itself is once per member per ad. */
export function awardAdBadge(tx: Executor, userId: number, ad: BadgeSourceAd, now: Date): Promise<NewBadge> {
  const name = ad.badgeId?.trim() || `${ad.title} badge`;
  const description = `${earnedByWatching.prefix}${ad.title}${earnedByWatching.suffix}`;
  return addBadge(tx, userId, { type: "ad", name, description }, ad, now);
}

/**
 * A badge's description in the member's language: descriptions are stored in English (a milestone's
 * as it is, an ad badge's with the ad's title of that day), and said through the server's catalog.
 * Badges keep their names in every language.
 */
function badgeDescriptionIn(description: string | null, language: Language): string | null {
  if (description === null) return null;
  const { prefix, suffix } = earnedByWatching;
  if (description.startsWith(prefix) && description.endsWith(suffix)) {
    const title = description.slice(prefix.length, description.length - suffix.length);
    return translateMessage(earnedByWatchingMessage, language, { title });
  }
  return translateMessage(description, language);
}

/** Badges as a member reads them, in their language. */
export function badgesIn<T extends NewBadge>(badges: T[], language: Language): T[] {
  return badges.map((badge) => ({ ...badge, description: badgeDescriptionIn(badge.description, language) }));
}

/**
 * Milestone badges for the number of businesses discovered. Each is earned once: the unique
 * (user, badge) key in user_achievements decides when two discoveries land at the same moment.
 */
export async function awardDiscoveryMilestones(
  tx: Executor,
  userId: number,
  companiesDiscovered: number,
  ad: BadgeSourceAd,
  now: Date,
): Promise<NewBadge[]> {
  const earned: NewBadge[] = [];
  for (const milestone of discoveryMilestones) {
    if (companiesDiscovered < milestone.threshold) continue;
    const [first] = await tx
      .insert(userAchievements)
      .values({ userId, badge: milestone.key, earnedAt: now, data: { companiesDiscovered } })
      .onConflictDoNothing()
      .returning({ id: userAchievements.id });
    if (!first) continue;
    earned.push(
      await addBadge(
        tx,
        userId,
        { type: "milestone", name: milestone.name, description: milestone.description },
        ad,
        now,
      ),
    );
  }
  return earned;
}

/** A member's badges, newest first. */
export async function listBadges(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(discoveryBadges)
    .where(eq(discoveryBadges.userId, userId))
    .orderBy(sql`${discoveryBadges.earnedAt} desc nulls last`, sql`${discoveryBadges.id} desc nulls last`)
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    name: row.badgeName,
    description: row.badgeDescription,
    type: row.badgeType,
    color: row.badgeColor,
    earnedAt: row.earnedAt.toISOString(),
  }));
}

/** The badges a member earned from an ad at one instant (what a completed view revealed). */
export async function badgesEarnedWith(
  db: Executor,
  userId: number,
  adId: number,
  at: Date,
): Promise<NewBadge[]> {
  return db
    .select({ name: discoveryBadges.badgeName, description: discoveryBadges.badgeDescription })
    .from(discoveryBadges)
    .where(
      and(
        eq(discoveryBadges.userId, userId),
        eq(discoveryBadges.earnedFromAdId, adId),
        eq(discoveryBadges.earnedAt, at),
      ),
    );
}
