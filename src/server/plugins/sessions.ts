import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import type { MemberChanges } from "../db/member-changes";
import { MemberKeyedCache } from "../lib/member-keyed-cache";
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

/** How long an instance may keep a member's session between changes (the database tells it of changes). */
const keepMemberSessionMs = 60_000;

export function registerSessions(
  app: FastifyInstance,
  options: { db: Database; secureCookies: boolean; memberChanges?: MemberChanges },
) {
  const { db, secureCookies } = options;
  // Reads (GET, HEAD) may use a member's session as this instance last read it: any change to the member
  // or their sessions (sign-out, suspension, a new tier) reaches every instance within milliseconds and
  // drops it. Writes always read the database.
  const memberSessions = new MemberKeyedCache<string, ActiveSession>(options.memberChanges, {
    max: 50_000,
    ttlMs: keepMemberSessionMs,
  });

  async function readSession(request: FastifyRequest, token: string): Promise<ActiveSession | undefined> {
    const isRead = request.method === "GET" || request.method === "HEAD";
    const now = Date.now();
    const kept = isRead ? memberSessions.get(token) : undefined;
    if (kept && kept.expiresAt.getTime() > now) return kept;
    const readStartedAt = memberSessions.startRead();
    const session = await findActiveSession(db, token);
    if (session?.user) {
      const ttlMs = Math.min(keepMemberSessionMs, session.expiresAt.getTime() - now);
      if (ttlMs > 0) memberSessions.set(token, session.user.id, freezeKept(session), readStartedAt, ttlMs);
    }
    return session;
  }

  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies };
  const cache = new WeakMap<FastifyRequest, Map<SessionAudience, Promise<ActiveSession | undefined>>>();

  // A member's write on this instance drops what is kept about them here before they get the answer, so
  // their next read sees it; other instances hear it from the database.
  app.addHook("onSend", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || !options.memberChanges) return;
    const session = await cache
      .get(request)
      ?.get("member")
      ?.catch(() => undefined);
    if (session?.userId) options.memberChanges.changedHere(session.userId);
  });

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
        ? readSession(this, token).then((session) =>
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
    if (token) {
      await deleteSession(db, token);
      memberSessions.delete(token);
    }
    forget(this.request, audience);
    this.clearCookie(name, cookieOptions);
  });
}

/** A kept session is shared by many requests: none may change it. */
function freezeKept<T extends object>(session: T): T {
  for (const value of Object.values(session)) {
    if (value && typeof value === "object" && !(value instanceof Date)) Object.freeze(value);
  }
  return Object.freeze(session);
}
