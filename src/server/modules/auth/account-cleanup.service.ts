import { and, eq, isNull, lt } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { emailTokens, otpVerifications, sessions, users } from "../../db/schema/auth";

export const unverifiedAccountLifetimeMs = 24 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * An account not verified within 24 hours is deleted; only never-activated consumers qualify
 * (docs/product-rules.md#accounts-unverified-deleted).
 */
export async function deleteUnverifiedAccounts(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - unverifiedAccountLifetimeMs);
  const deleted = await db
    .delete(users)
    .where(and(isNull(users.activatedAt), eq(users.role, "user"), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return deleted.length;
}

/** Removes sessions, links and codes that have expired and can never be used again. */
export async function deleteExpiredCredentials(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const aDayAgo = new Date(now.getTime() - dayMs);
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, aDayAgo));
  await db.delete(otpVerifications).where(lt(otpVerifications.expiresAt, aDayAgo));
}
