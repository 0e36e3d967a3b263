import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { rateLimits } from "../../db/schema/rate-limit";
import { AppError } from "../../lib/errors";

export interface RateLimitRule {
  /** What is limited, e.g. "coming_soon_signup" or "login". */
  action: string;
  /** How many calls a window allows. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitSubject {
  identifier: string;
  identifierType:
    | "ip"
    | "email"
    | "phone"
    | "user"
    | "company"
    | "account"
    | "account_source"
    | "counter_staff"
    | "device";
}

/** The caller's address as a rate-limit subject (for calls made before anyone is known). */
export const byIp = (request: { ip: string }): RateLimitSubject => ({
  identifier: request.ip,
  identifierType: "ip",
});

/** A signed-in member as a rate-limit subject. */
export const byUser = (user: { id: number }): RateLimitSubject => ({
  identifier: String(user.id),
  identifierType: "user",
});

// A subject is usually short (an IP, an email); a longer one is stored as its hash so no input can
// overflow the counter's index.
const longestStoredIdentifier = 200;
export function storedIdentifier(subject: RateLimitSubject): string {
  if (subject.identifier.length <= longestStoredIdentifier) return subject.identifier;
  return `sha256:${createHash("sha256").update(subject.identifier).digest("hex")}`;
}

/**
 * Counts one call against a fixed window in Postgres, so every app instance shares the count.
 * The upsert is one statement, so parallel calls never lose an increment.
 */
export async function consumeRateLimit(
  db: Executor,
  subject: RateLimitSubject,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<void> {
  const row = await countRateLimitedCall(db, subject, rule, now);
  if (row.count > rule.limit) throw rateLimited(row.windowStart, rule, now);
}

/** Counts one call against the window and returns the count so far, without refusing anything. */
export async function countRateLimitedCall(
  db: Executor,
  subject: RateLimitSubject,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<{ count: number; windowStart: Date }> {
  const windowStartsAfter = new Date(now.getTime() - rule.windowSeconds * 1000);
  const expired = sql`${rateLimits.windowStart} <= ${windowStartsAfter.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({
      identifier: storedIdentifier(subject),
      identifierType: subject.identifierType,
      action: rule.action,
      count: 1,
      windowStart: now,
    })
    .onConflictDoUpdate({
      target: [rateLimits.identifier, rateLimits.identifierType, rateLimits.action],
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return row!;
}

function rateLimited(windowStart: Date, rule: RateLimitRule, now: Date): AppError {
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return new AppError(
    "RATE_LIMITED",
    retryAfterSeconds < 60
      ? {
          message:
            "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
          values: { seconds: retryAfterSeconds },
        }
      : {
          message:
            "Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
          values: { minutes: Math.ceil(retryAfterSeconds / 60) },
        },
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/**
 * Gives back one call counted in the window that started at `windowStart` (a counted try that turned out
 * not to spend anything, e.g. a right password); a window that has since been replaced is left alone.
 */
export async function refundRateLimitedCall(
  db: Executor,
  subject: RateLimitSubject,
  rule: RateLimitRule,
  windowStart: Date,
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimits.identifier, storedIdentifier(subject)),
        eq(rateLimits.identifierType, subject.identifierType),
        eq(rateLimits.action, rule.action),
        eq(rateLimits.windowStart, windowStart),
      ),
    );
}

/** Forgets the subject's counts for these rules (e.g. a right password clears that source's wrong ones). */
export async function resetRateLimits(db: Executor, subject: RateLimitSubject, rules: RateLimitRule[]) {
  await db.delete(rateLimits).where(
    and(
      eq(rateLimits.identifier, storedIdentifier(subject)),
      eq(rateLimits.identifierType, subject.identifierType),
      inArray(
        rateLimits.action,
        rules.map((rule) => rule.action),
      ),
    ),
  );
}

/** Whether the subject has used up the current window (the call itself is not counted). */
export async function isRateLimitReached(
  db: Executor,
  subject: RateLimitSubject,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await currentWindow(db, subject, rule, now);
  return row !== undefined && row.count >= rule.limit;
}

async function currentWindow(db: Executor, subject: RateLimitSubject, rule: RateLimitRule, now: Date) {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.identifier, storedIdentifier(subject)),
        eq(rateLimits.identifierType, subject.identifierType),
        eq(rateLimits.action, rule.action),
      ),
    )
    .limit(1);
  if (!row || row.windowStart.getTime() + rule.windowSeconds * 1000 <= now.getTime()) return undefined;
  return row;
}

/** Old windows are useless; the cleanup job removes them so the table stays small. */
export async function deleteExpiredRateLimits(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${olderThan.toISOString()}::timestamptz`);
}
