import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";

/**
 * One row per scheduled job per period ("renewal-reminders", "2026-11-23T09"). An instance claims the
 * period by inserting its row (or by retaking a failed one whose retry is due, or a running one whose
 * lease ran out because its instance died), runs the work, and records the outcome. So with several
 * app instances each period runs once, a failure is retried with backoff, and admins see every run.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    period: text("period").notNull(),
    /** 'running' | 'succeeded' | 'failed' */
    status: text("status").notNull().default("succeeded"),
    attempts: integer("attempts").notNull().default(1),
    startedAt: tstz("started_at"),
    finishedAt: tstz("finished_at"),
    /** A running claim older than this is taken to be dead (its instance crashed) and may be retaken. */
    leaseUntil: tstz("lease_until"),
    /** When a failed run may be tried again. */
    nextAttemptAt: tstz("next_attempt_at"),
    error: text("error"),
    ranAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.period] }),
    index("job_runs_ran_at_idx").on(t.ranAt),
    check("job_runs_status_known", sql`${t.status} in ('running', 'succeeded', 'failed')`),
  ],
);

export type JobRun = typeof jobRuns.$inferSelect;
