import { z } from "zod";
import { idSchema } from "./ids";

/** What a notification is about; the web picks an icon and the screen to open from it. */
export const notificationTypes = [
  "reward_earned",
  "stamp_added",
  "card_completed",
  "draw_won",
  "draw_result",
  "share_verified",
  "share_rejected",
  "purchase_verified",
  "purchase_rejected",
  "referral_completed",
  "payment",
  "reward_expiring",
  "account_warning",
  "earnings_reversed",
  "points_added",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationItem = z.object({
  id: idSchema,
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  /** An in-app path to open, e.g. "/draws/12". */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsQuery = z.object({
  /** Older than this notification id (the next page). */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/notifications: newest first, 30 a page. */
export const notificationsResponse = z.object({
  unread: z.number().int(),
  notifications: z.array(notificationItem),
  nextBefore: z.number().int().nullable(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST /api/notifications/read: these ids, or all of the member's when ids is left out. */
export const markNotificationsReadRequest = z.object({
  ids: z.array(idSchema).max(100, "At most 100 at a time").optional(),
});
export const markNotificationsReadResponse = z.object({ unread: z.number().int() });
