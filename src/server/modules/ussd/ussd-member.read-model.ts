import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { isLanguage, type Language } from "../../../shared/i18n/languages";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { loyaltyCards } from "../../db/schema/loyalty";
import { rewards } from "../../db/schema/rewards";

// What the USSD menus show a caller: a read across auth, loyalty, companies and rewards.

export interface UssdMember {
  id: number;
  firstName: string;
  language: Language | null;
  isActive: boolean;
  tier: TierId;
  xp: number;
  points: number;
}

/** The live member who verified this number (E.164), suspended or not; undefined when nobody has. */
export async function findMemberByPhone(db: Executor, phoneNumber: string): Promise<UssdMember | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      language: users.language,
      isActive: users.isActive,
      tier: users.tier,
      xp: users.xpPoints,
      points: users.prizePoints,
    })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.isPhoneVerified, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: (row.displayName || row.username).trim().split(/\s+/)[0] || row.username,
    language: isLanguage(row.language) ? row.language : null,
    isActive: row.isActive,
    tier: row.tier as TierId,
    xp: row.xp,
    points: row.points,
  };
}

export interface UssdCard {
  shop: string;
  stamps: number;
  required: number;
}

/** The member's live stamp cards, the fullest first: a basic phone's screen shows the top few. */
export async function topStampCards(db: Executor, userId: number, limit = 4): Promise<UssdCard[]> {
  return db
    .select({
      shop: companies.name,
      stamps: loyaltyCards.currentStamps,
      required: loyaltyCards.requiredStamps,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(and(eq(loyaltyCards.userId, userId), eq(loyaltyCards.isActive, true)))
    .orderBy(
      desc(sql`${loyaltyCards.currentStamps}::float / greatest(${loyaltyCards.requiredStamps}, 1)`),
      desc(loyaltyCards.updatedAt),
    )
    .limit(limit);
}

export interface UssdReward {
  id: number;
  shop: string;
  percent: number;
}

/**
 * The member's discounts still to use at a shop (unused, unexpired), newest first: what My Rewards
 * shows as active and the counter takes by typed code.
 */
export async function unusedRewards(db: Executor, userId: number, now: Date): Promise<UssdReward[]> {
  const rows = await db
    .select({ id: rewards.id, shop: companies.name, percent: rewards.discountPercent })
    .from(rewards)
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .where(
      and(
        eq(rewards.userId, userId),
        eq(rewards.rewardType, "discount"),
        eq(rewards.isUsed, false),
        or(isNull(rewards.expiresAt), gt(rewards.expiresAt, now)),
      ),
    )
    .orderBy(sql`${rewards.createdAt} desc nulls last`, sql`${rewards.id} desc nulls last`)
    .limit(200);
  return rows.map((row) => ({ id: row.id, shop: row.shop, percent: row.percent ?? 0 }));
}
