import { brand } from "../../shared/brand";

/** Dates are stored in UTC and shown in Africa/Accra time (PRODUCT.md, Time). */
const dateFormat = new Intl.DateTimeFormat("en-GH", {
  timeZone: brand.timeZone,
  day: "numeric",
  month: "short",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat("en-GH", {
  timeZone: brand.timeZone,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatAccraDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatAccraDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** The calendar day (YYYY-MM-DD) in Accra of an instant, for `<input type="date">`. */
export function accraDay(date: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: brand.timeZone }).format(date);
}

/**
 * The end of a calendar day in Accra as an ISO instant. Accra keeps GMT all year (no daylight saving),
 * so the day ends at 23:59:59 UTC.
 */
export function endOfAccraDay(day: string): string {
  return `${day}T23:59:59.000Z`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}
