/** The member's in-app notification centre. Owns notifications and device_tokens. */

export { notificationsRoutes } from "./notifications.routes";
export { type MemberNotice, notifyMember, notifyMembers, unreadCount } from "./notifications.service";
