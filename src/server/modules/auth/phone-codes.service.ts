import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { otpVerifications } from "../../db/schema/auth";
import { queueSms } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { hashesMatch, keyedHash, newSixDigitCode } from "../../lib/secrets";
import { consumeRateLimit } from "../rate-limit";

export type CodePurpose = "registration" | "login" | "password_reset";

// 6 digits, 10 minutes, 5 attempts; a new code does not reset the attempt count
// (docs/product-rules.md#accounts-phone-codes).
const codeLifetimeMs = 10 * 60 * 1000;
export const maxCodeAttempts = 5;
const resendGap = { limit: 1, windowSeconds: 60 };
const hourlySends = { limit: 5, windowSeconds: 60 * 60 };

function codeHash(deps: AppDeps, phoneNumber: string, purpose: CodePurpose, code: string): string {
  return keyedHash(deps.config.sessionSecret, "otp", phoneNumber, purpose, code);
}

/** Sends a fresh code by SMS. Earlier codes stop working; their wrong attempts carry over. */
export async function sendPhoneCode(
  deps: AppDeps,
  request: { phoneNumber: string; purpose: CodePurpose; userId?: number },
): Promise<void> {
  const subject = {
    identifier: `${request.phoneNumber}:${request.purpose}`,
    identifierType: "phone" as const,
  };
  await consumeRateLimit(deps.db, subject, { action: "otp_send_gap", ...resendGap }, deps.now());
  await consumeRateLimit(deps.db, subject, { action: "otp_send_hourly", ...hourlySends }, deps.now());

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
    });
    await queueSms(tx, {
      to: request.phoneNumber,
      text: `Your ${brand.name} code is ${code}. It expires in 10 minutes. Never share it.`,
      waitedFor: true,
    });
  });
}

/** A new password also ends the account's unused sign-in and reset codes sent by SMS before it. */
export async function endSignInAndResetCodes(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(otpVerifications)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpVerifications.userId, userId),
        inArray(otpVerifications.purpose, ["login", "password_reset"] satisfies CodePurpose[]),
        eq(otpVerifications.isUsed, false),
        gt(otpVerifications.expiresAt, now),
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
    .where(and(eq(otpVerifications.id, latest.id), lt(otpVerifications.attempts, maxCodeAttempts)))
    .returning({ attempts: otpVerifications.attempts });
  if (!spent) {
    throw new AppError("RATE_LIMITED", "Too many wrong codes. Please request a new code in 10 minutes.");
  }
  if (!hashesMatch(latest.codeHash, codeHash(deps, request.phoneNumber, request.purpose, request.code))) {
    const left = maxCodeAttempts - spent.attempts;
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
