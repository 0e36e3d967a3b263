import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { MemberQr } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { userQrCodes } from "../../db/schema/loyalty";
import { AppError } from "../../lib/errors";
import { typedCodeFormat } from "../../lib/typed-codes";

/** PRODUCT.md: the personal QR rotates every 30 s and is valid for 60 s, so a screenshot dies. */
export const memberQrRotationMs = 30_000;
export const memberQrLifetimeMs = 60_000;
/** A scan queued offline counts if it reaches the server within a day (PRODUCT.md, the counter). */
export const offlineScanWindowMs = 24 * 60 * 60 * 1000;
/**
 * A queued scan carries the counter phone's clock, which may run behind the server's: a scan may claim
 * a time up to one rotation before the code was made. The code's end is never extended.
 */
const phoneClockSlackMs = 30_000;

export const memberQrPrefix = "ANIGYE-M1.";
const memberShortCode = typedCodeFormat(6);
/** "K7M4QX" is shown as "K7M-4QX"; staff may type it either way, in any case. */
export const displayShortCode = memberShortCode.display;
export const normaliseShortCode = memberShortCode.read;

/**
 * A new personal QR for the member. Each call makes a fresh random code (unguessable, so it needs no
 * signature: the server looks it up); the previous ones simply run out.
 */
export async function issueMemberQr(db: Executor, userId: number, now: Date): Promise<MemberQr> {
  const expiresAt = new Date(now.getTime() + memberQrLifetimeMs);
  let shortCode = memberShortCode.create();
  // Two members holding the same short code at the same minute would make a typed code ambiguous.
  for (let attempt = 0; attempt < 5 && (await shortCodeInUse(db, shortCode, now)); attempt++) {
    shortCode = memberShortCode.create();
  }
  const qrData = `${memberQrPrefix}${randomBytes(18).toString("base64url")}`;
  await db
    .insert(userQrCodes)
    .values({ userId, qrData, shortCode, expiresAt, createdAt: now, updatedAt: now });
  return {
    qrData,
    shortCode: displayShortCode(shortCode),
    expiresAt: expiresAt.toISOString(),
    refreshAt: new Date(now.getTime() + memberQrRotationMs).toISOString(),
  };
}

async function shortCodeInUse(db: Executor, shortCode: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: userQrCodes.id })
    .from(userQrCodes)
    .where(and(eq(userQrCodes.shortCode, shortCode), gt(userQrCodes.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

export interface ScannedMember {
  userId: number;
  qrCodeId: number;
  qrData: string;
  /** Whether the code was typed rather than scanned. */
  typed: boolean;
}

/**
 * The member whose QR (or typed short code) staff presented, checked against the moment of the scan: a
 * code counts only if it was live then. `scannedAt` is now, or the time a queued offline scan was made.
 */
export async function resolveMemberCode(
  db: Executor,
  presented: string,
  scannedAt: Date,
): Promise<ScannedMember | undefined> {
  const trimmed = presented.trim();
  if (trimmed.startsWith(memberQrPrefix)) {
    const [row] = await db.select().from(userQrCodes).where(eq(userQrCodes.qrData, trimmed)).limit(1);
    if (!row) return undefined;
    assertLiveAt(row, scannedAt);
    return { userId: row.userId, qrCodeId: row.id, qrData: row.qrData, typed: false };
  }
  const shortCode = normaliseShortCode(trimmed);
  if (!shortCode) return undefined;
  const [row] = await db
    .select()
    .from(userQrCodes)
    .where(
      and(
        eq(userQrCodes.shortCode, shortCode),
        lte(userQrCodes.createdAt, new Date(scannedAt.getTime() + phoneClockSlackMs)),
        gt(userQrCodes.expiresAt, new Date(scannedAt.getTime() - offlineScanWindowMs)),
      ),
    )
    .orderBy(desc(userQrCodes.createdAt))
    .limit(1);
  if (!row) return undefined;
  assertLiveAt(row, scannedAt);
  return { userId: row.userId, qrCodeId: row.id, qrData: row.qrData, typed: true };
}

function assertLiveAt(row: { createdAt: Date; expiresAt: Date }, scannedAt: Date) {
  if (scannedAt.getTime() + phoneClockSlackMs < row.createdAt.getTime() || scannedAt >= row.expiresAt) {
    throw new AppError(
      "EXPIRED_CODE",
      "This QR code has expired. Ask the customer to open their loyalty card again.",
    );
  }
}

/** Marks when a member's code was last used at a counter (it stays valid until it runs out). */
export async function markMemberCodeUsed(db: Executor, qrCodeId: number, now: Date): Promise<void> {
  await db
    .update(userQrCodes)
    .set({ lastUsedAt: now, rotationCount: sql`${userQrCodes.rotationCount} + 1` })
    .where(eq(userQrCodes.id, qrCodeId));
}

/** Codes past the offline window can never be checked again. */
export async function deleteStaleMemberCodes(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(userQrCodes)
    .where(lte(userQrCodes.expiresAt, new Date(now.getTime() - offlineScanWindowMs - memberQrLifetimeMs)))
    .returning({ id: userQrCodes.id });
  return removed.length;
}
