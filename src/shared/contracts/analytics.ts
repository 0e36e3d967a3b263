import { z } from "zod";
import { planIds } from "../plans";
import { analyticsMetrics, analyticsPeriods, defaultAnalyticsPeriod } from "./analytics-options";

export * from "./analytics-options";

const periodChoices = analyticsPeriods.map(String) as [string, ...string[]];
const periodMessage = `Choose a period of ${analyticsPeriods.slice(0, -1).join(", ")} or ${analyticsPeriods.at(-1)} days`;

/** GET /api/companies/:companyId/analytics(.csv)?days=30: the last 7, 30 or 90 days. */
export const analyticsQuery = z.object({
  days: z
    .enum(periodChoices, { error: periodMessage })
    .default(String(defaultAnalyticsPeriod))
    .transform(Number),
});

const count = z.number().int().nonnegative();
/** A ratio (0.25 = 25 %), null when its denominator is 0 (the screen shows "—"). */
const rate = z.number().nonnegative().nullable();

/** The numbers of one ad, one day or the total. A metric the plan does not include is absent, not zero. */
export const analyticsValues = z.object({
  views: count.optional(),
  impressions: count.optional(),
  clickThroughRate: rate.optional(),
  completionRate: rate.optional(),
  completions: count.optional(),
  unlocks: count.optional(),
  clicks: count.optional(),
  likes: count.optional(),
  shares: count.optional(),
  redemptions: count.optional(),
});
export type AnalyticsValues = z.infer<typeof analyticsValues>;

export const analyticsAdStatus = z.enum(["active", "paused", "expired", "deleted"]);
export type AnalyticsAdStatus = z.infer<typeof analyticsAdStatus>;

export const analyticsAdRow = analyticsValues.extend({
  id: z.number().int(),
  title: z.string(),
  status: analyticsAdStatus,
});

/** One Africa/Accra day of the chart; only the per-day counts the plan includes. */
export const analyticsDay = z.object({
  day: z.string(),
  views: count,
  impressions: count.optional(),
  completions: count.optional(),
  unlocks: count.optional(),
  clicks: count.optional(),
  redemptions: count.optional(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

export const analyticsResponse = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  plan: z.enum(planIds),
  /** False when the paid period has ended: the numbers stay readable, the ads stopped showing. */
  isPlanCurrent: z.boolean(),
  /** The end of the paid period; null for a business that has never paid (not lapsed: awaiting payment). */
  planPaidUntil: z.iso.datetime().nullable(),
  /** Calendar days (YYYY-MM-DD, Africa/Accra), both included. */
  period: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  /** The metrics the plan includes, in display order; every other metric is left out below. */
  metrics: z.array(z.enum(analyticsMetrics)),
  canExportCsv: z.boolean(),
  totals: analyticsValues,
  /** Live ads, and deleted ads that had activity in the period (marked deleted). */
  ads: z.array(analyticsAdRow),
  /** Every day of the period, oldest first, zeros filled. */
  daily: z.array(analyticsDay),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
