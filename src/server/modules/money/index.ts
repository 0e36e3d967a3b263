/** Money in pesewas, by double entry: businesses' balances, Anigye's revenue and what came in from outside. */

export { moneyRoutes } from "./money.routes";
export { transferMoney } from "./money.service";
export { checkMoneyLedger } from "./wallet.service";
