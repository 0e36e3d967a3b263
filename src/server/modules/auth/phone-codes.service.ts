import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { otpVerifications } from "../../db/schema/auth";
import { queueSms } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { hashesMatch, keyedHash, newSixDigitCode } from "../../lib/secrets";
import { consumeRateLimit, sendWithinAccountCap } from "../rate-limit";
import { keptWorkingForMs } from "./email-links.service";

export type CodePurpose = "registration" | "login" | "password_reset" | "payout_number";

// 6 digits, 10 minutes, 5 attempts; a new code does not reset the attempt count
// (docs/product-rules.md#accounts-phone-codes).
const codeLifetimeMs = 10 * 60 * 1000;
export const maxCodeAttempts = 5;
const resendGap = { limit: 1, windowSeconds: 60 };
const hourlySends = { limit: 5, windowSeconds: 60 * 60 };

function codeHash(deps: AppDeps, phoneNumber: string, purpose: CodePurpose, code: string): string {
  return keyedHash(deps.config.sessionSecret, "otp", phoneNumber, purpose, code);
}

const resendGapRule = { action: "otp_send_gap", ...resendGap };

function phoneSubject(request: { phoneNumber: string; purpose: CodePurpose }) {
  return { identifier: `${request.phoneNumber}:${request.purpose}`, identifierType: "phone" as const };
}

/**
 * Sends a fresh code by SMS to the signed-in member's own number (registration), at most once a minute
 * and five times an hour. Earlier codes stop working; their wrong attempts carry over.
 */
export async function sendPhoneCode(
  deps: AppDeps,
  request: { phoneNumber: string; purpose: CodePurpose; userId?: number },
): Promise<void> {
  const subject = phoneSubject(request);
  await consumeRateLimit(deps.db, subject, resendGapRule, deps.now());
  await consumeRateLimit(deps.db, subject, { action: "otp_send_hourly", ...hourlySends }, deps.now());
  await issuePhoneCode(deps, request);
}

/**
 * A password-reset code by SMS, which anyone may ask for: at most once a minute per number (a refusal the
 * caller keeps quiet), and within the account's message cap; past the cap nothing is sent and the newest
 * code sent keeps working instead (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
 */
export function sendPasswordResetCode(deps: AppDeps, userId: number, phoneNumber: string): Promise<void> {
  return sendCodeToMember(deps, { phoneNumber, purpose: "password_reset", userId });
}

/**
 * A sign-in code by SMS to a member's verified number, which anyone may ask for: the same limits as a
 * reset code (once a minute per number, quietly; within the account's message cap, past which the newest
 * sign-in code keeps working), so no stranger can stop the member signing in
 * (docs/product-rules.md#ussd-phone-sign-in).
 */
export function sendPhoneSignInCode(deps: AppDeps, userId: number, phoneNumber: string): Promise<void> {
  return sendCodeToMember(deps, { phoneNumber, purpose: "login", userId });
}

/**
 * A code to the mobile-money number a member wants her cashback paid to, when it isn't her verified
 * phone (docs/product-rules.md#cashback-trust): proves the number is hers before it is saved.
 */
export function sendPayoutNumberCode(deps: AppDeps, userId: number, phoneNumber: string): Promise<void> {
  return sendCodeToMember(deps, { phoneNumber, purpose: "payout_number", userId });
}

/** Checks the code texted to a payout number (five tries per code). */
export async function checkPayoutNumberCode(
  deps: AppDeps,
  request: { userId: number; phoneNumber: string; code: string },
): Promise<void> {
  await checkPhoneCode(deps, { ...request, purpose: "payout_number" });
}

/** A code to a member's own number: once a minute per number, quietly, within the account's message cap. */
async function sendCodeToMember(
  deps: AppDeps,
  request: { phoneNumber: string; purpose: "password_reset" | "login" | "payout_number"; userId: number },
): Promise<void> {
  const now = deps.now();
  await consumeRateLimit(deps.db, phoneSubject(request), resendGapRule, now);
  await sendWithinAccountCap(deps.db, { userId: request.userId }, now, {
    send: async () => {
      await issuePhoneCode(deps, request);
      return true as const;
    },
    keepNewest: () => keepNewestCodeWorking(deps.db, request, now),
  });
}

async function issuePhoneCode(
  deps: AppDeps,
  request: { phoneNumber: string; purpose: CodePurpose; userId?: number },
): Promise<void> {
  const code = newSixDigitCode();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const live = and(
      eq(otpVerifications.phoneNumber, request.phoneNumber),
      eq(otpVerifications.purpose, request.purpose),
      request.userId === undefined ? undefined : eq(otpVerifications.userId, request.userId),
      eq(otpVerifications.isUsed, false),
      gt(otpVerifications.expiresAt, now),
    );
    const [previous] = await tx
      .select({ attempts: otpVerifications.attempts })
      .from(otpVerifications)
      .where(live)
      .orderBy(desc(otpVerifications.createdAt))
      .limit(1);
    await tx.update(otpVerifications).set({ isUsed: true, usedAt: now }).where(live);
    await tx.insert(otpVerifications).values({
      userId: request.userId,
      channel: "sms",
      phoneNumber: request.phoneNumber,
      codeHash: codeHash(deps, request.phoneNumber, request.purpose, code),
      purpose: request.purpose,
      expiresAt: new Date(now.getTime() + codeLifetimeMs),
      attempts: previous?.attempts ?? 0,
      // The app's clock, as the expiry: how long a code may be kept working is counted from here.
      createdAt: now,
    });
    await queueSms(tx, {
      to: request.phoneNumber,
      text: `Your ${brand.name} code is ${code}. It expires in 10 minutes. Never share it.`,
      waitedFor: true,
    });
  });
}

/**
 * Past the account's message cap: the newest code sent to this number in the last 24 hours works for
 * another 10 minutes from now (never past 24 hours after it was sent, never once its five attempts are
 * spent: a new code would inherit them anyway). Undefined when the owner used it or a new password ended
 * it (then a new one may go out), or when none was sent.
 */
async function keepNewestCodeWorking(
  db: Executor,
  request: { phoneNumber: string; purpose: CodePurpose; userId: number },
  now: Date,
): Promise<true | undefined> {
  const [newest] = await db
    .select({
      id: otpVerifications.id,
      createdAt: otpVerifications.createdAt,
      expiresAt: otpVerifications.expiresAt,
      isUsed: otpVerifications.isUsed,
    })
    .from(otpVerifications)
    .where(
      and(
        eq(otpVerifications.phoneNumber, request.phoneNumber),
        eq(otpVerifications.purpose, request.purpose),
        eq(otpVerifications.userId, request.userId),
        gt(otpVerifications.createdAt, new Date(now.getTime() - keptWorkingForMs)),
      ),
    )
    .orderBy(desc(otpVerifications.createdAt), desc(otpVerifications.id))
    .limit(1);
  // A code a new password ended has its expiry moved back to its sending (`endSignInAndResetCodes`).
  if (!newest || newest.isUsed || newest.expiresAt <= newest.createdAt) return undefined;
  const until = new Date(
    Math.min(newest.createdAt.getTime() + keptWorkingForMs, now.getTime() + codeLifetimeMs),
  );
  await db
    .update(otpVerifications)
    .set({ expiresAt: sql`greatest(${otpVerifications.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(otpVerifications.id, newest.id),
        eq(otpVerifications.isUsed, false),
        lt(otpVerifications.attempts, maxCodeAttempts),
        gt(otpVerifications.expiresAt, otpVerifications.createdAt),
      ),
    );
  return true;
}

/**
 * A new password also ends the account's unused sign-in and reset codes sent by SMS before it (their
 * expiry moved back to their sending: nothing makes them work again).
 */
export async function endSignInAndResetCodes(db: Executor, userId: number): Promise<void> {
  await db
    .update(otpVerifications)
    .set({ expiresAt: sql`${otpVerifications.createdAt}` })
    .where(
      and(
        eq(otpVerifications.userId, userId),
        inArray(otpVerifications.purpose, ["login", "password_reset"] satisfies CodePurpose[]),
        eq(otpVerifications.isUsed, false),
      ),
    );
}

/**
 * Checks a code. Every check spends one attempt first (atomically, so parallel guesses cannot exceed
 * five), then compares; a right code is marked used so it never works twice. Returns the code's user.
 * Runs outside any transaction on purpose: a wrong guess must stay counted even though the call fails.
 */
export async function checkPhoneCode(
  deps: AppDeps,
  request: { phoneNumber: string; purpose: CodePurpose; code: string; userId?: number },
  /**
   * A code anyone may try (a sign-in code) is not killed by five wrong tries, which a stranger could
   * spend: its guessing is throttled per number and address by the caller instead.
   */
  options: { perCodeAttempts: boolean } = { perCodeAttempts: true },
): Promise<{ userId: number | null }> {
  const { db } = deps;
  const now = deps.now();
  const [latest] = await db
    .select()
    .from(otpVerifications)
    .where(
      and(
        eq(otpVerifications.phoneNumber, request.phoneNumber),
        eq(otpVerifications.purpose, request.purpose),
        request.userId === undefined ? undefined : eq(otpVerifications.userId, request.userId),
        eq(otpVerifications.isUsed, false),
        gt(otpVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(otpVerifications.createdAt))
    .limit(1);
  if (!latest) {
    throw new AppError("BAD_REQUEST", "This code has expired or was already used. Request a new code.");
  }
  const [spent] = await db
    .update(otpVerifications)
    .set({ attempts: sql`${otpVerifications.attempts} + 1` })
    .where(
      and(
        eq(otpVerifications.id, latest.id),
        options.perCodeAttempts ? lt(otpVerifications.attempts, maxCodeAttempts) : undefined,
      ),
    )
    .returning({ attempts: otpVerifications.attempts });
  if (!spent) {
    throw new AppError("RATE_LIMITED", "Too many wrong codes. Please request a new code in 10 minutes.");
  }
  if (!hashesMatch(latest.codeHash, codeHash(deps, request.phoneNumber, request.purpose, request.code))) {
    const left = maxCodeAttempts - spent.attempts;
    if (!options.perCodeAttempts)
      throw new AppError("BAD_REQUEST", "Incorrect code", { otp: "Incorrect code" });
    throw new AppError(
      "BAD_REQUEST",
      left > 0
        ? {
            message: "Incorrect code. {left, plural, one {# attempt} other {# attempts}} left.",
            values: { left },
          }
        : "Incorrect code. Please request a new code in 10 minutes.",
      { otp: "Incorrect code" },
    );
  }
  const [used] = await db
    .update(otpVerifications)
    .set({ isUsed: true, usedAt: now })
    .where(and(eq(otpVerifications.id, latest.id), eq(otpVerifications.isUsed, false)))
    .returning({ userId: otpVerifications.userId });
  if (!used)
    throw new AppError("BAD_REQUEST", "This code has expired or was already used. Request a new code.");
  return { userId: used.userId };
}
