/** The member's in-app notification centre and texts to members. Owns notifications and member_sms. */

export {
  isSmsDaytime,
  queueMemberSms,
  queueWeeklySummaries,
  sendQueuedMemberSms,
} from "./member-sms.service";
export { notificationsRoutes } from "./notifications.routes";
export {
  type MemberNotice,
  noticeInsertFromRow,
  notifyMember,
  notifyMembers,
} from "./notifications.service";
