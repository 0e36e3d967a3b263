import { type PlanId, plans } from "../plans";

/** The plan's limit on an ad's length, as the server says it and the ad form says it first. */
export function adDurationLimitMessage(plan: PlanId, maxSeconds: number): string {
  return `Your ${plans[plan].name} plan allows ads of up to ${maxSeconds} seconds.`;
}
