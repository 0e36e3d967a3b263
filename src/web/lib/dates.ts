/** Accra-time helpers live in src/shared (one copy for both sides); web code may import them from here. */

import { accraDay } from "../../shared/accra-time";
import { brand } from "../../shared/brand";

export {
  accraDay,
  addDays,
  endOfAccraDay,
  formatAccraDate,
  formatAccraDateTime,
} from "../../shared/accra-time";

const timeOfDayFormat = new Intl.DateTimeFormat("en-GH", {
  timeZone: brand.timeZone,
  hour: "numeric",
  minute: "2-digit",
});
const dayAndTimeFormat = new Intl.DateTimeFormat("en-GH", {
  timeZone: brand.timeZone,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** When something was saved, in Accra time: "2:05 pm" if it was today there, else "3 Jun, 2:05 pm". */
export function formatAccraMoment(instant: number, now: number = Date.now()): string {
  return accraDay(new Date(instant)) === accraDay(new Date(now))
    ? timeOfDayFormat.format(instant)
    : dayAndTimeFormat.format(instant);
}
