import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client";
import { jobRuns } from "../db/schema/jobs";

/**
 * Runs `work` only if no other app instance is running the same job: a transaction-scoped Postgres
 * advisory lock is taken without waiting, and released when the transaction ends. Returns whether it ran.
 */
export async function runExclusively(db: Database, lockId: number, work: (tx: Transaction) => Promise<void>) {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
    if (!locked) return false;
    await work(tx);
    return true;
  });
}

/**
 * Claims one period of a job ("billing-sweep" for "2026-11-23T09:05"): true for exactly one caller
 * across every app instance, so the job's work runs once per period.
 */
export async function claimJobPeriod(db: Database, job: string, period: string): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ job, period })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return claimed.length > 0;
}
