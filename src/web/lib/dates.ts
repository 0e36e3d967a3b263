/** Accra-time helpers live in src/shared (one copy for both sides); web code may import them from here. */

import { accraDay } from "../../shared/accra-time";
import { brand } from "../../shared/brand";
import { lazyFormatter } from "../../shared/lazy-formatter";

export {
  accraDay,
  addDays,
  endOfAccraDay,
  formatAccraDate,
  formatAccraDateTime,
} from "../../shared/accra-time";

const timeOfDayFormat = lazyFormatter(
  () =>
    new Intl.DateTimeFormat("en-GH", {
      timeZone: brand.timeZone,
      hour: "numeric",
      minute: "2-digit",
    }),
);
const dayAndTimeFormat = lazyFormatter(
  () =>
    new Intl.DateTimeFormat("en-GH", {
      timeZone: brand.timeZone,
      day: "numeric",
      month: "short",
      hour: "numeric",
      minute: "2-digit",
    }),
);

/** When something was saved, in Accra time: "2:05 pm" if it was today there, else "3 Jun, 2:05 pm". */
export function formatAccraMoment(instant: number, now: number = Date.now()): string {
  return accraDay(new Date(instant)) === accraDay(new Date(now))
    ? timeOfDayFormat().format(instant)
    : dayAndTimeFormat().format(instant);
}
