/**
 * Money in pesewas, by double entry: businesses' balances, Anigye's revenue and what came in from outside;
 * pay-per-view campaigns, which charge completed views to a business's balance; and cashback, which
 * businesses set aside for rewards and members earn at the counter.
 */

export { chargeCompletedView } from "./campaign-charge.service";
export { cashbackFundedSql, offeredByItsCampaignSql } from "./campaign-pacing";
export { refundReversedViews } from "./campaign-refunds.service";
export { earnCashback, releaseExpiredCashback, reserveCashback } from "./cashback.service";
export { moneyRoutes } from "./money.routes";
export { transferMoney } from "./money.service";
export { latestPayoutReconciliation, reconcilePayouts } from "./payout-reconciliation.service";
export {
  sendWithdrawal,
  settleFromProvider as settleWithdrawalFromProvider,
  settleStaleWithdrawals,
} from "./payout-sender.service";
export { campaignMoneySince, checkMoneyLedger } from "./wallet.service";
export { countWithdrawalsWaitingForAdmin } from "./withdrawals-admin.read-model";
