import { and, eq, isNull, lt } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { emailTokens, otpVerifications, sessions, users } from "../db/schema";
import { deleteExpiredRateLimits } from "../modules/rate-limit/rate-limit.service";
import { runExclusively } from "./job-lock";

export const unverifiedAccountLifetimeMs = 24 * 60 * 60 * 1000;
const accountCleanupLockId = 727_101;
const dayMs = 24 * 60 * 60 * 1000;

/** Spec: an account not verified within 24 hours is deleted. Only never-activated consumers qualify. */
export async function deleteUnverifiedAccounts(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - unverifiedAccountLifetimeMs);
  const deleted = await db
    .delete(users)
    .where(and(isNull(users.activatedAt), eq(users.role, "user"), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return deleted.length;
}

/** Removes what has expired and can never be used again. */
async function deleteExpiredCredentials(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const aDayAgo = new Date(now.getTime() - dayMs);
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, aDayAgo));
  await db.delete(otpVerifications).where(lt(otpVerifications.expiresAt, aDayAgo));
  await deleteExpiredRateLimits(db, aDayAgo);
}

/** One run of the cleanup; safe when every app instance schedules it (only one runs at a time). */
export async function runAccountCleanup(
  db: Database,
  now: Date,
  log: { info(obj: object, msg: string): void },
) {
  return runExclusively(db, accountCleanupLockId, async (tx) => {
    const accounts = await deleteUnverifiedAccounts(tx, now);
    await deleteExpiredCredentials(tx, now);
    if (accounts > 0) log.info({ accounts }, "deleted accounts left unverified for 24 hours");
  });
}
