import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * One row per scheduled job per period ("plan-expiry", "2026-11-23T09:05"): a job inserts its row in the
 * transaction that does its work, so with several app instances each period runs exactly once.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    period: text("period").notNull(),
    ranAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
