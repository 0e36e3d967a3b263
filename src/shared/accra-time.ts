import { brand } from "./brand";
import { madeOnFirstUse } from "./made-on-first-use";

/**
 * Calendar days and months in Ghana (Africa/Accra: GMT all year, no daylight saving), which is why a
 * day's range is also the UTC day. Counters, caps and the monthly draw are kept by these, and every
 * date a person reads is shown in this zone (docs/product-rules.md#conventions-accra-time). One copy for the
 * server and the web.
 */
const accraDate = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: brand.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);
const displayedDay = { timeZone: brand.timeZone, day: "numeric", month: "short", year: "numeric" } as const;
/**
 * The one way a time of day is shown, everywhere: "1:29 am", "2:05 pm" (no leading zero; Ghana's
 * 12-hour clock). `accra-time.test.ts` keeps every other file from formatting times its own way.
 */
const displayedTime = { timeZone: brand.timeZone, hour: "numeric", minute: "2-digit", hour12: true } as const;
const displayDate = madeOnFirstUse(() => new Intl.DateTimeFormat("en-GH", displayedDay));
const displayTime = madeOnFirstUse(() => new Intl.DateTimeFormat("en-GH", displayedTime));
const displayDateTime = madeOnFirstUse(
  () => new Intl.DateTimeFormat("en-GH", { ...displayedDay, ...displayedTime }),
);
const displayDayAndTime = madeOnFirstUse(
  () => new Intl.DateTimeFormat("en-GH", { day: "numeric", month: "short", ...displayedTime }),
);

/** The last day accraDay formatted, with its instants: hot writes ask for the same day many times a stamp. */
let lastDay = { day: "", from: 0, until: 0 };

/** "YYYY-MM-DD" in Accra (en-CA formats as YYYY-MM-DD), also what `<input type="date">` takes. */
export function accraDay(now: Date): string {
  const at = now.getTime();
  if (at >= lastDay.from && at < lastDay.until) return lastDay.day;
  const day = accraDate().format(now);
  // Accra keeps GMT all year, so its day is the UTC day (as startOfAccraDay relies on too).
  const from = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isNaN(from)) lastDay = { day, from, until: from + 86_400_000 };
  return day;
}

/** The Accra calendar month of a moment, month 1 to 12. */
export function accraMonth(now: Date): { year: number; month: number } {
  const [year, month] = accraDay(now).split("-").map(Number);
  return { year: year!, month: month! };
}

/** Midnight at the start of the Accra day, as an instant. */
export function startOfAccraDay(now: Date): Date {
  return new Date(`${accraDay(now)}T00:00:00Z`);
}

/** The last second of an Accra calendar day ("YYYY-MM-DD") as an ISO instant: Accra keeps GMT all year. */
export function endOfAccraDay(day: string): string {
  return `${day}T23:59:59.000Z`;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** "23 Nov 2026" in Accra. */
export function formatAccraDate(iso: string): string {
  return displayDate().format(new Date(iso));
}

/** "23 Nov 2026, 2:05 pm" in Accra. */
export function formatAccraDateTime(iso: string | Date): string {
  return displayDateTime().format(new Date(iso));
}

/** "2:05 pm" in Accra. */
export function formatAccraTime(instant: string | number | Date): string {
  return displayTime().format(new Date(instant));
}

/** When something happened, in Accra time: "2:05 pm" if it was today there, else "3 Jun, 2:05 pm". */
export function formatAccraMoment(instant: number, now: number = Date.now()): string {
  return accraDay(new Date(instant)) === accraDay(new Date(now))
    ? formatAccraTime(instant)
    : displayDayAndTime().format(instant);
}
