import type { AppDeps } from "../app-deps";
import { runAccountCleanup } from "./account-cleanup.job";
import { runBillingJobs } from "./billing.job";
import { pruneJobRuns, runJobOnce } from "./job-lock";
import { runMemberJobs } from "./member.job";
import { checkTheBooks, reconcileTheDaysPayouts, releaseUnusedCashback } from "./money.job";

const everyMinute = 60 * 1000;

/**
 * Starts the scheduled jobs of this instance. Every instance ticks each minute; each job claims its period
 * in job_runs (runJobOnce), so across instances it runs once per period, a failure is retried with
 * backoff, and a run whose instance died is taken over when its lease ends. Returns a stop function.
 */
export function startScheduler(deps: AppDeps) {
  let running: Promise<unknown> = Promise.resolve();
  // A job's failure is recorded (and retried) by runJobOnce; this catches only a claim that failed.
  const guard = (group: string, work: () => Promise<unknown>) =>
    work().catch((error: unknown) => deps.log.error({ err: error, group }, "scheduled jobs could not run"));
  const tick = () => {
    const now = deps.now();
    // The cleanup's period is the 10-minute slot, e.g. "2026-11-23T09:1".
    const cleanupSlot = now.toISOString().slice(0, 15);
    running = Promise.all([
      guard("cleanup", () =>
        runJobOnce(deps, "account-cleanup", cleanupSlot, async () => {
          await runAccountCleanup(deps.db, now, deps.log);
          await pruneJobRuns(deps.db, now);
        }),
      ),
      guard("billing", () => runBillingJobs(deps, now)),
      guard("member", () => runMemberJobs(deps, now)),
      guard("money", () =>
        runJobOnce(deps, "money-ledger-check", now.toISOString().slice(0, 10), () => checkTheBooks(deps)),
      ),
      guard("payouts", () =>
        runJobOnce(deps, "payout-reconciliation", now.toISOString().slice(0, 10), () =>
          reconcileTheDaysPayouts(deps),
        ),
      ),
      guard("cashback", () =>
        runJobOnce(deps, "cashback-release", now.toISOString().slice(0, 13), () =>
          releaseUnusedCashback(deps),
        ),
      ),
    ]);
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMinute);
  return async function stop() {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
