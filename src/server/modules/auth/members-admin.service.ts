import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { normaliseGhanaPhone } from "../../../shared/phone";
import type { Executor } from "../../db/client";
import { type User, users } from "../../db/schema/auth";
import { AppError, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { deleteUserSessions } from "./session.service";

const memberPageSize = 25;
type Admin = { id: number; displayName: string };

/** Escapes LIKE's wildcards so a search for "50%" matches the text "50%". */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What an admin's search box matches: an Anigye ID or phone number exactly, otherwise the start of a
 * name or email (both indexed, so 100,000 members answer as fast as 100).
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  if (/^ang-/i.test(text)) return eq(users.anigyeId, text.toUpperCase());
  const phone = /^[+\d\s()-]{9,}$/.test(text) ? normaliseGhanaPhone(text) : undefined;
  if (phone) return eq(users.phoneNumber, phone);
  const prefix = likePrefix(text);
  return or(
    sql`lower(${users.displayName}) like ${prefix}`,
    sql`lower(${users.email}) like ${prefix}`,
    sql`lower(${users.username}) like ${prefix}`,
  );
}

export async function searchMembers(db: Executor, filter: { q?: string; page: number }) {
  const where = and(isNull(users.deletedAt), searchCondition(filter.q ?? ""));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(memberPageSize)
      .offset((filter.page - 1) * memberPageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0, page: filter.page, pageSize: memberPageSize };
}

export async function findMemberForAdmin(db: Executor, userId: number): Promise<User> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound("Member not found");
  return user;
}

export type MemberStatus = "active" | "suspended";

export function statusOf(user: Pick<User, "isActive">): MemberStatus {
  return user.isActive ? "active" : "suspended";
}

/**
 * Suspends or reactivates a member. Suspending ends every session at once; the member can't sign in,
 * earn or redeem until reactivated, and is told the reason when they try to sign in. Recorded.
 */
export async function setMemberStatus(
  tx: Executor,
  change: { userId: number; status: MemberStatus; reason: string; admin: Admin },
  now: Date,
): Promise<User> {
  if (change.userId === change.admin.id) {
    throw new AppError("FORBIDDEN", "You can't change the status of your own account");
  }
  const before = await findMemberForAdmin(tx, change.userId);
  const suspend = change.status === "suspended";
  const [updated] = await tx
    .update(users)
    .set({
      isActive: !suspend,
      suspendedAt: suspend ? now : null,
      suspensionReason: suspend ? change.reason : null,
      updatedAt: now,
    })
    .where(eq(users.id, change.userId))
    .returning();
  if (suspend) await deleteUserSessions(tx, change.userId);
  await recordAudit(
    tx,
    {
      actor: change.admin,
      action: suspend ? "member.suspend" : "member.reactivate",
      targetType: "member",
      targetId: change.userId,
      before: { status: statusOf(before) },
      after: { status: change.status },
      reason: change.reason,
    },
    now,
  );
  return updated!;
}

export type PlatformRole = "user" | "staff" | "admin";

/** Makes a member platform staff or an admin (or a plain member again). Recorded. */
export async function setMemberRole(
  tx: Executor,
  change: { userId: number; role: PlatformRole; reason: string; admin: Admin },
  now: Date,
): Promise<User> {
  if (change.userId === change.admin.id) {
    throw new AppError("FORBIDDEN", "You can't change your own role; ask another admin");
  }
  const before = await findMemberForAdmin(tx, change.userId);
  const [updated] = await tx
    .update(users)
    .set({ role: change.role, updatedAt: now })
    .where(eq(users.id, change.userId))
    .returning();
  await recordAudit(
    tx,
    {
      actor: change.admin,
      action: "member.role",
      targetType: "member",
      targetId: change.userId,
      before: { role: before.role },
      after: { role: change.role },
      reason: change.reason,
    },
    now,
  );
  return updated!;
}

/** Members (not staff or admins, not deleted), and those who joined since a moment, for the overview. */
export async function countMembers(db: Executor, since: Date) {
  const [row] = await db
    .select({
      total: count(),
      joined: sql<number>`count(*) filter (where ${users.createdAt} >= ${since})::int`,
    })
    .from(users)
    .where(and(eq(users.role, "user"), isNull(users.deletedAt)));
  return { total: row?.total ?? 0, joined: row?.joined ?? 0 };
}

/** The refusal a suspended member sees when signing in: the reason, and where to turn. */
export function suspendedAccountError(user: Pick<User, "suspensionReason">): AppError {
  if (!user.suspensionReason) {
    return new AppError(
      "FORBIDDEN",
      "Your Anigye account is suspended. If you think this is a mistake, reply to any Anigye email or contact support.",
    );
  }
  // The reason is the admin's own words: it is said as written, in either language.
  return new AppError("FORBIDDEN", {
    message:
      "Your Anigye account is suspended. Reason: {reason} If you think this is a mistake, reply to any Anigye email or contact support.",
    values: { reason: user.suspensionReason.replace(/\.?$/, ".") },
  });
}

/** Who these members are, for lists that name them (the anti-cheat queue). */
export async function membersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, User>();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
