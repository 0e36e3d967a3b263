/**
 * Money in pesewas, by double entry: businesses' balances, Anigye's revenue and what came in from outside;
 * and pay-per-view campaigns, which charge completed views to a business's balance.
 */

export { chargeCompletedView } from "./campaign-charge.service";
export { offeredByItsCampaignSql } from "./campaign-pacing";
export { refundReversedViews } from "./campaign-refunds.service";
export { moneyRoutes } from "./money.routes";
export { transferMoney } from "./money.service";
export { campaignMoneySince, checkMoneyLedger } from "./wallet.service";
