import { accraMonth } from "../../shared/accra-time";
import type { AppDeps } from "../app-deps";
import { resetMonthlyAllocations, runBillingSweep, sendRenewalReminders } from "../modules/payments";
import { runJobOnce } from "./job-lock";

/** The periods the billing jobs run once in, whatever the number of app instances. */
export function billingPeriods(now: Date) {
  const iso = now.toISOString();
  const { year, month } = accraMonth(now);
  return {
    sweep: iso.slice(0, 16), // each minute
    reminders: iso.slice(0, 13), // each hour
    allocations: `${year}-${String(month).padStart(2, "0")}`, // each Accra month
  };
}

/** One tick of the billing jobs; each part runs only if this instance claims its period (or its due retry). */
export async function runBillingJobs(deps: AppDeps, now: Date) {
  const periods = billingPeriods(now);
  const ran: string[] = [];
  const sweep = async () => {
    const result = await runBillingSweep(deps, now);
    if (result.lapsed + result.plusEnded + result.started > 0) deps.log.info(result, "billing sweep");
  };
  if (await runJobOnce(deps, "billing-sweep", periods.sweep, sweep)) ran.push("sweep");
  if (await runJobOnce(deps, "renewal-reminders", periods.reminders, () => sendRenewalReminders(deps, now))) {
    ran.push("reminders");
  }
  const resetAllocations = async () => {
    const opened = await resetMonthlyAllocations(deps, now);
    deps.log.info({ opened }, "monthly points allocations opened");
  };
  if (await runJobOnce(deps, "points-allocation-reset", periods.allocations, resetAllocations)) {
    ran.push("allocations");
  }
  return ran;
}
