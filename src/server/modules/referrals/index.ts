/**
 * Invites and the XP leaderboards. Owns referrals; the leaderboards are read live from the ledger. Reads members through its read models
 * and never imports auth: auth records a referral at registration (`recordReferral`), and watch settles
 * it when the referred member's verified watch earns (`completeReferral`).
 */

export { referralsRoutes } from "./referrals.routes";
export {
  completeReferral,
  recordReferral,
} from "./referrals.service";
