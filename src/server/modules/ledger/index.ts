/** The ledger: the only writer of XP, points and tiers (append-only rows; cached balances move with them). */
export {
  creditXp,
  memberPrizePoints,
  memberStanding,
  prizePointsCreditCtes,
  recordCompletedCycle,
  sumXpLedger,
  xpCreditCtes,
} from "./ledger.service";
export { memberInGoodStanding, memberPrizePointsSql, memberSuspendedAtCounter } from "./member-balances";
export { memberLedger } from "./member-ledger.read-model";
export { reverseXpCredits } from "./reversals.service";
