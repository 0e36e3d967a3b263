/**
 * Loyalty: a company's stamp-card program, members' cards and check-ins, and the member's rotating QR.
 * Owns loyalty_programs, loyalty_cards, loyalty_check_ins, loyalty_counters and user_qr_codes.
 */
export { loyaltyRoutes } from "./loyalty.routes";
export { findActiveProgram } from "./loyalty-program.service";
export {
  deleteStaleMemberCodes,
  markMemberCodeUsed,
  offlineScanWindowMs,
  resolveMemberCode,
  type ScannedMember,
} from "./member-qr.service";
export { type CardState, cardStateAt, checkStampAllowed, claimCardReward, stampCard } from "./stamps.service";
