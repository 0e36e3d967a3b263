import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { sessions, users } from "../../db/schema/auth";

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
// Refreshing expiry on every request would write on every call; once an hour is plenty.
const refreshAfterMs = 60 * 60 * 1000;

export type SessionKind = "user" | "company" | "company_staff";

export interface SessionOwner {
  kind: SessionKind;
  userId?: number;
  companyId?: number;
  companyStaffId?: number;
}

export interface RequestMeta {
  ipAddress: string;
  userAgent: string | undefined;
}

/** The cookie carries a random token; the table stores only its hash, so a database leak reveals no session. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: Executor, owner: SessionOwner, meta: RequestMeta, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({
    id: hashSessionToken(token),
    kind: owner.kind,
    userId: owner.userId,
    companyId: owner.companyId,
    companyStaffId: owner.companyStaffId,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

// A member's session comes with the member (active, not deleted) in the same read: every signed-in call
// needs both, and one round trip is half the cost of two.
const activeSessionById = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), eq(users.isActive, true), isNull(users.deletedAt)))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("active_session_by_id"),
);

/** The session behind a token, unexpired, with its member when it is a member's and they are active. */
export async function findActiveSession(db: Executor, token: string, now = new Date()) {
  const [found] = await activeSessionById(db).execute({ id: hashSessionToken(token), now });
  if (!found) return undefined;
  const session = { ...found.session, user: found.user ?? undefined };
  if (now.getTime() - session.lastSeenAt.getTime() > refreshAfterMs) {
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
    return { ...session, lastSeenAt: now, expiresAt };
  }
  return session;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
}

/** Signs a user out everywhere, optionally keeping the session that asked. */
export async function deleteUserSessions(db: Executor, userId: number, keepToken?: string): Promise<void> {
  const keep = keepToken ? ne(sessions.id, hashSessionToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep));
}

/** Signs a business out everywhere: its owner's sessions and its counter staff's (they carry its id). */
export async function deleteBusinessSessions(db: Executor, companyId: number): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.companyId, companyId), inArray(sessions.kind, ["company", "company_staff"])));
}
