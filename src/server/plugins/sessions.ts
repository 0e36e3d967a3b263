import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import {
  createSession,
  deleteSession,
  findActiveSession,
  type SessionOwner,
} from "../modules/auth/session.service";

export const sessionCookieName = "anigye_sid";

type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session, read from the database once per request and only when asked for. */
    getSession(): Promise<ActiveSession | undefined>;
  }
  interface FastifyReply {
    /** Starts a new session (a new id every time, so a sign-in never reuses an old one). */
    startSession(owner: SessionOwner): Promise<void>;
    endSession(): Promise<void>;
  }
}

export function registerSessions(app: FastifyInstance, options: { db: Database; secureCookies: boolean }) {
  const { db, secureCookies } = options;
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies };
  const cache = new WeakMap<FastifyRequest, Promise<ActiveSession | undefined>>();

  app.decorateRequest("getSession", function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.cookies[sessionCookieName];
      pending = token ? findActiveSession(db, token) : Promise.resolve(undefined);
      cache.set(this, pending);
    }
    return pending;
  });

  app.decorateReply("startSession", async function (this: FastifyReply, owner: SessionOwner) {
    const oldToken = this.request.cookies[sessionCookieName];
    if (oldToken) await deleteSession(db, oldToken);
    const { token, expiresAt } = await createSession(db, owner, {
      ipAddress: this.request.ip,
      userAgent: this.request.headers["user-agent"],
    });
    cache.delete(this.request);
    this.setCookie(sessionCookieName, token, { ...cookieOptions, expires: expiresAt });
  });

  app.decorateReply("endSession", async function (this: FastifyReply) {
    const token = this.request.cookies[sessionCookieName];
    if (token) await deleteSession(db, token);
    cache.delete(this.request);
    this.clearCookie(sessionCookieName, cookieOptions);
  });
}
