import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionUser } from "../../../shared/contracts/session";
import type { Executor } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { type User, users } from "../../db/schema/auth";
import { forbidden, unauthenticated } from "../../lib/errors";
import type { Access } from "../../plugins/route-access";
import { isPhoneOnlyEmail } from "./user-identity";

/** The signed-in user as the client may see it: never a hash, token or fingerprint. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    anigyeId: user.anigyeId,
    username: user.username,
    // A member who joined by phone has no email until they add one: the placeholder is never shown.
    email: isPhoneOnlyEmail(user.email) ? "" : user.email,
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

/** The admin each request to an admin route was let in as, for the handler to record as the actor. */
const admittedAdmins = new WeakMap<FastifyRequest, User>();

/**
 * One guard for every route's declared callers (`config.access`, plugins/route-access.ts): a hook on the
 * app itself, so no route or plugin can leave it out. It runs as each request arrives (before its body is
 * read or checked): a caller without the session the route needs gets 401, and one signed in without the
 * role it needs (a member, a business or its counter staff at an admin route) 403, and neither learns the
 * body's fields. Call before the routes are registered.
 */
export function guardDeclaredAccess(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    const admit = access ? admitters[access] : undefined;
    if (!admit) return done();
    admit(request).then(() => done(), done);
  });
}

type Admitter = (request: FastifyRequest) => Promise<void>;

const hasBusinessSession = async (request: FastifyRequest) => Boolean(await request.getSession("business"));

/** What each declared access checks before the handler runs; anything it omits lets every caller in. */
const admitters: Partial<Record<Access, Admitter>> = {
  member: async (request) => {
    await requireUser(request);
  },
  staff: async (request) => {
    await requireStaff(request);
  },
  admin: async (request) => {
    admittedAdmins.set(request, await admitMemberWithRole(request, ["admin"]));
  },
  counter: async (request) => {
    if (!(await hasBusinessSession(request))) throw unauthenticated();
  },
  ownerOrAdmin: async (request) => {
    if (await hasBusinessSession(request)) return;
    await admitMemberWithRole(request, ["admin"]);
  },
  payer: async (request) => {
    if ((await currentUser(request)) || (await hasBusinessSession(request))) return;
    throw unauthenticated();
  },
};

async function admitMemberWithRole(request: FastifyRequest, roles: User["role"][]): Promise<User> {
  const user = await currentUser(request);
  if (user && roles.includes(user.role)) return user;
  if (user || (await hasBusinessSession(request))) throw forbidden();
  throw unauthenticated();
}

/** The admin the guard let in: for handlers of routes under /api/admin only. */
export function guardedAdmin(request: FastifyRequest): User {
  const admin = admittedAdmins.get(request);
  if (!admin) throw new Error(`${request.routeOptions.url} does not declare access "admin"`);
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
