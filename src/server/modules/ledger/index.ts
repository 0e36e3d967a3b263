/** The ledger: the only writer of XP, points and tiers (append-only rows; cached balances move with them). */
export {
  creditPrizePoints,
  creditXp,
  creditXpForStanding,
  type MemberStanding,
  memberPrizePoints,
  memberStanding,
  recordCompletedCycle,
  sumPrizePointsLedger,
  sumXpLedger,
  type XpCredit,
} from "./ledger.service";
export { memberInGoodStanding } from "./member-balances";
export { memberLedger } from "./member-ledger.read-model";
export { type ReversalResult, reverseXpCredits } from "./reversals.service";
