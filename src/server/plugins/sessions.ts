import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import type { MemberChanges } from "../db/member-changes";
import { type KeptOwner, MemberKeyedCache } from "../lib/member-keyed-cache";
import { type SessionAudience, sessionCookieNames } from "../lib/session-cookies";
import { createSession, deleteSession, findActiveSession, type SessionOwner } from "../modules/auth";

export { type SessionAudience, sessionCookieName } from "../lib/session-cookies";

type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

export function audienceOf(owner: Pick<SessionOwner, "kind">): SessionAudience {
  return owner.kind === "user" ? "member" : "business";
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session of that audience, read from the database once per request and only when asked for. */
    getSession(audience?: SessionAudience): Promise<ActiveSession | undefined>;
    /**
     * Something derived from the caller's session (the counter's staff member and shop), kept beside a kept
     * session and dropped with it when its owner changes; loaded afresh when the session isn't kept.
     */
    keptWithSession<T>(
      audience: SessionAudience,
      name: string,
      load: (session: ActiveSession) => Promise<T>,
    ): Promise<T | undefined>;
  }
  interface FastifyReply {
    /** Starts a new session (a new id every time, so a sign-in never reuses an old one). */
    startSession(owner: SessionOwner): Promise<void>;
    endSession(audience?: SessionAudience): Promise<void>;
    /** This write changed nothing kept about the member (a view's progress), so their kept state stays. */
    leftMemberUnchanged(): void;
  }
}

/** How long an instance may keep a session between changes (the database tells it of changes). */
const keepSessionMs = 60_000;

interface KeptSession {
  session: ActiveSession;
  /** What requests derived from the session while it is kept (see keptWithSession). */
  derived: Map<string, Promise<unknown>>;
}

/** A member's session is dropped when the member changes; a business's when the business does. */
function keptOwnerOf(session: ActiveSession): KeptOwner | undefined {
  if (session.user) return session.user.id;
  if (session.kind !== "user" && session.companyId) return { companyId: session.companyId };
  return undefined;
}

export function registerSessions(
  app: FastifyInstance,
  options: { db: Database; secureCookies: boolean; memberChanges?: MemberChanges },
) {
  const { db, secureCookies } = options;
  // Requests may use a session as this instance last read it while the database's change notices are
  // live: any change to the member or business or their sessions (sign-out, suspension, a new tier, a
  // staff member removed) reaches every instance within milliseconds and drops it. Writes that move
  // money, points or rewards also re-check standing inside their own statements
  // (docs/product-rules.md#kept-sessions).
  const keptSessions = new MemberKeyedCache<string, KeptSession>(options.memberChanges, {
    max: 50_000,
    ttlMs: keepSessionMs,
  });

  async function readSession(token: string): Promise<ActiveSession | undefined> {
    const now = Date.now();
    const kept = keptSessions.get(token);
    if (kept && kept.session.expiresAt.getTime() > now) return kept.session;
    const readStartedAt = keptSessions.startRead();
    const session = await findActiveSession(db, token);
    const owner = session && keptOwnerOf(session);
    if (session && owner !== undefined) {
      const ttlMs = Math.min(keepSessionMs, session.expiresAt.getTime() - now);
      const held = { session: freezeKept(session), derived: new Map() };
      if (ttlMs > 0) keptSessions.set(token, owner, held, readStartedAt, ttlMs);
    }
    return session;
  }

  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: secureCookies };
  const cache = new WeakMap<FastifyRequest, Map<SessionAudience, Promise<ActiveSession | undefined>>>();

  const unchangedBy = new WeakSet<FastifyRequest>();
  // A member's write on this instance drops what is kept about them here before they get the answer, so
  // their next read sees it; other instances hear it from the database.
  app.addHook("onSend", (request, _reply, payload, done) => {
    const memberChanges = options.memberChanges;
    if (request.method === "GET" || request.method === "HEAD" || !memberChanges || unchangedBy.has(request)) {
      return done(null, payload);
    }
    const session = cache.get(request)?.get("member");
    if (!session) return done(null, payload);
    // A session that couldn't be read changed no member; the answer goes out whatever happens here.
    session
      .then(
        (read) => {
          if (read?.userId) memberChanges.changedHere(read.userId);
        },
        () => undefined,
      )
      .catch((error) => request.log.error({ err: error }, "could not note a member's change"))
      .finally(() => done(null, payload));
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
        ? readSession(token).then((session) =>
            session && audienceOf(session) === audience ? session : undefined,
          )
        : Promise.resolve(undefined);
      perRequest.set(audience, pending);
    }
    return pending;
  });

  app.decorateRequest("keptWithSession", async function <
    T,
  >(this: FastifyRequest, audience: SessionAudience, name: string, load: (session: ActiveSession) => Promise<T>): Promise<
    T | undefined
  > {
    const session = await this.getSession(audience);
    if (!session) return undefined;
    const kept = keptSessions.get(this.cookies[sessionCookieNames[audience]] ?? "");
    if (kept?.session !== session) return load(session);
    let pending = kept.derived.get(name) as Promise<T> | undefined;
    if (!pending) {
      pending = load(session);
      kept.derived.set(name, pending);
      pending.catch(() => kept.derived.delete(name));
    }
    return pending;
  });

  app.decorateReply("leftMemberUnchanged", function (this: FastifyReply) {
    unchangedBy.add(this.request);
  });

  app.decorateReply("startSession", async function (this: FastifyReply, owner: SessionOwner) {
    const audience = audienceOf(owner);
    const name = sessionCookieNames[audience];
    const oldToken = this.request.cookies[name];
    if (oldToken) {
      await deleteSession(db, oldToken);
      keptSessions.delete(oldToken);
    }
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
      keptSessions.delete(token);
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
