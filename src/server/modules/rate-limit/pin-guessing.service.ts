import { createHash } from "node:crypto";
import { and, eq, inArray, like, or } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { rateLimits } from "../../db/schema/rate-limit";
import { AppError } from "../../lib/errors";
import {
  consumeRateLimit,
  countRateLimitedCall,
  isRateLimitReached,
  type RateLimitRule,
  type RateLimitSubject,
  resetRateLimits,
} from "./rate-limit.service";

/**
 * Throttles guessing a counter staff member's PIN without letting a stranger lock the shop's phone out
 * (docs/product-rules.md#businesses-staff-codes-and-pins). As for passwords (decision 008), tries are counted
 * per name AND source: a source that keeps getting a name's PIN wrong is slowed (3 tries per 30 s), then
 * paused for that name (5 per 15 min). Across every source, 10 wrong PINs in 15 minutes close the name to
 * devices it has never signed in on, until the window ends or the owner unlocks; a phone the staff member
 * signed in on before (a trusted device) keeps working. The name is counted whether or not such a staff
 * member exists, so no answer tells a made-up name from a real one.
 */
const slowDown: RateLimitRule = { action: "pin_slow", limit: 3, windowSeconds: 30 };
const pause: RateLimitRule = { action: "pin_pause", limit: 5, windowSeconds: 15 * 60 };
const failuresFromNewDevices: RateLimitRule = { action: "pin_failures", limit: 10, windowSeconds: 15 * 60 };

export interface PinAttempt {
  /** Who is being signed in as, from `staffPinAccount`: the business username and the staff name. */
  account: string;
  /** Where the attempt comes from (the client's IP address). */
  source: string;
  /** Whether this device signed in as this staff member before (a signed cookie set by the server). */
  trustedDevice: boolean;
}

/**
 * The counted name, as the sign-in compares it (case and outer spaces aside), hashed so that every key is
 * short and no two names share one.
 */
export function staffPinAccount(username: string, staffName: string): string {
  const name = JSON.stringify([username.trim().toLowerCase(), staffName.trim().toLowerCase()]);
  return `staff:${createHash("sha256").update(name).digest("hex")}`;
}

const pairOf = (attempt: PinAttempt): RateLimitSubject => ({
  identifier: `${attempt.account}|${attempt.source}`,
  identifierType: "account_source",
});
const accountOf = (account: string): RateLimitSubject => ({ identifier: account, identifierType: "account" });

const messages = {
  seconds:
    "Too many wrong PINs. Please try again in {seconds, plural, one {# second} other {# seconds}}, or ask the owner to unlock you.",
  minutes:
    "Too many wrong PINs. Please try again in {minutes, plural, one {# minute} other {# minutes}}, or ask the owner to unlock you.",
  newDevices:
    "Too many wrong PINs for this name. Sign in on the shop's usual phone, try again in {minutes, plural, one {# minute} other {# minutes}}, or ask the owner to unlock you.",
};

/**
 * Counts the attempt before the PIN is checked (so a parallel burst can't slip past) and refuses it with
 * a 429 once this source has used its tries for the name, or, on a device new to the name, once the name
 * has seen too many wrong PINs from everywhere.
 */
export async function admitPinAttempt(db: Executor, attempt: PinAttempt, now: Date): Promise<void> {
  if (!attempt.trustedDevice) {
    const until = await newDevicesClosedUntil(db, attempt.account, now);
    if (until) throw refusal(messages.newDevices, until, now);
  }
  try {
    await consumeRateLimit(db, pairOf(attempt), slowDown, now);
    await consumeRateLimit(db, pairOf(attempt), pause, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const wait = error.values ?? {};
    throw new AppError(
      "RATE_LIMITED",
      { message: "seconds" in wait ? messages.seconds : messages.minutes, values: wait },
      undefined,
      error.headers,
    );
  }
}

/**
 * A wrong PIN (or a name that doesn't exist). From a device new to the name it also counts towards the
 * name's failures from everywhere; returns until when new devices are closed to the name, if now they are.
 */
export async function pinAttemptFailed(
  db: Executor,
  attempt: PinAttempt,
  now: Date,
): Promise<Date | undefined> {
  if (attempt.trustedDevice) return undefined;
  const window = await countRateLimitedCall(db, accountOf(attempt.account), failuresFromNewDevices, now);
  if (window.count < failuresFromNewDevices.limit) return undefined;
  return windowEnd(window.windowStart);
}

/** A right PIN: this source's earlier wrong tries for the name are forgotten. */
export async function pinAttemptSucceeded(db: Executor, attempt: PinAttempt): Promise<void> {
  await resetRateLimits(db, pairOf(attempt), [slowDown, pause]);
}

/** The owner's unlock: every source may try the name again at once, from any device. */
export async function forgetPinAttempts(db: Executor, account: string): Promise<void> {
  const everySource = `${account}|%`;
  await db
    .delete(rateLimits)
    .where(
      or(
        and(
          eq(rateLimits.identifierType, "account"),
          eq(rateLimits.identifier, account),
          eq(rateLimits.action, failuresFromNewDevices.action),
        ),
        and(
          eq(rateLimits.identifierType, "account_source"),
          like(rateLimits.identifier, everySource),
          inArray(rateLimits.action, [slowDown.action, pause.action]),
        ),
      ),
    );
}

async function newDevicesClosedUntil(db: Executor, account: string, now: Date): Promise<Date | undefined> {
  if (!(await isRateLimitReached(db, accountOf(account), failuresFromNewDevices, now))) return undefined;
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.identifier, account),
        eq(rateLimits.identifierType, "account"),
        eq(rateLimits.action, failuresFromNewDevices.action),
      ),
    );
  return row ? windowEnd(row.windowStart) : undefined;
}

const windowEnd = (windowStart: Date) =>
  new Date(windowStart.getTime() + failuresFromNewDevices.windowSeconds * 1000);

function refusal(message: string, until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError("RATE_LIMITED", { message, values: { minutes: Math.ceil(seconds / 60) } }, undefined, {
    "retry-after": String(seconds),
  });
}
