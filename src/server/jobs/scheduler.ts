import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { runAccountCleanup } from "./account-cleanup.job";

const everyTenMinutes = 10 * 60 * 1000;

/**
 * Starts the scheduled jobs of this instance. Every instance may run them: each job takes a Postgres
 * advisory lock, so only one instance works at a time. Returns a stop function for shutdown.
 */
export function startScheduler(db: Database, log: FastifyBaseLogger, now: () => Date = () => new Date()) {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runAccountCleanup(db, now(), log).catch((error) =>
      log.error({ err: error }, "account cleanup failed"),
    );
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyTenMinutes);
  return async function stop() {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
