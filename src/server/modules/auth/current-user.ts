import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionUser } from "../../../shared/contracts/session";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { type User, users } from "../../db/schema/auth";
import { forbidden, unauthenticated } from "../../lib/errors";

/** The signed-in user as the client may see it: never a hash, token or fingerprint. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    anigyeId: user.anigyeId,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    xpPoints: user.xpPoints,
    tier: user.tier,
    isPlus: user.isPlus,
    isEmailVerified: user.isEmailVerified,
    isPhoneVerified: user.isPhoneVerified,
    phoneNumber: user.phoneNumber,
    onboardingCompleted: user.onboardingCompleted,
    activated: user.activatedAt !== null,
    language: user.language,
  };
}

const activeUserById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder("id")), eq(users.isActive, true), isNull(users.deletedAt)))
    .limit(1)
    .prepare("active_user_by_id"),
);

export async function findActiveUser(db: Executor, userId: number): Promise<User | undefined> {
  const [user] = await activeUserById(db).execute({ id: userId });
  return user;
}

/** The consumer (or platform staff/admin) behind this request's session, or undefined. */
export async function currentUser(request: FastifyRequest): Promise<User | undefined> {
  const session = await request.getSession();
  if (!session?.userId || session.kind !== "user") return undefined;
  // The member is read with the session, in one round trip.
  return session.user;
}

export async function requireUser(request: FastifyRequest): Promise<User> {
  const user = await currentUser(request);
  if (!user) throw unauthenticated();
  return user;
}

/** The admin scope: every route under /api/admin is for admins only. */
const adminScope = /^\/api\/admin(\/|$)/;

/** The admin each request in the admin scope was let in as, for the handler to record as the actor. */
const admittedAdmins = new WeakMap<FastifyRequest, User>();

/**
 * One guard for the whole admin scope: a hook on the app itself, keyed on the matched route's path, so no
 * route or plugin under /api/admin can leave it out. It runs as each request arrives (before its body is
 * read or checked): a stranger gets 401, and anyone signed in without the role (a member, a business or its
 * counter staff) 403, and neither learns the body's fields. Call before the routes are registered.
 */
export function guardAdminScope(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (!adminScope.test(request.routeOptions.url ?? "")) return done();
    admitAdmin(request).then(() => done(), done);
  });
}

async function admitAdmin(request: FastifyRequest): Promise<void> {
  const user = await currentUser(request);
  if (user?.role === "admin") {
    admittedAdmins.set(request, user);
    return;
  }
  if (user || (await request.getSession("business"))) throw forbidden();
  throw unauthenticated();
}

/** The admin the scope's guard let in: for handlers of routes under /api/admin only. */
export function guardedAdmin(request: FastifyRequest): User {
  const admin = admittedAdmins.get(request);
  if (!admin) throw new Error(`${request.routeOptions.url} is outside the admin scope's guard`);
  return admin;
}

/** Platform staff or an admin (docs/product-rules.md#admin-staff-role). */
export async function requireStaff(request: FastifyRequest): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== "staff" && user.role !== "admin") throw forbidden();
  return user;
}

/** A view that earned a reward counts on the member's account (users.totalViews). */
export async function countRewardedView(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ totalViews: sql`${users.totalViews} + 1` })
    .where(eq(users.id, userId));
}
