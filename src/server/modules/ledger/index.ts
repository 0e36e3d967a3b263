/** The ledger: the only writer of XP, points and tiers (append-only rows; cached balances move with them). */
export { creditXp, type MemberStanding, memberStanding, sumXpLedger, type XpCredit } from "./ledger.service";
