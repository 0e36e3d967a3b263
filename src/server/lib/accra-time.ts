/**
 * Calendar days and months in Ghana (Africa/Accra: GMT all year, no daylight saving), which is why a
 * day's range is also the UTC day. Counters, caps and the monthly draw are kept by these.
 */
const accraDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Accra",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "YYYY-MM-DD" in Accra. */
export function accraDay(now: Date): string {
  return accraDate.format(now);
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
