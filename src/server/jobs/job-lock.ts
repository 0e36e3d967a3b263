import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import { executeRows } from "../db/prepared";
import { jobRuns } from "../db/schema/jobs";

/**
 * Runs `work` only if no other app instance is running the same job: a transaction-scoped Postgres
 * advisory lock is taken without waiting, and released when the transaction ends. Returns whether it ran.
 */
export async function runExclusively(db: Database, lockId: number, work: (tx: Transaction) => Promise<void>) {
  return db.transaction(async (tx) => {
    const [row] = await executeRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockId}) as locked`,
    );
    const locked = row?.locked === true;
    if (!locked) return false;
    await work(tx);
    return true;
  });
}

/** A claim left running this long is taken to be dead (its instance crashed) and may be retaken. */
const leaseMs = 10 * 60 * 1000;
/** A failed period is retried after 1, 2, 4... minutes (at most an hour), up to this many attempts. */
const maxAttempts = 6;
const maxBackoffMs = 60 * 60 * 1000;

export interface JobContext {
  db: Database;
  now(): Date;
  log: { error(obj: object, msg: string): void };
  metrics: { jobRuns: { inc(labels: { job: string; outcome: string }): void } };
}

/**
 * Runs a job's work for one period at most once across every app instance, durably: the period is
 * claimed in job_runs (a new period, a failed one whose retry is due, or a running one whose instance
 * died), the work runs outside that claim, and its outcome is recorded for admins. Returns whether this
 * call ran the work successfully. The work must be safe to run again after a crash (each job is).
 */
export async function runJobOnce(
  context: JobContext,
  job: string,
  period: string,
  work: () => Promise<unknown>,
): Promise<boolean> {
  const claimedAt = context.now();
  const attempts = await claimRun(context.db, job, period, claimedAt);
  if (attempts === undefined) return false;
  try {
    await work();
  } catch (error) {
    await recordFailure(context.db, job, period, attempts, error, context.now());
    context.metrics.jobRuns.inc({ job, outcome: "failed" });
    context.log.error({ err: error, job, period, attempts }, "scheduled job failed");
    return false;
  }
  await context.db
    .update(jobRuns)
    .set({ status: "succeeded", finishedAt: context.now(), leaseUntil: null, error: null })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
  context.metrics.jobRuns.inc({ job, outcome: "ok" });
  return true;
}

/** The attempt number this caller now holds, or undefined when another instance has the period. */
async function claimRun(db: Database, job: string, period: string, now: Date): Promise<number | undefined> {
  const lease = new Date(now.getTime() + leaseMs);
  const [claimed] = await db
    .insert(jobRuns)
    .values({ job, period, status: "running", attempts: 1, startedAt: now, leaseUntil: lease, ranAt: now })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.period],
      set: {
        status: "running",
        attempts: sql`${jobRuns.attempts} + 1`,
        startedAt: now,
        finishedAt: null,
        leaseUntil: lease,
      },
      setWhere: sql`(${jobRuns.status} = 'failed' and ${jobRuns.attempts} < ${maxAttempts}
        and ${jobRuns.nextAttemptAt} <= ${now})
        or (${jobRuns.status} = 'running' and ${jobRuns.leaseUntil} < ${now})`,
    })
    .returning({ attempts: jobRuns.attempts });
  return claimed?.attempts;
}

async function recordFailure(
  db: Database,
  job: string,
  period: string,
  attempts: number,
  error: unknown,
  now: Date,
) {
  const backoff = Math.min(maxBackoffMs, 60_000 * 2 ** (attempts - 1));
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(jobRuns)
    .set({
      status: "failed",
      finishedAt: now,
      leaseUntil: null,
      nextAttemptAt: new Date(now.getTime() + backoff),
      error: message.slice(0, 500),
    })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
}

/** The newest runs of every job (for admins), newest first. */
export function recentJobRuns(db: Database, limit = 50) {
  return db.select().from(jobRuns).orderBy(desc(jobRuns.ranAt), desc(jobRuns.period)).limit(limit);
}

/** Each job's latest run (read off the primary key: periods sort by time) and its runs and failures in the last day. */
export async function jobSummaries(db: Database, now: Date) {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const latest = await db
    .selectDistinctOn([jobRuns.job])
    .from(jobRuns)
    .orderBy(jobRuns.job, desc(jobRuns.period));
  const counts = await db
    .select({
      job: jobRuns.job,
      runs: sql<number>`count(*)::int`,
      failures: sql<number>`count(*) filter (where ${jobRuns.status} = 'failed')::int`,
    })
    .from(jobRuns)
    .where(gte(jobRuns.ranAt, since))
    .groupBy(jobRuns.job);
  const countOf = new Map(counts.map((row) => [row.job, row]));
  return latest.map((run) => ({
    run,
    runs24h: countOf.get(run.job)?.runs ?? 0,
    failures24h: countOf.get(run.job)?.failures ?? 0,
  }));
}

/** Forgets runs older than 40 days (a monthly job's claim must outlive its month). */
export async function pruneJobRuns(db: Database, now: Date): Promise<void> {
  await db.delete(jobRuns).where(lt(jobRuns.ranAt, new Date(now.getTime() - 40 * 24 * 60 * 60 * 1000)));
}
export type { JobRun } from "../db/schema/jobs";
