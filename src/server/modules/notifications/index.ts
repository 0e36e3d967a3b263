/** The member's in-app notification centre. Owns notifications and device_tokens. */

export {
  isSmsDaytime,
  queueMemberSms,
  queueWeeklySummaries,
  sendQueuedMemberSms,
} from "./member-sms.service";
export { notificationsRoutes } from "./notifications.routes";
export { type MemberNotice, notifyMember, notifyMembers } from "./notifications.service";
