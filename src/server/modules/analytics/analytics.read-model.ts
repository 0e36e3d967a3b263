import {
  and,
  asc,
  between,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { brand } from "../../../shared/brand";
import {
  type AnalyticsAdStatus,
  type AnalyticsDay,
  type AnalyticsMetric,
  type AnalyticsResponse,
  type AnalyticsValues,
  analyticsMetricLabels,
  canExportAnalytics,
  csvExportFirstPlan,
  type DailyMetric,
  dailyMetrics,
  isRateMetric,
  metricsOfPlan,
} from "../../../shared/contracts/analytics";
import { plans } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { type Ad, adDailyStats, adInteractions, ads } from "../../db/schema/ads";
import { AppError } from "../../lib/errors";
import { adStatus } from "../ads";
import type { Company } from "../companies";
import { hasCurrentPlan } from "../companies";

/** The last `days` Africa/Accra calendar days, today included (YYYY-MM-DD, both ends included). */
export interface AnalyticsPeriodRange {
  days: number;
  from: string;
  to: string;
}

const accraDayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: brand.timeZone });
const dayMs = 86_400_000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Accra keeps GMT all year, so an Accra day starts at 00:00 UTC. */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function periodEndingAt(now: Date, days: number): AnalyticsPeriodRange {
  const to = accraDayFormat.format(now);
  return { days, from: shiftDay(to, -(days - 1)), to };
}

interface Counts {
  impressions: number;
  views: number;
  clicks: number;
  completions: number;
  unlocks: number;
  redemptions: number;
  likes: number;
  shares: number;
}
type AllValues = Required<AnalyticsValues>;

/** A ratio rounded to 0.01 %; none when there was nothing to divide by. */
function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * CTR = views ÷ impressions; completion rate = completions ÷ views (docs/product-rules.md#analytics-rates).
 */
function valuesOf(counts: Counts): AllValues {
  return {
    views: counts.views,
    impressions: counts.impressions,
    clickThroughRate: ratio(counts.views, counts.impressions),
    completionRate: ratio(counts.completions, counts.views),
    completions: counts.completions,
    unlocks: counts.unlocks,
    clicks: counts.clicks,
    likes: counts.likes,
    shares: counts.shares,
    redemptions: counts.redemptions,
  };
}

/** Only what the plan includes: the rest is left out of the answer, not sent as zero. */
function planValues(values: AllValues, metrics: readonly AnalyticsMetric[]): AnalyticsValues {
  return Object.fromEntries(metrics.map((metric) => [metric, values[metric]]));
}

function statusOf(ad: Pick<Ad, "expiresAt" | "isActive" | "deletedAt">, now: Date): AnalyticsAdStatus {
  return ad.deletedAt ? "deleted" : adStatus(ad, now);
}

const sumOf = (column: SQLWrapper) => sql`coalesce(sum(${column}), 0)`;
/**
 * Likes count the members who liked (a like taken back and given again is still one member); shares
 * count each share, which the recording already caps per member and day.
 */
const countOf = (type: "like" | "share") =>
  type === "like"
    ? sql`count(distinct coalesce(${adInteractions.userId}::text, 'event-' || ${adInteractions.id}::text)) filter (where ${adInteractions.interactionType} = 'like')`
    : sql`count(*) filter (where ${adInteractions.interactionType} = 'share')`;
/** A count read back from an aggregate (bigint arrives as text from some drivers), 0 when absent. */
const orZero = (value: SQLWrapper) => sql<number>`coalesce(${value}, 0)`.mapWith(Number);

/**
 * The filters every query shares. Both go through the company's ad ids, so ad_daily_stats is read by
 * its (ad_id, day) key and ad_interactions by its (ad_id, timestamp) index; deleted ads are included.
 */
function companyFilters(db: Executor, companyId: number, period: AnalyticsPeriodRange) {
  const companyAdIds = db.select({ id: ads.id }).from(ads).where(eq(ads.companyId, companyId));
  return {
    stats: and(inArray(adDailyStats.adId, companyAdIds), between(adDailyStats.day, period.from, period.to))!,
    likesAndShares: and(
      inArray(adInteractions.adId, companyAdIds),
      inArray(adInteractions.interactionType, ["like", "share"]),
      gte(adInteractions.timestamp, startOfDay(period.from)),
      lt(adInteractions.timestamp, startOfDay(shiftDay(period.to, 1))),
    )!,
  };
}

function statsColumns(source: Record<DailyMetric, SQLWrapper>) {
  return {
    impressions: orZero(source.impressions),
    views: orZero(source.views),
    clicks: orZero(source.clicks),
    completions: orZero(source.completions),
    unlocks: orZero(source.unlocks),
    redemptions: orZero(source.redemptions),
  };
}

/** Per ad: the company's live ads, and deleted ones with activity in the period. One query. */
async function countsPerAd(db: Executor, companyId: number, period: AnalyticsPeriodRange) {
  const filters = companyFilters(db, companyId, period);
  const statsPerAd = db
    .select({
      adId: adDailyStats.adId,
      impressions: sumOf(adDailyStats.impressions).as("impressions"),
      views: sumOf(adDailyStats.views).as("views"),
      clicks: sumOf(adDailyStats.clicks).as("clicks"),
      completions: sumOf(adDailyStats.completions).as("completions"),
      unlocks: sumOf(adDailyStats.unlocks).as("unlocks"),
      redemptions: sumOf(adDailyStats.redemptions).as("redemptions"),
    })
    .from(adDailyStats)
    .where(filters.stats)
    .groupBy(adDailyStats.adId)
    .as("stats_per_ad");
  const eventsPerAd = db
    .select({
      adId: adInteractions.adId,
      likes: countOf("like").as("likes"),
      shares: countOf("share").as("shares"),
    })
    .from(adInteractions)
    .where(filters.likesAndShares)
    .groupBy(adInteractions.adId)
    .as("events_per_ad");
  return db
    .select({
      id: ads.id,
      title: ads.title,
      isActive: ads.isActive,
      expiresAt: ads.expiresAt,
      deletedAt: ads.deletedAt,
      createdAt: ads.createdAt,
      ...statsColumns(statsPerAd),
      likes: orZero(eventsPerAd.likes),
      shares: orZero(eventsPerAd.shares),
    })
    .from(ads)
    .leftJoin(statsPerAd, eq(statsPerAd.adId, ads.id))
    .leftJoin(eventsPerAd, eq(eventsPerAd.adId, ads.id))
    .where(
      and(
        eq(ads.companyId, companyId),
        or(isNull(ads.deletedAt), isNotNull(statsPerAd.adId), isNotNull(eventsPerAd.adId)),
      ),
    )
    .orderBy(sql`${ads.deletedAt} is not null`, desc(orZero(statsPerAd.views)), asc(ads.id));
}

/** Per day, the company's ads together (days without a row are filled with zeros by the caller). */
async function countsPerDay(db: Executor, companyId: number, period: AnalyticsPeriodRange) {
  return db
    .select({
      day: sql<string>`${adDailyStats.day}::text`,
      impressions: sumOf(adDailyStats.impressions).mapWith(Number),
      views: sumOf(adDailyStats.views).mapWith(Number),
      clicks: sumOf(adDailyStats.clicks).mapWith(Number),
      completions: sumOf(adDailyStats.completions).mapWith(Number),
      unlocks: sumOf(adDailyStats.unlocks).mapWith(Number),
      redemptions: sumOf(adDailyStats.redemptions).mapWith(Number),
    })
    .from(adDailyStats)
    .where(companyFilters(db, companyId, period).stats)
    .groupBy(adDailyStats.day);
}

export function everyDayOf(period: AnalyticsPeriodRange): string[] {
  return Array.from({ length: period.days }, (_, index) => shiftDay(period.from, index));
}

const zeroCounts: Counts = {
  impressions: 0,
  views: 0,
  clicks: 0,
  completions: 0,
  unlocks: 0,
  redemptions: 0,
  likes: 0,
  shares: 0,
};

function addCounts(into: Counts, more: Counts): Counts {
  for (const key of Object.keys(into) as (keyof Counts)[]) into[key] += more[key];
  return into;
}

/** What the owner (or an admin) sees on /analytics: everything the company's plan includes, nothing more. */
export async function loadCompanyAnalytics(
  db: Executor,
  company: Company,
  days: number,
  now: Date,
): Promise<AnalyticsResponse> {
  const period = periodEndingAt(now, days);
  const metrics = metricsOfPlan(company.plan);
  const [adRows, dayRows] = await Promise.all([
    countsPerAd(db, company.id, period),
    countsPerDay(db, company.id, period),
  ]);

  const totals = adRows.reduce((sum, row) => addCounts(sum, row), { ...zeroCounts });
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const dailyIncluded = dailyMetrics.filter((metric) => metrics.includes(metric));
  const daily = everyDayOf(period).map((day): AnalyticsDay => {
    const row = byDay.get(day);
    return {
      day,
      views: row?.views ?? 0,
      ...Object.fromEntries(dailyIncluded.map((metric) => [metric, row?.[metric] ?? 0])),
    };
  });

  return {
    company: { id: company.id, name: company.name },
    plan: company.plan,
    isPlanCurrent: hasCurrentPlan(company, now),
    planPaidUntil: company.paidUntil?.toISOString() ?? null,
    period,
    metrics,
    canExportCsv: canExportAnalytics(company.plan),
    totals: planValues(valuesOf(totals), metrics),
    ads: adRows.map((row) => ({
      id: row.id,
      title: row.title,
      status: statusOf(row, now),
      ...planValues(valuesOf(row), metrics),
    })),
    daily,
  };
}

/** One row per ad per day with any activity, oldest day first. One query. */
async function countsPerAdPerDay(db: Executor, companyId: number, period: AnalyticsPeriodRange) {
  const filters = companyFilters(db, companyId, period);
  const stats = db
    .select({
      adId: adDailyStats.adId,
      day: adDailyStats.day,
      impressions: adDailyStats.impressions,
      views: adDailyStats.views,
      clicks: adDailyStats.clicks,
      completions: adDailyStats.completions,
      unlocks: adDailyStats.unlocks,
      redemptions: adDailyStats.redemptions,
    })
    .from(adDailyStats)
    .where(filters.stats)
    .as("stats_per_ad_day");
  // Accra keeps GMT all year, so the UTC date of an event is its Accra day.
  const eventDay = sql`(${adInteractions.timestamp} at time zone 'UTC')::date`;
  const events = db
    .select({
      adId: adInteractions.adId,
      day: eventDay.as("event_day"),
      likes: countOf("like").as("likes"),
      shares: countOf("share").as("shares"),
    })
    .from(adInteractions)
    .where(filters.likesAndShares)
    .groupBy(adInteractions.adId, eventDay)
    .as("events_per_ad_day");
  const day = sql<string>`coalesce(${stats.day}, ${events.day})::text`;
  return db
    .select({
      day,
      id: ads.id,
      title: ads.title,
      isActive: ads.isActive,
      expiresAt: ads.expiresAt,
      deletedAt: ads.deletedAt,
      ...statsColumns(stats),
      likes: orZero(events.likes),
      shares: orZero(events.shares),
    })
    .from(stats)
    .fullJoin(events, and(eq(events.adId, stats.adId), eq(events.day, stats.day)))
    .innerJoin(ads, eq(ads.id, sql`coalesce(${stats.adId}, ${events.adId})`))
    .orderBy(day, asc(ads.id));
}

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/** RFC 4180 quoting, and text that a spreadsheet would run as a formula is made plain text. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  // Always quoted: a spreadsheet that splits on ";" or tabs must still see one cell, not a formula.
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

function csvRateField(value: number | null): string {
  return value === null ? "" : (value * 100).toFixed(1);
}

export interface AnalyticsCsv {
  filename: string;
  body: string;
}

type AdOfExport = Awaited<ReturnType<typeof countsPerAd>>[number];
type ExportRow = Awaited<ReturnType<typeof countsPerAdPerDay>>[number];

/** Whether the ad existed on an Accra day: from the day it was made to the day it was deleted. */
function existedOn(ad: AdOfExport, day: string): boolean {
  return (
    accraDayFormat.format(ad.createdAt) <= day &&
    (!ad.deletedAt || day <= accraDayFormat.format(ad.deletedAt))
  );
}

/**
 * Every ad of the screen's list (the live ads, and deleted ones with activity in the period) on every day
 * of the period it existed, with zeros where nothing happened, and every day that had activity; oldest day
 * first, then by ad (docs/product-rules.md#analytics-export-every-ad).
 */
function everyAdEveryDay(period: AnalyticsPeriodRange, adsOfExport: AdOfExport[], activity: ExportRow[]) {
  const active = new Map(activity.map((row) => [`${row.day}|${row.id}`, row]));
  const byId = [...adsOfExport].sort((a, b) => a.id - b.id);
  return everyDayOf(period).flatMap((day) =>
    byId.flatMap((ad): ExportRow[] => {
      const row = active.get(`${day}|${ad.id}`);
      if (row) return [row];
      return existedOn(ad, day) ? [{ ...ad, ...zeroCounts, day }] : [];
    }),
  );
}

/** Enterprise only (docs/product-rules.md#analytics-export): one row per ad per day, zeros included. */
export async function exportCompanyAnalyticsCsv(
  db: Executor,
  company: Company,
  days: number,
  now: Date,
): Promise<AnalyticsCsv> {
  if (!canExportAnalytics(company.plan)) {
    throw new AppError(
      "PLAN_LIMIT",
      `CSV export comes with the ${plans[csvExportFirstPlan].name} plan. Your ${plans[company.plan].name} plan shows its numbers on the Analytics screen.`,
    );
  }
  const period = periodEndingAt(now, days);
  const metrics = metricsOfPlan(company.plan);
  const [adsOfExport, activity] = await Promise.all([
    countsPerAd(db, company.id, period),
    countsPerAdPerDay(db, company.id, period),
  ]);
  const rows = everyAdEveryDay(period, adsOfExport, activity);
  const header = [
    "Date",
    "Ad ID",
    "Ad",
    "Status",
    ...metrics.map((metric) => `${analyticsMetricLabels[metric]}${isRateMetric(metric) ? " (%)" : ""}`),
  ];
  const lines = [header.map(csvField).join(",")];
  for (const row of rows) {
    const values = valuesOf(row);
    lines.push(
      [
        csvField(row.day),
        csvField(row.id),
        csvField(row.title),
        csvField(statusOf(row, now)),
        ...metrics.map((metric) => {
          const value = values[metric];
          return isRateMetric(metric) ? csvRateField(value) : csvField(value);
        }),
      ].join(","),
    );
  }
  const slug = (company.username ?? `company-${company.id}`).toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  return {
    filename: `${brand.name.toLowerCase()}-${slug}-analytics-${period.from}-to-${period.to}.csv`,
    // The byte-order mark makes Excel read the file as UTF-8 (ad titles carry ₵, Ɛ, Ɔ...).
    body: `\uFEFF${lines.join("\r\n")}\r\n`,
  };
}
