import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The channel the database's triggers notify (migration 0017): the payload is a member's id. */
export const memberChangedChannel = "anigye_member_changed";

export interface MemberChangeListener {
  /** The member's account, one of their sessions or their finished watches changed. */
  changed(userId: number): void;
  /** The business's account, one of its counter staff or one of its sessions changed (migration 0024). */
  companyChanged?(companyId: number): void;
  /** Changes may have been missed (the listening connection dropped): forget everything cached. */
  lost(): void;
}

/**
 * Every instance hears, within milliseconds, that a member changed anywhere (triggers on users, sessions
 * and watch_progress notify, whichever instance or job wrote). Caches of member state trust what they
 * hold only while `live`; the connection comes back by itself after a drop.
 */
export interface MemberChanges {
  readonly live: boolean;
  subscribe(listener: MemberChangeListener): () => void;
  /**
   * Tells this instance's subscribers at once that a member may have changed (their own write here), so
   * they read their own writes even before the database's notice arrives.
   */
  changedHere(userId: number): void;
  close(): Promise<void>;
}

function positiveId(text: string | undefined): number | undefined {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const companyPrefix = "company:";

/** Tells the listeners what a notice's payload names: a member (a bare id) or a business ("company:<id>"). */
function announce(listeners: Set<MemberChangeListener>, payload: string | undefined) {
  if (payload?.startsWith(companyPrefix)) {
    const companyId = positiveId(payload.slice(companyPrefix.length));
    if (companyId) for (const listener of listeners) listener.companyChanged?.(companyId);
    return;
  }
  const userId = positiveId(payload);
  if (userId) for (const listener of listeners) listener.changed(userId);
}

/** PostgreSQL: one dedicated LISTEN connection per instance, opened on the first subscriber. */
export function postgresMemberChanges(url: string): MemberChanges {
  const listeners = new Set<MemberChangeListener>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let connecting: Promise<void> | undefined;

  function lose() {
    if (!client && !live) return;
    live = false;
    client = undefined;
    for (const listener of listeners) listener.lost();
    if (!closed) setTimeout(() => void connect(), 1_000).unref();
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      next.on("notification", (message) => announce(listeners, message.payload));
      next.on("error", () => lose());
      next.on("end", () => lose());
      try {
        await next.connect();
        await next.query(`listen ${memberChangedChannel}`);
        if (closed) {
          await next.end();
          return;
        }
        client = next;
        live = true;
      } catch {
        await next.end().catch(() => {});
        if (!closed) setTimeout(() => void connect(), 1_000).unref();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!client && !connecting) void connect();
      return () => listeners.delete(listener);
    },
    changedHere(userId) {
      for (const listener of listeners) listener.changed(userId);
    },
    async close() {
      closed = true;
      live = false;
      await connecting;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/** The embedded database: its one connection hears its own notifications. */
export function pgliteMemberChanges(database: PGlite): MemberChanges {
  const listeners = new Set<MemberChangeListener>();
  let live = false;
  let stop: (() => Promise<void>) | undefined;

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!stop) {
        const started = database.listen(memberChangedChannel, (payload) => announce(listeners, payload));
        stop = async () => (await started)();
        void started.then(() => {
          live = true;
        });
      }
      return () => listeners.delete(listener);
    },
    changedHere(userId) {
      for (const listener of listeners) listener.changed(userId);
    },
    async close() {
      live = false;
      await stop?.().catch(() => {});
    },
  };
}
