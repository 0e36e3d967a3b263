import { type AnalyticsMetric, isRateMetric } from "../../../shared/contracts/analytics-options";

const countFormat = new Intl.NumberFormat("en-GH");
const percentFormat = new Intl.NumberFormat("en-GH", { style: "percent", maximumFractionDigits: 1 });
// Analytics days are Accra calendar days; Accra keeps GMT, so UTC shows them as they are.
const dayFormat = new Intl.DateTimeFormat("en-GH", { day: "numeric", month: "short", timeZone: "UTC" });

/** A count with thousands separators, a rate as a percentage; "—" when a rate has nothing to divide by. */
export function formatMetric(metric: AnalyticsMetric, value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return isRateMetric(metric) ? percentFormat.format(value) : countFormat.format(value);
}

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** `2025-11-03` → `3 Nov`. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
