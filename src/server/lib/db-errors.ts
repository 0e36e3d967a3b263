import { type SQL, sql } from "drizzle-orm";

/** The database's own error inside Drizzle's wrapper (the first cause carrying a SQLSTATE). */
function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A transaction saw a row change under it (a conditional write found nothing to do) and may simply run again. */
export class RetryableConflict extends Error {}

/**
 * A deadlock (40P01) or serialization failure (40001): two transactions met, the database undid one,
 * and running it again is expected to succeed.
 */
export function isTransientConflict(error: unknown): boolean {
  if (error instanceof RetryableConflict) return true;
  const code = databaseErrorOf(error)?.code;
  return code === "40P01" || code === "40001";
}

/**
 * A select-list value for a write that commits on its own (one statement, no transaction around it): when
 * `moved` is true the statement raises a serialization failure, which undoes every row it wrote, and
 * retryOnTransientConflict runs the write again from a fresh read (docs/product-rules.md#hot-writes-one-statement).
 */
export function undoAndRetryWhen(moved: SQL, reason: string): SQL {
  return sql`case when ${moved} then anigye_undo_and_retry(${reason}::text) else false end`;
}

/** Runs `work` (a whole transaction) again when the database undid it over a transient conflict. */
export async function retryOnTransientConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
    }
  }
}

/** The constraint a unique violation (SQLSTATE 23505) hit. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const found = databaseErrorOf(error);
  return found?.code === "23505" ? (found.constraint ?? "unknown") : undefined;
}
