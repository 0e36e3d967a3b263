import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import type { NotificationItem, NotificationType } from "../../../shared/contracts/notifications";
import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema/notifications";

export interface MemberNotice {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  /** An in-app path, e.g. "/draws/12". */
  link?: string;
  /** The same event notifies once, e.g. `draw_won:12`. */
  dedupeKey?: string;
}

const pageSize = 30;

/**
 * Puts a notice in the member's notification centre. Call it inside the transaction that makes the
 * event happen, so a rolled-back event leaves no notice. Returns false when the dedupe key was used.
 */
export async function notifyMember(tx: Executor, notice: MemberNotice, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(notifications)
    .values(noticeRow(notice, now))
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length > 0;
}

const bulkInsertSize = 1000;

/** The same as notifyMember for many members at once (a draw's result), in batches of 1,000 rows. */
export async function notifyMembers(tx: Executor, notices: MemberNotice[], now: Date): Promise<void> {
  for (let start = 0; start < notices.length; start += bulkInsertSize) {
    await tx
      .insert(notifications)
      .values(notices.slice(start, start + bulkInsertSize).map((notice) => noticeRow(notice, now)))
      .onConflictDoNothing();
  }
}

function noticeRow(notice: MemberNotice, now: Date) {
  return {
    userId: notice.userId,
    type: notice.type,
    title: notice.title.slice(0, 200),
    message: notice.message.slice(0, 1000),
    data: notice.link ? { link: notice.link } : {},
    dedupeKey: notice.dedupeKey,
    createdAt: now,
  };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.unread ?? 0;
}

export async function listNotifications(db: Executor, userId: number, before?: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const items: NotificationItem[] = page.map((row) => ({
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    link: typeof row.data.link === "string" ? row.data.link : null,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    unread: await unreadCount(db, userId),
    notifications: items,
    nextBefore: rows.length > pageSize ? page.at(-1)!.id : null,
  };
}

/** Marks the member's notifications read (only their own; unknown ids change nothing). */
export async function markNotificationsRead(
  db: Executor,
  userId: number,
  ids: number[] | undefined,
  now: Date,
) {
  await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    );
  return { unread: await unreadCount(db, userId) };
}
