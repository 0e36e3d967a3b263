import { accraDay } from "../../shared/accra-time";
import { brand } from "../../shared/brand";

/** Whether the launch day has come in Accra: the pre-launch pages then speak of the launch in the past. */
export function hasLaunched(now: Date = new Date()): boolean {
  return accraDay(now) >= brand.launchDate;
}
