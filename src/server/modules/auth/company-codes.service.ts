import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { otpVerifications } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";
import { hashesMatch, keyedHash, newSixDigitCode } from "../../lib/secrets";
import { keptWorkingForMs } from "./email-links.service";

const companyCodeLifetimeMs = 10 * 60 * 1000;
const companyCodeAttempts = 5;

export interface CompanyCodeRecipient {
  companyId: number;
  channel: "sms" | "email";
  phoneNumber: string | null;
  email: string | null;
}

function codeHash(deps: AppDeps, companyId: number, code: string): string {
  return keyedHash(deps.config.sessionSecret, "company_login", String(companyId), code);
}

/**
 * A 6-digit sign-in code for a business (its optional second step, or a sign-in by code). Only its keyed
 * hash is stored, with an attempt count; the caller delivers the code and keeps just the row id.
 */
export async function issueCompanySignInCode(
  deps: AppDeps,
  recipient: CompanyCodeRecipient,
  tx: Executor = deps.db,
): Promise<{ codeId: number; code: string }> {
  const code = newSixDigitCode();
  const now = deps.now();
  const [row] = await tx
    .insert(otpVerifications)
    .values({
      companyId: recipient.companyId,
      channel: recipient.channel,
      phoneNumber: recipient.channel === "sms" ? recipient.phoneNumber : null,
      email: recipient.channel === "email" ? recipient.email : null,
      codeHash: codeHash(deps, recipient.companyId, code),
      purpose: "company_login",
      expiresAt: new Date(now.getTime() + companyCodeLifetimeMs),
      // The app's clock, as the expiry: how long a code may be kept working is counted from here.
      createdAt: now,
    })
    .returning({ id: otpVerifications.id });
  return { codeId: row!.id, code };
}

/**
 * Past the business's message cap: the newest code sent in the last 24 hours, if unused, works for another
 * 10 minutes from now (never past 24 hours after it was sent, never once its attempts are spent); its id
 * is what the sign-in answers with. Undefined when the owner used the last one or none was sent.
 */
export async function keepNewestCompanyCodeWorking(
  deps: AppDeps,
  companyId: number,
): Promise<number | undefined> {
  const now = deps.now();
  const [newest] = await deps.db
    .select({
      id: otpVerifications.id,
      createdAt: otpVerifications.createdAt,
      isUsed: otpVerifications.isUsed,
    })
    .from(otpVerifications)
    .where(
      and(
        eq(otpVerifications.companyId, companyId),
        eq(otpVerifications.purpose, "company_login"),
        gt(otpVerifications.createdAt, new Date(now.getTime() - keptWorkingForMs)),
      ),
    )
    .orderBy(desc(otpVerifications.createdAt), desc(otpVerifications.id))
    .limit(1);
  if (!newest || newest.isUsed) return undefined;
  const until = new Date(
    Math.min(newest.createdAt.getTime() + keptWorkingForMs, now.getTime() + companyCodeLifetimeMs),
  );
  await deps.db
    .update(otpVerifications)
    .set({ expiresAt: sql`greatest(${otpVerifications.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(otpVerifications.id, newest.id),
        eq(otpVerifications.isUsed, false),
        lt(otpVerifications.attempts, companyCodeAttempts),
      ),
    );
  return newest.id;
}

/** Spends one attempt, then compares; a right code is used up at once, so it never signs in twice. */
export async function redeemCompanySignInCode(deps: AppDeps, codeId: number, code: string): Promise<number> {
  const now = deps.now();
  const [spent] = await deps.db
    .update(otpVerifications)
    .set({ attempts: sql`${otpVerifications.attempts} + 1` })
    .where(
      and(
        eq(otpVerifications.id, codeId),
        eq(otpVerifications.purpose, "company_login"),
        eq(otpVerifications.isUsed, false),
        gt(otpVerifications.expiresAt, now),
        lt(otpVerifications.attempts, companyCodeAttempts),
      ),
    )
    .returning();
  if (!spent?.companyId) throw new AppError("BAD_REQUEST", "Your sign-in code has expired. Sign in again.");
  if (!hashesMatch(spent.codeHash, codeHash(deps, spent.companyId, code))) {
    throw new AppError("BAD_REQUEST", "That code is not correct.", { code: "Incorrect code" });
  }
  const [used] = await deps.db
    .update(otpVerifications)
    .set({ isUsed: true, usedAt: now })
    .where(and(eq(otpVerifications.id, codeId), eq(otpVerifications.isUsed, false)))
    .returning({ companyId: otpVerifications.companyId });
  if (!used?.companyId) throw new AppError("BAD_REQUEST", "Your sign-in code has expired. Sign in again.");
  return used.companyId;
}
