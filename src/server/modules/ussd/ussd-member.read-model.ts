import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { isLanguage, type Language } from "../../../shared/i18n/languages";
import type { TierId } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { ads } from "../../db/schema/ads";
import { users } from "../../db/schema/auth";
import { companies, companyBranches } from "../../db/schema/companies";
import { loyaltyCards, loyaltyPrograms } from "../../db/schema/loyalty";
import { rewards } from "../../db/schema/rewards";

// What the USSD menus show a caller: a read across auth, loyalty, companies, ads and rewards.

export interface UssdMember {
  id: number;
  firstName: string;
  language: Language | null;
  isActive: boolean;
  tier: TierId;
  xp: number;
  points: number;
}

const memberByPhone = preparedQuery((db) =>
  db
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
    .where(
      and(
        eq(users.phoneNumber, sql.placeholder("phone")),
        eq(users.isPhoneVerified, true),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1)
    .prepare("ussd_member_by_phone"),
);

/** The live member who verified this number (E.164), suspended or not; undefined when nobody has. */
export async function findMemberByPhone(db: Executor, phoneNumber: string): Promise<UssdMember | undefined> {
  const [row] = await memberByPhone(db).execute({ phone: phoneNumber });
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

const fullestStampCards = preparedQuery((db) =>
  db
    .select({
      shop: companies.name,
      stamps: loyaltyCards.currentStamps,
      required: loyaltyCards.requiredStamps,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(and(eq(loyaltyCards.userId, sql.placeholder("userId")), eq(loyaltyCards.isActive, true)))
    .orderBy(
      desc(sql`${loyaltyCards.currentStamps}::float / greatest(${loyaltyCards.requiredStamps}, 1)`),
      desc(loyaltyCards.updatedAt),
    )
    .limit(sql.placeholder("limit"))
    .prepare("ussd_fullest_stamp_cards"),
);

/** The member's live stamp cards, the fullest first: a basic phone's screen shows the top few. */
export function topStampCards(db: Executor, userId: number, limit = 4): Promise<UssdCard[]> {
  return fullestStampCards(db).execute({ userId, limit });
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

/** A live branch of a business with something to earn: what "Shops near me" places in towns. */
export interface UssdShopBranch {
  companyId: number;
  shop: string;
  branch: string;
  /** How many live branches the business has (a name is added to tell two apart). */
  branches: number;
  city: string | null;
  pin: { lat: number; lng: number } | null;
  stamps: boolean;
  ads: boolean;
  points: boolean;
}

/**
 * Every live branch of every business open to members (active, paid up) that offers something to earn:
 * a stamp card (an active loyalty program), an ad still running, or points (a monthly allocation).
 */
export async function earningShopBranches(db: Executor, now: Date): Promise<UssdShopBranch[]> {
  const stamps = sql<boolean>`exists (select 1 from ${loyaltyPrograms} where ${loyaltyPrograms.companyId} = ${companies.id} and ${loyaltyPrograms.isActive})`;
  const running = sql<boolean>`exists (select 1 from ${ads} where ${ads.companyId} = ${companies.id} and ${ads.isActive} and ${ads.deletedAt} is null and (${ads.expiresAt} is null or ${ads.expiresAt} > ${now.toISOString()}::timestamptz))`;
  const branches = sql<number>`(select count(*)::int from ${companyBranches} live where live.company_id = ${companies.id} and live.deleted_at is null)`;
  const rows = await db
    .select({
      companyId: companies.id,
      shop: companies.name,
      branch: companyBranches.name,
      branches,
      city: companies.city,
      lat: sql<number | null>`coalesce(${companyBranches.latitude}, ${companies.latitude})::float`,
      lng: sql<number | null>`coalesce(${companyBranches.longitude}, ${companies.longitude})::float`,
      stamps,
      ads: running,
      points: sql<boolean>`${companies.monthlyPointsAllocation} > 0`,
    })
    .from(companyBranches)
    .innerJoin(companies, eq(companies.id, companyBranches.companyId))
    .where(
      and(
        isNull(companyBranches.deletedAt),
        eq(companies.isActive, true),
        eq(companies.status, "active"),
        isNull(companies.deletedAt),
        gt(companies.paidUntil, now),
      ),
    )
    .orderBy(asc(companies.name), asc(companyBranches.id));
  return rows
    .map((row) => ({
      companyId: row.companyId,
      shop: row.shop,
      branch: row.branch,
      branches: Number(row.branches),
      city: row.city,
      pin: row.lat !== null && row.lng !== null ? { lat: Number(row.lat), lng: Number(row.lng) } : null,
      stamps: Boolean(row.stamps),
      ads: Boolean(row.ads),
      points: Boolean(row.points),
    }))
    .filter((row) => row.stamps || row.ads || row.points);
}
