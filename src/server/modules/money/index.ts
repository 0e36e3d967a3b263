/** Money in pesewas, by double entry: businesses' balances, Anigye's revenue and what came in from outside. */
export { transferMoney } from "./money.service";
export { moneyRoutes } from "./money.routes";
export { checkMoneyLedger } from "./wallet.service";
