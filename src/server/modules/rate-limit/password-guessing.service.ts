import type { Executor } from "../../db/client";
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
 * Throttles password guessing without giving strangers the power to lock anyone out
 * (docs/product-rules.md#accounts-wrong-passwords). Attempts are counted per account AND source together:
 * a source that keeps getting one account's password wrong is slowed (3 tries per 30 s), then paused
 * for that account (5 tries per 15 min); other sources, the real owner's included, are unaffected, and a
 * right password clears the source's count. When an account sees many failures from everywhere (a
 * spread-out attack), each source gets one try per 15 minutes for it. A sign-in link by email always works.
 */
const slowDown: RateLimitRule = { action: "password_slow", limit: 3, windowSeconds: 30 };
const pause: RateLimitRule = { action: "password_pause", limit: 5, windowSeconds: 15 * 60 };
const pauseUnderAttack: RateLimitRule = { ...pause, limit: 1 };
const failuresFromEverywhere: RateLimitRule = {
  action: "password_failures",
  limit: 20,
  windowSeconds: 15 * 60,
};

export interface PasswordAttempt {
  /** The account being signed in to, e.g. "member:ama@example.com" or "company:kofi-chop-bar". */
  account: string;
  /** Where the attempt comes from (the client's IP address). */
  source: string;
}

const pairOf = (attempt: PasswordAttempt): RateLimitSubject => ({
  identifier: `${attempt.account}|${attempt.source}`,
  identifierType: "account_source",
});
const accountOf = (attempt: PasswordAttempt): RateLimitSubject => ({
  identifier: attempt.account,
  identifierType: "account",
});

/**
 * What a person can do instead of guessing again: a member signs in with an emailed link
 * (`emailLink`), a business asks for a sign-in link (`signInLink`).
 */
export type PasswordHint = "emailLink" | "signInLink";

/** The refusal, by the unit of the wait, its hint an ICU select (so the whole sentence is translated). */
const waitOrHint = {
  seconds:
    "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}, or {hint, select, emailLink {sign in with a link sent to your email} other {ask for a sign-in link}}.",
  minutes:
    "Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}, or {hint, select, emailLink {sign in with a link sent to your email} other {ask for a sign-in link}}.",
};

/**
 * Counts the attempt before the password is checked (so a parallel burst can't slip past the limit)
 * and refuses it with a 429 once this source has used its tries for this account. `hint` says what the
 * person can do instead (e.g. sign in with an emailed link).
 */
export async function admitPasswordAttempt(
  db: Executor,
  attempt: PasswordAttempt,
  hint: PasswordHint,
  now: Date,
) {
  const underAttack = await isRateLimitReached(db, accountOf(attempt), failuresFromEverywhere, now);
  try {
    await consumeRateLimit(db, pairOf(attempt), slowDown, now);
    await consumeRateLimit(db, pairOf(attempt), underAttack ? pauseUnderAttack : pause, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const wait = error.values ?? {};
    throw new AppError(
      "RATE_LIMITED",
      { message: "seconds" in wait ? waitOrHint.seconds : waitOrHint.minutes, values: { ...wait, hint } },
      undefined,
      error.headers,
    );
  }
}

/** A right password: the source's earlier wrong tries for this account are forgotten. */
export async function passwordAttemptSucceeded(db: Executor, attempt: PasswordAttempt): Promise<void> {
  await resetRateLimits(db, pairOf(attempt), [slowDown, pause]);
}

/** A wrong password also counts towards the account's failures from everywhere. */
export async function passwordAttemptFailed(db: Executor, attempt: PasswordAttempt, now: Date) {
  await countRateLimitedCall(db, accountOf(attempt), failuresFromEverywhere, now);
}
