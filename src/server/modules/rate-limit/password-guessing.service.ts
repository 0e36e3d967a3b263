import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import { readNumberSettings } from "../settings";
import {
  consumeRateLimit,
  countRateLimitedCall,
  isRateLimitReached,
  type RateLimitRule,
  type RateLimitSubject,
  refundRateLimitedCall,
  resetRateLimits,
} from "./rate-limit.service";

/**
 * Throttles password guessing without giving strangers the power to lock anyone out
 * (docs/product-rules.md#accounts-wrong-passwords). Attempts are counted per account AND source together:
 * a source that keeps getting one account's password wrong is slowed (3 tries per 30 s), then paused
 * for that account (5 tries per 15 min); other sources, the real owner's included, are unaffected, and a
 * right password clears the source's count. When an account sees many failures from everywhere (a
 * spread-out attack), each source gets one try per 15 minutes for it. A sign-in link by email always works.
 *
 * Across every address, an account may see at most `password_failures_per_account` wrong passwords (100,
 * NIST SP 800-63B's ceiling) in 24 hours (docs/product-rules.md#accounts-wrong-passwords-across-addresses).
 * Past them, a password is checked only from a device that signed in to the account before (a known
 * device, whose tries are counted per device rather than per address); any other device is offered a
 * sign-in link instead, and its password is not checked, so the answer says nothing about it.
 */
const slowDown: RateLimitRule = { action: "password_slow", limit: 3, windowSeconds: 30 };
const pause: RateLimitRule = { action: "password_pause", limit: 5, windowSeconds: 15 * 60 };
const pauseUnderAttack: RateLimitRule = { ...pause, limit: 1 };
const failuresFromEverywhere: RateLimitRule = {
  action: "password_failures",
  limit: 20,
  windowSeconds: 15 * 60,
};
const accountTriesWindowSeconds = 24 * 60 * 60;
const accountTries = (limit: number): RateLimitRule => ({
  action: "password_account_failures",
  limit,
  windowSeconds: accountTriesWindowSeconds,
});

export interface PasswordAttempt {
  /** The account being signed in to, e.g. "member:ama@example.com" or "company:kofi-chop-bar". */
  account: string;
  /** Where the attempt comes from (the client's IP address). */
  source: string;
  /** The device's id when it signed in to this account before (a signed cookie the server set). */
  knownDevice?: string;
}

/** An admitted attempt: the account try it counted up front (from a new device), to give back if right. */
export interface AdmittedPasswordAttempt extends PasswordAttempt {
  accountTry?: { windowStart: Date; rule: RateLimitRule };
}

// A known device is its own source, wherever it connects from: an address shared with a stranger (a
// carrier's NAT) doesn't slow it, and changing addresses doesn't give it fresh tries.
const sourceOf = (attempt: PasswordAttempt) =>
  attempt.knownDevice ? `device:${attempt.knownDevice}` : attempt.source;
const pairOf = (attempt: PasswordAttempt): RateLimitSubject => ({
  identifier: `${attempt.account}|${sourceOf(attempt)}`,
  identifierType: "account_source",
});
const addressPairOf = (attempt: PasswordAttempt): RateLimitSubject => ({
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
const linkInstead =
  "Too many wrong passwords were tried for this account, so we can't check a password on this device for now. {hint, select, emailLink {Sign in with a link sent to your email instead.} other {Ask for a sign-in link instead.}}";

/**
 * Counts the attempt before the password is checked (so a parallel burst can't slip past the limit)
 * and refuses it with a 429 once this source has used its tries for this account, or, on a device new to
 * the account, once the account has seen its wrong passwords for the day (then the code is
 * USE_SIGN_IN_LINK). `hint` says what the person can do instead (e.g. sign in with an emailed link).
 */
export async function admitPasswordAttempt(
  db: Executor,
  attempt: PasswordAttempt,
  hint: PasswordHint,
  now: Date,
): Promise<AdmittedPasswordAttempt> {
  const accountTry = attempt.knownDevice ? undefined : await takeAccountTry(db, attempt, hint, now);
  const underAttack =
    !attempt.knownDevice && (await isRateLimitReached(db, accountOf(attempt), failuresFromEverywhere, now));
  try {
    await consumeRateLimit(db, pairOf(attempt), slowDown, now);
    await consumeRateLimit(db, pairOf(attempt), underAttack ? pauseUnderAttack : pause, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Refused before the password was checked: the account's try is not spent.
    if (accountTry)
      await refundRateLimitedCall(db, accountOf(attempt), accountTry.rule, accountTry.windowStart);
    const wait = error.values ?? {};
    throw new AppError(
      "RATE_LIMITED",
      { message: "seconds" in wait ? waitOrHint.seconds : waitOrHint.minutes, values: { ...wait, hint } },
      undefined,
      error.headers,
    );
  }
  return { ...attempt, accountTry };
}

/** One of the account's tries from new devices, or the refusal that offers a sign-in link instead. */
async function takeAccountTry(db: Executor, attempt: PasswordAttempt, hint: PasswordHint, now: Date) {
  const rule = accountTries(await accountFailureLimit(db));
  const window = await countRateLimitedCall(db, accountOf(attempt), rule, now);
  if (window.count <= rule.limit) return { windowStart: window.windowStart, rule };
  const windowEnds = window.windowStart.getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000));
  throw new AppError("USE_SIGN_IN_LINK", { message: linkInstead, values: { hint } }, undefined, {
    "retry-after": String(retryAfter),
  });
}

async function accountFailureLimit(db: Executor): Promise<number> {
  const { password_failures_per_account: limit } = await readNumberSettings(db, [
    "password_failures_per_account",
  ]);
  return limit;
}

/**
 * A right password (or a sign-in link, which only the owner has): the source's earlier wrong tries for
 * this account are forgotten, and the account's try it took is given back.
 */
export async function passwordAttemptSucceeded(
  db: Executor,
  attempt: AdmittedPasswordAttempt,
): Promise<void> {
  await resetRateLimits(db, pairOf(attempt), [slowDown, pause]);
  if (attempt.knownDevice) await resetRateLimits(db, addressPairOf(attempt), [slowDown, pause]);
  const { accountTry } = attempt;
  if (accountTry)
    await refundRateLimitedCall(db, accountOf(attempt), accountTry.rule, accountTry.windowStart);
}

/**
 * A wrong password counts towards the account's failures from everywhere; from a known device (which
 * took no try up front) it counts towards the account's wrong passwords of the day too.
 */
export async function passwordAttemptFailed(db: Executor, attempt: AdmittedPasswordAttempt, now: Date) {
  await countRateLimitedCall(db, accountOf(attempt), failuresFromEverywhere, now);
  if (attempt.knownDevice) {
    await countRateLimitedCall(db, accountOf(attempt), accountTries(await accountFailureLimit(db)), now);
  }
}
