/**
 * What company analytics measures and which plan shows what: plain data, safe for any page to import
 * (no zod). The server leaves out of its answers every metric the company's plan does not include.
 */
import { type PlanId, planIds } from "../plans";

/** The periods an owner can choose: the last N Africa/Accra days, today included. */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const defaultAnalyticsPeriod: AnalyticsPeriod = 30;

/** Every metric, in the order the screen and the export show them. */
export const analyticsMetrics = [
  "views",
  "impressions",
  "clickThroughRate",
  "completionRate",
  "completions",
  "unlocks",
  "clicks",
  "likes",
  "shares",
  "redemptions",
] as const;
export type AnalyticsMetric = (typeof analyticsMetrics)[number];

/** Ratios (0.25 = 25 %); null when nothing was there to divide by. */
export const rateMetrics = [
  "clickThroughRate",
  "completionRate",
] as const satisfies readonly AnalyticsMetric[];
export type RateMetric = (typeof rateMetrics)[number];
export type CountMetric = Exclude<AnalyticsMetric, RateMetric>;
export const isRateMetric = (metric: AnalyticsMetric): metric is RateMetric =>
  (rateMetrics as readonly string[]).includes(metric);

/** The counts kept per ad per day (ad_daily_stats), which the per-day series can carry. */
export const dailyMetrics = [
  "views",
  "impressions",
  "completions",
  "unlocks",
  "clicks",
  "redemptions",
] as const satisfies readonly CountMetric[];
export type DailyMetric = (typeof dailyMetrics)[number];

export const analyticsMetricLabels: Record<AnalyticsMetric, string> = {
  views: "Views",
  impressions: "Impressions",
  clickThroughRate: "Click-through rate",
  completionRate: "Completion rate",
  completions: "Completed watches",
  unlocks: "Rewards unlocked",
  clicks: "Map-link visits",
  likes: "Likes",
  shares: "Shares",
  redemptions: "Redemptions",
};

/** One line each, for the screen's help text (docs/product-rules.md#analytics has the full rules). */
export const analyticsMetricHelp: Record<AnalyticsMetric, string> = {
  views: "Times someone opened your ad",
  impressions: "Times your ad's card was seen on Discover (each member once a day)",
  clickThroughRate: "Views ÷ impressions",
  completionRate: "Completed watches ÷ views",
  completions: "Watches that reached the ad's minimum",
  unlocks: "Rewards given for a completed watch",
  clicks: "Taps on the map link in your ad",
  likes: "Likes given in the period",
  shares: "Shares in the period",
  redemptions: "Rewards used at your counter",
};

/**
 * The first plan that shows each metric (starter views, business impressions, pro the rest:
 * docs/product-rules.md#analytics-by-plan).
 */
export const metricFirstPlan: Record<AnalyticsMetric, PlanId> = {
  views: "starter",
  impressions: "business",
  clickThroughRate: "pro",
  completionRate: "pro",
  completions: "pro",
  unlocks: "pro",
  clicks: "pro",
  likes: "pro",
  shares: "pro",
  redemptions: "pro",
};

/** The CSV export is an Enterprise feature (docs/product-rules.md#analytics-export). */
export const csvExportFirstPlan: PlanId = "enterprise";

/** Whether `plan` includes what starts at `firstPlan` (plans only ever add to the one below). */
export function planReaches(plan: PlanId, firstPlan: PlanId): boolean {
  return planIds.indexOf(plan) >= planIds.indexOf(firstPlan);
}

export function metricsOfPlan(plan: PlanId): AnalyticsMetric[] {
  return analyticsMetrics.filter((metric) => planReaches(plan, metricFirstPlan[metric]));
}

export function canExportAnalytics(plan: PlanId): boolean {
  return planReaches(plan, csvExportFirstPlan);
}
