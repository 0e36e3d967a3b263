import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { MemberQr } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { userQrCodes } from "../../db/schema/loyalty";
import { AppError } from "../../lib/errors";
import { typedCodeFormat } from "../../lib/typed-codes";

/**
 * The personal QR rotates every 30 s and is valid for 60 s, so a screenshot dies
 * (docs/product-rules.md#counter-member-qr).
 */
export const memberQrRotationMs = 30_000;
export const memberQrLifetimeMs = 60_000;
/**
 * A scan queued offline counts if it reaches the server within a day
 * (docs/product-rules.md#counter-offline-scans).
 */
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
 * The statement part that takes the code staff presented (a scanned QR, or a typed short code live at the
 * scan's time) and returns it, so the counter finds the member in the statement that reads them. With
 * `markUsed` it also marks the code used (a refused scan's transaction rolls the mark back); without it the
 * read writes nothing, and the write that accepts the scan marks it (memberCodeUseSql). Undefined when the
 * text can't be a member's code.
 */
export function presentedMemberCodeSql(
  presented: string,
  scannedAt: Date,
  now: Date,
  { markUsed }: { markUsed: boolean },
): { sql: SQL; typed: boolean } | undefined {
  const trimmed = presented.trim();
  const typed = !trimmed.startsWith(memberQrPrefix);
  const shortCode = typed ? normaliseShortCode(trimmed) : undefined;
  if (typed && !shortCode) return undefined;
  const chosen = typed
    ? sql`select ${userQrCodes.id} from ${userQrCodes} where ${userQrCodes.shortCode} = ${shortCode}
        and ${userQrCodes.createdAt} <= ${new Date(scannedAt.getTime() + phoneClockSlackMs).toISOString()}::timestamptz
        and ${userQrCodes.expiresAt} > ${new Date(scannedAt.getTime() - offlineScanWindowMs).toISOString()}::timestamptz
        order by ${userQrCodes.createdAt} desc limit 1`
    : sql`select ${userQrCodes.id} from ${userQrCodes} where ${userQrCodes.qrData} = ${trimmed}`;
  const returned = sql`id, user_id, qr_data, created_at, expires_at`;
  return {
    typed,
    sql: markUsed
      ? sql`${memberCodeUseSql(sql`(${chosen})`, now)} returning ${returned}`
      : sql`select ${returned} from ${userQrCodes} where id = (${chosen})`,
  };
}

/**
 * Marks a member's code used by the scan that accepted it: an update, for a statement's CTE (`onlyIf`: the
 * condition under which the scan was accepted) or the read that takes the code.
 */
export function memberCodeUseSql(codeId: SQL, now: Date, onlyIf: SQL = sql`true`): SQL {
  return sql`update ${userQrCodes} set last_used_at = ${now.toISOString()}::timestamptz,
      rotation_count = rotation_count + 1
    where id = ${codeId} and ${onlyIf}`;
}

/** The member behind a presented code, once it is known to have been live when it was scanned. */
export function scannedMemberFrom(
  row: { id: number; user_id: number; qr_data: string; created_at: Date | string; expires_at: Date | string },
  typed: boolean,
  scannedAt: Date,
): ScannedMember {
  assertLiveAt({ createdAt: new Date(row.created_at), expiresAt: new Date(row.expires_at) }, scannedAt);
  return { userId: row.user_id, qrCodeId: row.id, qrData: row.qr_data, typed };
}

function assertLiveAt(row: { createdAt: Date; expiresAt: Date }, scannedAt: Date) {
  if (scannedAt.getTime() + phoneClockSlackMs < row.createdAt.getTime() || scannedAt >= row.expiresAt) {
    throw new AppError(
      "EXPIRED_CODE",
      "This QR code has expired. Ask the customer to open their loyalty card again.",
    );
  }
}

/** Codes past the offline window can never be checked again. */
export async function deleteStaleMemberCodes(db: Executor, now: Date): Promise<number> {
  const removed = await db
    .delete(userQrCodes)
    .where(lte(userQrCodes.expiresAt, new Date(now.getTime() - offlineScanWindowMs - memberQrLifetimeMs)))
    .returning({ id: userQrCodes.id });
  return removed.length;
}
