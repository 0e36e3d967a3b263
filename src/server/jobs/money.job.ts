import type { AppDeps } from "../app-deps";
import { offlineScanWindowMs } from "../modules/loyalty";
import {
  checkMoneyLedger,
  reconcilePayouts,
  releaseExpiredCashback,
  settleStaleWithdrawals,
} from "../modules/money";

/**
 * Once a day: proves the money ledger balances (every account sums to zero together and each equals its
 * transfers, each campaign's spend its charges less refunds). A difference fails the run, so the admin's Scheduled jobs panel shows it and it is logged
 * as an error with the accounts concerned.
 */
export async function checkTheBooks(deps: AppDeps) {
  const check = await checkMoneyLedger(deps.db);
  if (!check.balanced) {
    deps.log.error(check, "the money ledger does not balance");
    throw new Error(
      `the money ledger does not balance: total ${check.totalPesewas} pesewas, ${check.mismatched.length} account(s) differ from their transfers, ${check.campaignsMismatched.length} campaign(s) from their charges`,
    );
  }
}

/**
 * Each hour: businesses get back what they set aside for cashback rewards that ended unused, and payouts
 * Paystack's webhooks never settled are settled on its verify.
 */
export async function releaseUnusedCashback(deps: AppDeps) {
  const settled = await settleStaleWithdrawals(deps);
  if (settled > 0) deps.log.warn({ settled }, "cashback payouts settled without their webhook");
  // A counter may send a scan it queued offline up to a day later: that use must still find the money.
  const released = await releaseExpiredCashback(deps.db, deps.now(), offlineScanWindowMs + 60 * 60 * 1000);
  if (released > 0)
    deps.log.info({ released }, "cashback of rewards that ended unused went back to their businesses");
}

/**
 * Once a day, with Paystack: our cashback withdrawals against Paystack's list of transfers; the
 * differences are kept for the admin's overview and logged.
 */
export async function reconcileTheDaysPayouts(deps: AppDeps) {
  if (!deps.paystack) return;
  const differences = await reconcilePayouts(deps.db, deps.paystack, deps.now());
  if (differences.length > 0) deps.log.error({ differences }, "payouts differ from Paystack's transfers");
}
