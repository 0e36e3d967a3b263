/**
 * Loyalty: a company's stamp-card program, members' cards and check-ins, and the member's rotating QR.
 * Owns loyalty_programs, loyalty_cards, loyalty_check_ins, loyalty_counters, daily_scan_limits and
 * user_qr_codes.
 */

export {
  type StampCardState,
  stampAtCounter,
  stampCardStateFrom,
  stampCardStateSql,
} from "./counter-stamp.service";
export { loyaltyRoutes } from "./loyalty.routes";
export { findActiveProgram } from "./loyalty-program.service";
export {
  deleteStaleMemberCodes,
  memberCodeUseSql,
  normaliseShortCode,
  offlineScanWindowMs,
  presentedMemberCodeSql,
  type ScannedMember,
  scannedMemberFrom,
} from "./member-qr.service";
export { type CardState, cardStateAt, claimCardReward } from "./stamps.service";
