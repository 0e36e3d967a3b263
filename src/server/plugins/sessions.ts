import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { type SessionAudience, sessionCookieNames } from "../lib/session-cookies";
import { createSession, deleteSession, findActiveSession, type SessionOwner } from "../modules/auth";

export { type SessionAudience, sessionCookieName, sessionCookieNames } from "../lib/session-cookies";

type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

export function audienceOf(owner: Pick<SessionOwner, "kind">): SessionAudience {
  return owner.kind === "user" ? "member" : "business";
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session of that audience, read from the database once per request and only when asked for. */
    getSession(audience?: SessionAudience): Promise<ActiveSession | undefined>;
  }
  interface FastifyReply {
    /** Starts a new session (a new id every time, so a sign-in never reuses an old one). */
    startSession(owner: SessionOwner): Promise<void>;
    endSession(audience?: SessionAudience): Promise<void>;
  }
}

export function registerSessions(app: FastifyInstance, options: { db: Database; secureCookies: boolean }) {
  const { db, secureCookies } = options;
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies };
  const cache = new WeakMap<FastifyRequest, Map<SessionAudience, Promise<ActiveSession | undefined>>>();

  function forget(request: FastifyRequest, audience: SessionAudience) {
    cache.get(request)?.delete(audience);
  }

  app.decorateRequest("getSession", function (this: FastifyRequest, audience: SessionAudience = "member") {
    let perRequest = cache.get(this);
    if (!perRequest) {
      perRequest = new Map();
      cache.set(this, perRequest);
    }
    let pending = perRequest.get(audience);
    if (!pending) {
      const token = this.cookies[sessionCookieNames[audience]];
      pending = token
        ? findActiveSession(db, token).then((session) =>
            session && audienceOf(session) === audience ? session : undefined,
          )
        : Promise.resolve(undefined);
      perRequest.set(audience, pending);
    }
    return pending;
  });

  app.decorateReply("startSession", async function (this: FastifyReply, owner: SessionOwner) {
    const audience = audienceOf(owner);
    const name = sessionCookieNames[audience];
    const oldToken = this.request.cookies[name];
    if (oldToken) await deleteSession(db, oldToken);
    const { token, expiresAt } = await createSession(db, owner, {
      ipAddress: this.request.ip,
      userAgent: this.request.headers["user-agent"],
    });
    forget(this.request, audience);
    this.setCookie(name, token, { ...cookieOptions, expires: expiresAt });
  });

  app.decorateReply("endSession", async function (this: FastifyReply, audience: SessionAudience = "member") {
    const name = sessionCookieNames[audience];
    const token = this.request.cookies[name];
    if (token) await deleteSession(db, token);
    forget(this.request, audience);
    this.clearCookie(name, cookieOptions);
  });
}
