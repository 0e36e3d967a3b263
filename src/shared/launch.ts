import { accraDay } from "./accra-time";
import { brand } from "./brand";

/**
 * Whether the launch day has come in Accra: from then the pre-launch pages and the early-access answers
 * speak of the launch in the past.
 */
export function hasLaunched(now: Date = new Date()): boolean {
  return accraDay(now) >= brand.launchDate;
}
