import { and, eq } from "drizzle-orm";
import type { PhoneCheckinResult } from "../../../shared/contracts/counter";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { phoneCheckins } from "../../db/schema/counter";
import { AppError } from "../../lib/errors";
import { keyedHash } from "../../lib/secrets";
import { findActiveProgram } from "../loyalty";
import type { Said } from "./scan-log";

/** A phone check-in's row and the rules its two halves (sending, confirming) and the hold share. */

/** A code lives 5 minutes; 5 wrong codes close the check-in. */
export const checkinLifetimeMs = 5 * 60 * 1000;
export const maxWrongCodes = 5;

/** "+233 24 *** **33": enough for staff to see they typed the right number, not enough to read it off. */
export function maskPhone(phoneNumber: string): string {
  return `${phoneNumber.slice(0, 4)} ${phoneNumber.slice(4, 6)} *** **${phoneNumber.slice(-2)}`;
}

export function codeHash(deps: AppDeps, companyId: number, idempotencyKey: string, code: string): string {
  return keyedHash(deps.config.sessionSecret, "phone-checkin", String(companyId), idempotencyKey, code);
}

export async function findCheckin(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(phoneCheckins)
    .where(and(eq(phoneCheckins.id, id), eq(phoneCheckins.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", "This phone check-in isn't one of this shop's.");
  return row;
}

export const closedMessage = "This check-in is closed after 5 wrong codes. Send the customer a new code.";

export const expiredMessage = "This code has expired (codes last 5 minutes). Send the customer a new code.";

export function replayed(answer: Record<string, unknown>): Said<PhoneCheckinResult> {
  return { ...(answer as Said<PhoneCheckinResult>), alreadyApplied: true };
}

export const notHeld = {
  held: false,
  points: null,
  pointsToday: null,
  memberPointsToday: null,
  allocationRemaining: null,
  drawEntryEarned: false,
  claimUntil: null,
} as const;

/** A stamp the confirm would refuse for the shop's program is refused before any SMS is sent. */
export async function refuseStampEarly(db: Executor, companyId: number, purchaseAmount: number | undefined) {
  const program = await findActiveProgram(db, companyId);
  if (!program) throw new AppError("NO_PROGRAM", "This shop has no active loyalty program to stamp.");
  const purchase = purchaseAmount === undefined ? undefined : Math.round(purchaseAmount * 100);
  if (program.minimumSpendPesewas > 0 && (purchase ?? 0) < program.minimumSpendPesewas) {
    const minimum = `GH₵ ${(program.minimumSpendPesewas / 100).toFixed(2)}`;
    throw new AppError(
      "BELOW_MINIMUM",
      purchase === undefined
        ? {
            message: "Enter the purchase amount: a stamp needs a purchase of at least {minimum}.",
            values: { minimum },
          }
        : { message: "The purchase is below the {minimum} minimum for a stamp.", values: { minimum } },
    );
  }
}
