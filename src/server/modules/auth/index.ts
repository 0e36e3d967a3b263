/**
 * Member accounts: registration, sign-in (password, Google, links and codes), sessions, profile and the
 * first admin. Owns users, sessions, email_tokens and otp_verifications.
 */

export type { User } from "../../db/schema/auth";
export { deleteExpiredCredentials, deleteUnverifiedAccounts } from "./account-cleanup.service";
export { ensureAdmin } from "./admin-bootstrap.service";
export { authRoutes } from "./auth.routes";
export {
  issueCompanySignInCode,
  keepNewestCompanyCodeWorking,
  redeemCompanySignInCode,
} from "./company-codes.service";
export {
  countRewardedView,
  currentUser,
  findActiveUser,
  guardDeclaredAccess,
  guardedAdmin,
  requireStaff,
  requireUser,
  toSessionUser,
} from "./current-user";
export { googleRoutes } from "./google.routes";
export { countReviewSubmitted, countVerifiedPurchase } from "./member-counters";
export { expireMemberPlus, membersPlusEndingBetween, setMemberPlus } from "./member-plus.service";
export {
  lockMemberInGoodStanding,
  type MemberAtCounter,
  type MemberSummary,
  memberAtCounterFrom,
  memberAtCounterSql,
  memberNotSuspended,
  memberSummaryColumn,
  verifiedPhoneOwnerSql,
} from "./member-summary";
export {
  countMembers,
  findMemberForAdmin,
  membersByIds,
  searchMembers,
  setMemberRole,
  setMemberStatus,
  statusOf,
} from "./members-admin.service";
export { oauthConfigRoutes } from "./oauth-config.routes";
export { checkPayoutNumberCode, sendPayoutNumberCode } from "./phone-codes.service";
export { joinWithPhone } from "./phone-members.service";
export { profileRoutes } from "./profile.routes";
export { setMemberLanguage } from "./profile.service";
export {
  createSession,
  deleteBusinessSessions,
  deleteSession,
  findActiveSession,
  type SessionOwner,
} from "./session.service";
export { consumeSignInLink, issueSignInLink, sendSignInLinkWithinCap } from "./sign-in-links.service";
