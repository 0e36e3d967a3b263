import type { AppDeps } from "../app-deps";
import { runAccountCleanup } from "./account-cleanup.job";
import { runBillingJobs } from "./billing.job";
import { runMemberJobs } from "./member.job";

const everyMinute = 60 * 1000;
const everyTenMinutes = 10 * 60 * 1000;

/**
 * Starts the scheduled jobs of this instance. Every instance may run them: the cleanup takes a Postgres
 * advisory lock, and each billing job claims its period in job_runs, so each runs once per period across
 * instances. Returns a stop function for shutdown.
 */
export function startScheduler(deps: AppDeps) {
  let running: Promise<unknown> = Promise.resolve();
  let lastCleanup = 0;
  // Each job's outcome is counted for /metrics and a failure logged; one failing job never stops the rest.
  const run = (job: string, work: () => Promise<unknown>) =>
    work().then(
      () => deps.metrics.jobRuns.inc({ job, outcome: "ok" }),
      (error: unknown) => {
        deps.metrics.jobRuns.inc({ job, outcome: "failed" });
        deps.log.error({ err: error, job }, "scheduled job failed");
      },
    );
  const tick = () => {
    const now = deps.now();
    const cleanupDue = now.getTime() - lastCleanup >= everyTenMinutes;
    if (cleanupDue) lastCleanup = now.getTime();
    running = Promise.all([
      cleanupDue ? run("account-cleanup", () => runAccountCleanup(deps.db, now, deps.log)) : undefined,
      run("billing", () => runBillingJobs(deps, now)),
      run("member", () => runMemberJobs(deps, now)),
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
