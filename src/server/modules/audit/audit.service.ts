import { and, desc, eq, like, lt } from "drizzle-orm";
import type { AuditEntryItem } from "../../../shared/contracts/admin";
import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema/audit";

export interface AuditRecord {
  /** Undefined for scheduled jobs ("system"). */
  actor?: { id: number; displayName: string };
  action: string;
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

const pageSize = 50;

/** Appends one entry, inside the transaction of the action it records, so both happen or neither. */
export async function recordAudit(tx: Executor, entry: AuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.displayName ?? "system",
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    createdAt: now,
  });
}

/** Newest first, filtered and paged in SQL; `action` matches a prefix ("payment." finds every payment action). */
export async function listAudit(db: Executor, filter: { actor?: number; action?: string; before?: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        filter.actor ? eq(auditLog.actorId, filter.actor) : undefined,
        filter.action ? like(auditLog.action, `${filter.action.replace(/[\\%_]/g, "\\$&")}%`) : undefined,
        filter.before ? lt(auditLog.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const entries: AuditEntryItem[] = page.map((row) => ({
    id: row.id,
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
    reason: row.reason,
    at: row.createdAt.toISOString(),
  }));
  return { entries, nextBefore: rows.length > pageSize ? page.at(-1)!.id : null };
}

/** The newest entry of these actions on one target (e.g. a business's last suspension), if any. */
export async function findLatestAudit(
  db: Executor,
  filter: { actions: string[]; targetType: string; targetId: number | string },
) {
  // One lookup per action walks that action's (action, id) index, newest first: it reads only entries of
  // that action, however long the whole log grows.
  const latest = await Promise.all(
    filter.actions.map(async (action) => {
      const [row] = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, action),
            eq(auditLog.targetType, filter.targetType),
            eq(auditLog.targetId, String(filter.targetId)),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    }),
  );
  return latest.reduce((newest, row) => (row && (!newest || row.id > newest.id) ? row : newest), undefined);
}
