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
  const tick = () => {
    const now = deps.now();
    const cleanupDue = now.getTime() - lastCleanup >= everyTenMinutes;
    if (cleanupDue) lastCleanup = now.getTime();
    running = Promise.all([
      cleanupDue
        ? runAccountCleanup(deps.db, now, deps.log).catch((error) =>
            deps.log.error({ err: error }, "account cleanup failed"),
          )
        : undefined,
      runBillingJobs(deps, now).catch((error) => deps.log.error({ err: error }, "billing jobs failed")),
      runMemberJobs(deps, now).catch((error) => deps.log.error({ err: error }, "member jobs failed")),
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
