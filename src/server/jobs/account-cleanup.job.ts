import type { Database } from "../db/client";
import { deleteExpiredCredentials, deleteUnverifiedAccounts } from "../modules/auth";
import { deleteOldCounterTextCounts } from "../modules/counter";
import { deleteStaleMemberCodes } from "../modules/loyalty";
import { deleteExpiredRateLimits } from "../modules/rate-limit";
import { deleteOldUssdSessions } from "../modules/ussd";
import { runExclusively } from "./job-lock";

const accountCleanupLockId = 727_101;
const dayMs = 24 * 60 * 60 * 1000;

/** One run of the cleanup; safe when every app instance schedules it (only one runs at a time). */
export async function runAccountCleanup(
  db: Database,
  now: Date,
  log: { info(obj: object, msg: string): void },
) {
  return runExclusively(db, accountCleanupLockId, async (tx) => {
    const accounts = await deleteUnverifiedAccounts(tx, now);
    await deleteExpiredCredentials(tx, now);
    await deleteExpiredRateLimits(tx, new Date(now.getTime() - dayMs));
    // The counter's text counts of yesterday and before (today's day and hour rows stay).
    await deleteOldCounterTextCounts(tx, new Date(now.getTime() - dayMs));
    // Loyalty QR codes past the offline-scan window can never be checked again.
    await deleteStaleMemberCodes(tx, now);
    // USSD sessions older than their retention (docs/product-rules.md#ussd-operations).
    const ussdSessions = await deleteOldUssdSessions(tx, now);
    if (ussdSessions > 0) log.info({ ussdSessions }, "deleted USSD sessions past their retention");
    if (accounts > 0) log.info({ accounts }, "deleted accounts left unverified for 24 hours");
  });
}
