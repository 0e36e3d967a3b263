import { accraMonth } from "../../shared/accra-time";
import type { AppDeps } from "../app-deps";
import { resetMonthlyAllocations, runBillingSweep, sendRenewalReminders } from "../modules/payments";
import { claimJobPeriod } from "./job-lock";

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

/** One tick of the billing jobs; each part runs only if this instance claims its period. */
export async function runBillingJobs(deps: AppDeps, now: Date) {
  const periods = billingPeriods(now);
  const ran: string[] = [];
  if (await claimJobPeriod(deps.db, "billing-sweep", periods.sweep)) {
    const result = await runBillingSweep(deps, now);
    if (result.lapsed + result.plusEnded + result.started > 0) deps.log.info(result, "billing sweep");
    ran.push("sweep");
  }
  if (await claimJobPeriod(deps.db, "renewal-reminders", periods.reminders)) {
    await sendRenewalReminders(deps, now);
    ran.push("reminders");
  }
  if (await claimJobPeriod(deps.db, "points-allocation-reset", periods.allocations)) {
    const opened = await resetMonthlyAllocations(deps, now);
    deps.log.info({ opened }, "monthly points allocations opened");
    ran.push("allocations");
  }
  return ran;
}
