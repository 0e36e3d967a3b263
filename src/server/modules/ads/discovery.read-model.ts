import { and, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import type { DiscoveryAd, ViewerAd } from "../../../shared/contracts/ads";
import { prizeToBeAnnounced } from "../../../shared/contracts/draws";
import { type TierId, tierIds } from "../../../shared/tiers";
import type { Executor } from "../../db/client";
import { type Ad, adDailyStats, adLikes, ads } from "../../db/schema/ads";
import type { User } from "../../db/schema/auth";
import { companies, companyBranches } from "../../db/schema/companies";
import { prizeDraws } from "../../db/schema/draws";
import { watchProgress } from "../../db/schema/watch";
import { cashbackFundedSql, offeredByItsCampaignSql } from "../money";
import { cardColumns, toDiscoveryAd, toViewerAd } from "./ad-shapes";

// Discover, the viewer and "may this member see this ad" read ads with their company (plan, status), the
// ad's code pool (rewards) and the member's watches (watch): a read model across those domains.

/** Discover shows the most relevant ads first; past this many, a phone user scrolls no further. */
export const discoveryLimit = 100;
// Each ordering first narrows to a few hundred candidates through an index, so a poll costs the same
// with a thousand ads or a hundred thousand; only the candidates get the per-user ordering.
const candidateLimit = 300;
const nearestCompanies = 60;
const adsPerNearbyCompany = 3;
/** Near Me considers businesses within this many degrees of latitude (about 110 km). */
const nearbyLatitudeDegrees = 1;
const trendingWindowDays = 7;

export interface DiscoveryOptions {
  sort: "default" | "trending" | "near";
  lat?: number;
  lng?: number;
}

/**
 * An offer with nothing left to give: its reward cap is reached, or it hands out codes from a pool and
 * none is free. Such an ad isn't offered, so nobody watches it for nothing.
 */
// The pool check is a per-ad lookup through ad_discount_codes_free_idx ("limit 1" keeps PostgreSQL from
// hashing every free code in the table instead, which cost 60 ms a call at 100,000 ads).
const offerLeft = sql`(${ads.maxCoupons} is null or ${ads.unlockCount} < ${ads.maxCoupons})
  and (${ads.rewardType} <> 'discount' or ${ads.useCustomCode}
    or (select 1 from ad_discount_codes free where free.ad_id = ${ads.id} and free.assigned_at is null limit 1) is not null)`;

/**
 * Offered to a member starting a view: something left to give, for an ad with a pay-per-view campaign a
 * campaign that can pay for the view now (docs/product-rules.md#pay-per-view-campaigns), and for a
 * cashback ad a balance that still holds its cashback.
 */
function offeredNow(now: Date | Placeholder<"now">): SQL {
  if (!(now instanceof Date))
    throw new Error("only a view under way is checked against a placeholder moment");
  return and(
    offerLeft,
    offeredByItsCampaignSql(ads.id, now),
    cashbackFundedSql(ads.companyId, ads.cashbackPesewas),
  )!;
}

/**
 * What every consumer may see: live ads of active companies on a current plan, with something left to
 * give. A view already under way keeps counting when the last code goes (`whileWatching`): its member is
 * then told plainly that the codes ran out.
 */
export function visibleAdsFor(
  user: Pick<User, "isPlus" | "tier">,
  /** The moment, or a placeholder for it in a prepared query. */
  now: Date | Placeholder<"now">,
  options: { whileWatching?: boolean } = {},
): SQL {
  return and(
    options.whileWatching ? undefined : offeredNow(now),
    liveAdOfLiveCompany(now),
    user.isPlus ? undefined : eq(ads.isPlus, false),
    inArray(ads.requiredTier, tiersUpTo(user.tier)),
  )!;
}

/**
 * `visibleAdsFor(…, { whileWatching: true })` for many members in one statement: who the member is and
 * when they asked are columns of the statement (`tierRank` is the member's `tierRank`).
 */
export function shownWhileWatchingSql(member: { isPlus: SQL; tierRank: SQL; now: SQL }): SQL {
  const tierList = sql.raw(`array[${tierIds.map((tier) => `'${tier}'`).join(", ")}]`);
  return and(
    liveAdOfLiveCompany(member.now),
    or(member.isPlus, eq(ads.isPlus, false)),
    sql`array_position(${tierList}, ${ads.requiredTier}::text) <= ${member.tierRank}`,
  )!;
}

/** A tier's place in the climb (bronze 1): a member sees the ads of their tier and those below. */
export function tierRank(tier: TierId): number {
  return tierIds.indexOf(tier) + 1;
}

function tiersUpTo(tier: TierId): TierId[] {
  return tierIds.slice(0, tierRank(tier));
}

/** Live ads of active companies on a current plan that still allows them. */
function liveAdOfLiveCompany(now: Date | Placeholder<"now"> | SQL): SQL {
  return and(
    isNull(ads.deletedAt),
    eq(ads.isActive, true),
    or(isNull(ads.expiresAt), gt(ads.expiresAt, now)),
    eq(companies.status, "active"),
    eq(companies.isActive, true),
    isNull(companies.deletedAt),
    gt(companies.paidUntil, now),
    // A plan that was downgraded stops showing what it no longer allows.
    or(eq(ads.adType, "image"), eq(companies.allowsVideo, true)),
    sql`${ads.durationSeconds} <= ${companies.maxAdDurationSeconds}`,
  )!;
}

/** Great-circle distance in km between a branch (its table aliased `b`) and a point. */
function branchDistanceKm(lat: number, lng: number): SQL<number> {
  return sql<number>`(6371 * 2 * asin(sqrt(
    power(sin(radians(b.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - ${lng}) / 2), 2)
  )))`;
}

/** A live branch with a pin (aliased `b`). */
const pinnedLiveBranch = sql`b.deleted_at is null and b.latitude is not null and b.longitude is not null`;

/**
 * How far the ad's business is: to its nearest live branch (docs/product-rules.md#businesses-branches);
 * null when no branch has a pin.
 */
function distanceKm(lat: number, lng: number): SQL<number> {
  return sql<number>`(select min(${branchDistanceKm(lat, lng)}) from ${companyBranches} b
    where b.company_id = ${companies.id} and ${pinnedLiveBranch})`;
}

/** The ids worth ordering for this request: newest and featured always, plus the sort's own best. */
export function candidateIds(
  user: Pick<User, "isPlus" | "tier" | "city">,
  options: DiscoveryOptions,
  now: Date,
  since: string,
): SQL {
  const visible = visibleAdsFor(user, now);
  const fromVisible = sql`select ${ads.id} from ${ads} inner join ${companies} on ${companies.id} = ${ads.companyId} where ${visible}`;
  const parts: SQL[] = [
    // "nulls last" matches ads_discovery_idx, so this reads the index in order and stops early.
    sql`(${fromVisible} order by ${ads.isFeatured} desc nulls last, ${ads.createdAt} desc nulls last limit ${candidateLimit})`,
  ];
  if (options.sort === "trending") {
    parts.push(sql`(select ${adDailyStats.adId} from ${adDailyStats} where ${adDailyStats.day} >= ${since}
      group by ${adDailyStats.adId} order by sum(${adDailyStats.views}) desc limit ${candidateLimit})`);
  }
  if (options.sort === "near" && options.lat !== undefined && options.lng !== undefined) {
    // Each of the nearest businesses offers its few newest live ads (read off ads_company_newest_idx), so
    // the work is bounded by the number of businesses asked, not by how many ads they have.
    // A business is as near as its nearest live branch (read off company_branches_latitude_idx).
    parts.push(sql`(select nearby.id from (
      select b.company_id from ${companyBranches} b
      inner join ${companies} c on c.id = b.company_id
      where b.latitude between ${options.lat - nearbyLatitudeDegrees} and ${options.lat + nearbyLatitudeDegrees}
        and ${pinnedLiveBranch}
        and c.paid_until > ${now.toISOString()}::timestamptz
      group by b.company_id
      order by min(${branchDistanceKm(options.lat, options.lng)}) limit ${nearestCompanies}
    ) nearest cross join lateral (
      ${fromVisible} and ${ads.companyId} = nearest.company_id and ${ads.deletedAt} is null and ${ads.isActive}
      order by ${ads.createdAt} desc limit ${adsPerNearbyCompany}
    ) nearby)`);
  } else if (options.sort === "near" && user.city) {
    parts.push(
      sql`(${fromVisible} and ${companies.city} = ${user.city} order by ${ads.createdAt} desc limit ${candidateLimit})`,
    );
  }
  return sql.join(parts, sql` union `);
}

/**
 * The signed-in home: featured first, then ads the user has not watched, newest first. Trending orders
 * by views over the last week; Near Me by distance from the user's position, or their city first.
 */
export async function findDiscoveryAds(
  db: Executor,
  user: Pick<User, "id" | "isPlus" | "tier" | "city">,
  options: DiscoveryOptions,
  now: Date,
): Promise<DiscoveryAd[]> {
  const watched = sql<boolean>`exists (select 1 from ${watchProgress} where ${watchProgress.userId} = ${user.id} and ${watchProgress.adId} = ${ads.id} and ${watchProgress.completed})`;
  const since = trendingSince(now);
  const recentViews = recentViewsSince(since);
  const hasPoint = options.sort === "near" && options.lat !== undefined && options.lng !== undefined;
  const distance = hasPoint ? distanceKm(options.lat!, options.lng!) : sql<number | null>`null::float8`;

  const ordering: SQL[] = [];
  if (options.sort === "trending") ordering.push(sql`${recentViews} desc`);
  if (options.sort === "near") {
    ordering.push(
      hasPoint ? sql`${distance} asc nulls last` : sql`(${companies.city} = ${user.city ?? ""}) desc`,
    );
  }
  ordering.push(
    sql`${ads.isFeatured} desc`,
    sql`${watched} asc`,
    sql`${ads.createdAt} desc`,
    sql`${ads.id} desc`,
  );

  const rows = await db
    .select({
      ad: cardColumns,
      company: cardCompanyColumns,
      isWatched: watched,
      distanceKm: distance,
      drawPrize: monthDrawPrize(now),
    })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(visibleAdsFor(user, now), sql`${ads.id} in (${candidateIds(user, options, now, since)})`))
    .orderBy(...ordering)
    .limit(discoveryLimit);
  return rows.map((row) => ({
    ...toDiscoveryAd(row.ad, row.company, row.drawPrize),
    isWatched: Boolean(row.isWatched),
    distanceKm: row.distanceKm === null ? null : Math.round(Number(row.distanceKm) * 10) / 10,
  }));
}

/** The first day of Trending's window (the last week, by day). */
export function trendingSince(now: Date): string {
  return new Date(now.getTime() - trendingWindowDays * 86_400_000).toISOString().slice(0, 10);
}

/** An ad's views over Trending's window. */
export function recentViewsSince(since: string): SQL<number> {
  return sql<number>`coalesce((select sum(${adDailyStats.views}) from ${adDailyStats} where ${adDailyStats.adId} = ${ads.id} and ${adDailyStats.day} >= ${since}), 0)`;
}

/**
 * The prize of this Accra month's draw, which a prize-entry reward earned now enters; null while it is to
 * be announced. One uncorrelated subquery, so PostgreSQL reads it once per statement (the draw's unique
 * (year, month) index).
 */
export function monthDrawPrize(now: Date): SQL<string | null> {
  const { year, month } = accraMonth(now);
  return sql<string | null>`(select nullif(${prizeDraws.prizeTitle}, ${prizeToBeAnnounced}) from ${prizeDraws}
    where ${prizeDraws.drawYear} = ${year} and ${prizeDraws.drawMonth} = ${month})`;
}

/** Beside each card: its business. */
export const cardCompanyColumns = { id: companies.id, name: companies.name, logo: companies.logo };

/** Of the given ids, those the member may see right now (impressions count only real, visible ads). */
export async function filterVisibleAdIds(
  db: Executor,
  user: Pick<User, "isPlus" | "tier">,
  adIds: number[],
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: ads.id })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(inArray(ads.id, [...new Set(adIds)]), visibleAdsFor(user, now)));
  return rows.map((row) => row.id);
}

/** One ad for the viewer, if the member may see it now. */
export async function findViewerAd(
  db: Executor,
  user: Pick<User, "id" | "isPlus" | "tier">,
  adId: number,
  now: Date,
): Promise<ViewerAd | undefined> {
  // One read: the ad, its company, and whether this member has watched and likes it.
  const [row] = await db
    .select({
      ad: ads,
      companyName: companies.name,
      companyLogo: companies.logo,
      companyMaps: companies.googleMapsUrl,
      isWatched:
        sql<boolean>`exists (select 1 from ${watchProgress} where ${watchProgress.userId} = ${user.id}
        and ${watchProgress.adId} = ${ads.id} and ${watchProgress.completed})`.mapWith(Boolean),
      likedByMe: sql<boolean>`exists (select 1 from ${adLikes} where ${adLikes.userId} = ${user.id}
        and ${adLikes.adId} = ${ads.id})`.mapWith(Boolean),
      drawPrize: monthDrawPrize(now),
    })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.id, adId), visibleAdsFor(user, now)))
    .limit(1);
  if (!row) return undefined;
  return toViewerAd(
    row.ad,
    { id: row.ad.companyId, name: row.companyName, logo: row.companyLogo, mapsUrl: row.companyMaps },
    row,
    row.drawPrize,
  );
}

/** The ad, if this member may be shown it now (the viewer, interactions and watching all ask this). */
export async function findShownAd(
  db: Executor,
  user: Pick<User, "isPlus" | "tier">,
  adId: number,
  now: Date,
): Promise<Ad | undefined> {
  const [found] = await db
    .select({ ad: ads })
    .from(ads)
    .innerJoin(companies, eq(companies.id, ads.companyId))
    .where(and(eq(ads.id, adId), visibleAdsFor(user, now)))
    .limit(1);
  return found?.ad;
}
