import { and, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { NotificationItem, NotificationType } from "../../../shared/contracts/notifications";
import type { Language } from "../../../shared/i18n/languages";
import type { Executor } from "../../db/client";
import { columnNames } from "../../db/prepared";
import { type Notification, notifications } from "../../db/schema/notifications";
import { type Saying, sayingText, translateMessage } from "../../lib/i18n";

export interface MemberNotice {
  userId: number;
  type: NotificationType;
  /**
   * The English as said (a key of `messages.tw.json`), or, with values, its ICU unfilled and the values
   * (`{ message: "Stamp added", … }`, `{ message: "{current} of {required} stamps on your {program} card.",
   * values }`): the list says it in the language its request asks for.
   */
  title: string | Saying;
  message: string | Saying;
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

const columns = columnNames(notifications);

/**
 * notifyMember as the insert for a `with` list of the statement that makes the event happen, so the
 * notice sends no statement of its own: one notice per row of `from` (a common table expression of that
 * statement), its dedupe key an expression over that row (e.g. sql`'stamp:' || check_in.id`).
 */
export function noticeInsertFromRow(
  notice: Omit<MemberNotice, "dedupeKey">,
  dedupeKey: SQL,
  from: SQL,
  now: Date,
): SQL {
  const row = noticeRow(notice, now);
  return sql`insert into ${notifications} (${columns.userId}, ${columns.type}, ${columns.title}, ${columns.message},
      ${columns.data}, ${columns.dedupeKey}, ${columns.createdAt})
    select ${row.userId}::integer, ${row.type}::text, ${row.title}::text, ${row.message}::text,
      ${JSON.stringify(row.data)}::jsonb, (${dedupeKey})::text, ${now.toISOString()}::timestamptz
    from ${from}
    on conflict do nothing`;
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

const sayingOf = (text: string | Saying): Saying => (typeof text === "string" ? { message: text } : text);

/**
 * The row keeps the English filled in (`title`, `message`: what anything reading the columns shows) and
 * what was said, unfilled, in `data.said`, so the list can say it again in the member's language.
 */
function noticeRow(notice: MemberNotice, now: Date) {
  const said = { title: sayingOf(notice.title), message: sayingOf(notice.message) };
  return {
    userId: notice.userId,
    type: notice.type,
    title: sayingText(said.title, "en").slice(0, 200),
    message: sayingText(said.message, "en").slice(0, 1000),
    data: { ...(notice.link ? { link: notice.link } : {}), said },
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

/** A saying as `noticeRow` stored it in `data.said`, checked: rows are jsonb, and old ones have none. */
function storedSaying(value: unknown): Saying | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { message, values } = value as { message?: unknown; values?: unknown };
  if (typeof message !== "string") return undefined;
  if (values === undefined) return { message };
  if (typeof values !== "object" || values === null) return undefined;
  return { message, values: values as Saying["values"] };
}

/**
 * A notice's title or message in the language asked for: from what was said when it was created, else
 * (a row from before sayings were kept) its English through the catalog, which finds the plain ones.
 */
function noticeText(said: unknown, english: string, language: Language, maxLength: number): string {
  const saying = storedSaying(said);
  if (!saying) return translateMessage(english, language);
  try {
    return sayingText(saying, language).slice(0, maxLength);
  } catch {
    // A saying that no longer compiles (its English changed since) is shown as it was stored.
    return english;
  }
}

function noticeItem(row: Notification, language: Language): NotificationItem {
  const said = (row.data.said ?? {}) as { title?: unknown; message?: unknown };
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: noticeText(said.title, row.title, language, 200),
    message: noticeText(said.message, row.message, language, 1000),
    link: typeof row.data.link === "string" ? row.data.link : null,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of the member's notices, newest first, said in `language`. */
export async function listNotifications(db: Executor, userId: number, language: Language, before?: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const items = page.map((row) => noticeItem(row, language));
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
