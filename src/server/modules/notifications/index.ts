/** The member's in-app notification centre. Owns notifications and device_tokens. */

export {
  isSmsDaytime,
  type MemberSmsRequest,
  queueMemberSms,
  queueWeeklySummaries,
  sendQueuedMemberSms,
} from "./member-sms.service";
export { notificationsRoutes } from "./notifications.routes";
export { type MemberNotice, notifyMember, notifyMembers, unreadCount } from "./notifications.service";
