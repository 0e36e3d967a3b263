import { createStore, del, get, set, values } from "idb-keyval";
import type { z } from "zod";
import type { pointGrantRequest, scanRequest } from "../../../shared/contracts/counter";
import { ApiError } from "../../lib/api-client";

/**
 * The counter keeps working when the connection drops: a scan or point grant that could not reach the
 * server is kept on the phone (IndexedDB) with its own idempotency key and the time it was made, shown
 * as "waiting to sync", and sent again until the server answers. The server accepts a queued scan for
 * 24 hours and answers a repeated key with its first outcome, so sending one twice is always safe.
 *
 * The rules here work on any `QueueStore`; the phone uses IndexedDB, the tests a Map.
 */

/** The bodies as sent (the contracts' input: optional fields may be left out). */
export type ScanBody = z.input<typeof scanRequest>;
export type PointsBody = z.input<typeof pointGrantRequest>;

export type QueuedKind = "scan" | "points";
export type QueuedStatus = "waiting" | "accepted" | "refused";

export interface QueuedScan {
  idempotencyKey: string;
  kind: QueuedKind;
  /** The request as it will be sent, carrying the same idempotency key and scan time every time. */
  body: ScanBody | PointsBody;
  scannedAt: string;
  /** Who scanned it, shown in the log (the server records the staff of the session that sends it). */
  staffName: string;
  /** Only a session of this business sends it: another business's staff never apply its scans. */
  companyId: number;
  status: QueuedStatus;
  /** The server's words once it answered (accepted or refused). */
  message: string | null;
  memberName: string | null;
  attempts: number;
  finishedAt: string | null;
}

export interface QueueStore {
  get(key: string): Promise<QueuedScan | undefined>;
  put(item: QueuedScan): Promise<void>;
  remove(key: string): Promise<void>;
  all(): Promise<QueuedScan[]>;
}

/** For tests (and a browser without IndexedDB, where the queue lasts as long as the page). */
export function memoryQueueStore(): QueueStore {
  const items = new Map<string, QueuedScan>();
  return {
    get: async (key) => structuredClone(items.get(key)),
    put: async (item) => {
      items.set(item.idempotencyKey, structuredClone(item));
    },
    remove: async (key) => {
      items.delete(key);
    },
    all: async () => [...items.values()].map((item) => structuredClone(item)),
  };
}

let phoneStore: QueueStore | null = null;

/** The phone's queue in IndexedDB (database `anigye-counter`), opened on first use. */
export function deviceQueueStore(): QueueStore {
  if (phoneStore) return phoneStore;
  if (typeof indexedDB === "undefined") {
    phoneStore = memoryQueueStore();
    return phoneStore;
  }
  const db = createStore("anigye-counter", "queue");
  phoneStore = {
    get: (key) => get<QueuedScan>(key, db),
    put: (item) => set(item.idempotencyKey, item, db),
    remove: (key) => del(key, db),
    all: () => values<QueuedScan>(db),
  };
  return phoneStore;
}

interface EnqueueInput {
  kind: QueuedKind;
  body: ScanBody | PointsBody;
  staffName: string;
  companyId: number;
}

/** Keeps a request for later; the body must already carry its idempotency key and scan time. */
export async function enqueue(store: QueueStore, input: EnqueueInput): Promise<QueuedScan> {
  const { idempotencyKey, scannedAt } = input.body;
  if (!idempotencyKey || !scannedAt) throw new Error("A queued request needs its idempotency key and time");
  const item: QueuedScan = {
    ...input,
    idempotencyKey,
    scannedAt,
    status: "waiting",
    message: null,
    memberName: null,
    attempts: 0,
    finishedAt: null,
  };
  await store.put(item);
  return item;
}

/** What an attempt to send came to. */
export type SendOutcome =
  | { kind: "accepted"; message: string; memberName: string | null }
  | { kind: "refused"; message: string }
  /** The session ended: stop, keep everything, ask staff to sign in again. */
  | { kind: "sign-in" }
  /** No connection, or the server asked us to slow down: stop this round, try again later. */
  | { kind: "stop" }
  /** The server failed on this one (5xx): keep it waiting, go on with the others. */
  | { kind: "retry" };

export const refusedFallback = "The server refused this scan.";

/** A failed send, read: a 4xx is the server's final word (but 401 and 429 are not about the scan). */
export function outcomeOfFailure(failure: unknown): SendOutcome {
  if (!(failure instanceof ApiError)) return { kind: "stop" };
  if (failure.status === 401) return { kind: "sign-in" };
  if (failure.status === 429) return { kind: "stop" };
  if (failure.status >= 500) return { kind: "retry" };
  return { kind: "refused", message: failure.serverMessage ?? refusedFallback };
}

/** Sends one queued request; resolves with the server's answer, throws as `apiJson` does. */
export type SendQueued = (item: QueuedScan) => Promise<{ message: string; memberName: string | null }>;

export interface SyncSummary {
  accepted: QueuedScan[];
  refused: QueuedScan[];
  /** Still waiting for this business after the round. */
  waiting: number;
  needsSignIn: boolean;
}

/**
 * One round: every waiting request of this business, oldest first, sent with its own key. Accepted and
 * refused ones keep their answer (the log shows it); the rest stay waiting for the next round.
 */
export async function syncQueue(
  store: QueueStore,
  { companyId, send, now = () => new Date() }: { companyId: number; send: SendQueued; now?: () => Date },
): Promise<SyncSummary> {
  const waiting = (await store.all())
    .filter((item) => item.status === "waiting" && item.companyId === companyId)
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  const summary: SyncSummary = { accepted: [], refused: [], waiting: waiting.length, needsSignIn: false };

  for (const item of waiting) {
    let outcome: SendOutcome;
    try {
      const answer = await send(item);
      outcome = { kind: "accepted", ...answer };
    } catch (failure) {
      outcome = outcomeOfFailure(failure);
    }
    if (outcome.kind === "sign-in") {
      summary.needsSignIn = true;
      break;
    }
    if (outcome.kind === "stop") break;
    // Read again: another tab may have sent it meanwhile; its answer stands.
    const current = (await store.get(item.idempotencyKey)) ?? item;
    if (current.status !== "waiting") continue;
    const tried = { ...current, attempts: current.attempts + 1 };
    if (outcome.kind === "retry") {
      await store.put(tried);
      continue;
    }
    const done: QueuedScan = {
      ...tried,
      status: outcome.kind,
      message: outcome.message,
      memberName: outcome.kind === "accepted" ? outcome.memberName : null,
      finishedAt: now().toISOString(),
    };
    await store.put(done);
    summary[outcome.kind].push(done);
    summary.waiting -= 1;
  }
  return summary;
}

/** Answered requests are kept two days for the log, then forgotten; waiting ones are never dropped. */
export async function pruneQueue(
  store: QueueStore,
  now = new Date(),
  keepMs = 48 * 3600_000,
): Promise<number> {
  let removed = 0;
  for (const item of await store.all()) {
    if (item.finishedAt && now.getTime() - Date.parse(item.finishedAt) > keepMs) {
      await store.remove(item.idempotencyKey);
      removed += 1;
    }
  }
  return removed;
}
