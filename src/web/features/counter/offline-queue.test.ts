import { describe, expect, it } from "vitest";
import { apiErrorOf } from "../../lib/api-client";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import {
  enqueue,
  memoryQueueStore,
  outcomeOfFailure,
  pruneQueue,
  type QueuedScan,
  type QueueStore,
  type SendQueued,
  syncQueue,
} from "./offline-queue";

const refusal = (status: number, message: string, code = "ALREADY_USED") =>
  apiErrorOf(status, JSON.stringify({ message, code }));

let clock = Date.parse("2026-03-02T09:00:00.000Z");
const nextTime = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};

async function queueScan(store: QueueStore, { companyId = 7, qrData = "K7M4QX" } = {}): Promise<QueuedScan> {
  return enqueue(store, {
    kind: "scan",
    body: {
      qrData,
      action: "stamp",
      purchaseAmount: 25,
      idempotencyKey: newIdempotencyKey(),
      scannedAt: nextTime(),
    },
    staffName: "Esi",
    companyId,
  });
}

/** A server stand-in: answers each key from `answers` (default accepted) and records every body sent. */
function fakeServer(answers: Record<string, () => never> = {}) {
  const sent: QueuedScan["body"][] = [];
  const send: SendQueued = async (item) => {
    sent.push(item.body);
    const answer = answers[item.idempotencyKey];
    if (answer) answer();
    return { message: `Stamp 2 of 5 for Ama (${item.idempotencyKey.slice(0, 4)})`, memberName: "Ama" };
  };
  return { send, sent };
}

const fail = (error: unknown) => () => {
  throw error;
};

describe("enqueue", () => {
  it("keeps the request waiting with its own key, its scan time and who scanned it", async () => {
    const store = memoryQueueStore();
    const item = await queueScan(store);
    expect(item).toMatchObject({
      status: "waiting",
      staffName: "Esi",
      companyId: 7,
      attempts: 0,
      message: null,
    });
    expect(item.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(item.scannedAt).toBe(item.body.scannedAt);
    expect(await store.all()).toEqual([item]);
  });

  it("refuses a request without its idempotency key (resending it could count it twice)", async () => {
    await expect(
      enqueue(memoryQueueStore(), {
        kind: "scan",
        body: { qrData: "K7M4QX", action: "stamp", scannedAt: nextTime() },
        staffName: "Esi",
        companyId: 7,
      }),
    ).rejects.toThrow(/idempotency key/);
  });

  it("gives every request a different key", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
  });
});

describe("syncQueue", () => {
  it("sends waiting requests oldest first, each with the same key and time it was made with", async () => {
    const store = memoryQueueStore();
    const first = await queueScan(store);
    const second = await queueScan(store);
    const { send, sent } = fakeServer();

    const summary = await syncQueue(store, { companyId: 7, send });

    expect(sent).toEqual([first.body, second.body]);
    expect(summary).toMatchObject({ waiting: 0, needsSignIn: false });
    expect(summary.accepted.map((item) => item.idempotencyKey)).toEqual([
      first.idempotencyKey,
      second.idempotencyKey,
    ]);
    const stored = await store.get(first.idempotencyKey);
    expect(stored).toMatchObject({ status: "accepted", memberName: "Ama", attempts: 1 });
    expect(stored?.message).toMatch(/^Stamp 2 of 5 for Ama/);
    expect(stored?.finishedAt).not.toBeNull();
  });

  it("never sends an answered request again", async () => {
    const store = memoryQueueStore();
    await queueScan(store);
    const { send, sent } = fakeServer();
    await syncQueue(store, { companyId: 7, send });
    await syncQueue(store, { companyId: 7, send });
    expect(sent).toHaveLength(1);
  });

  it("marks a 4xx as refused with the server's words, and goes on with the rest", async () => {
    const store = memoryQueueStore();
    const used = await queueScan(store);
    const fine = await queueScan(store);
    const { send } = fakeServer({
      [used.idempotencyKey]: fail(refusal(409, "Already stamped today at this shop", "DAILY_LIMIT")),
    });

    const summary = await syncQueue(store, { companyId: 7, send });

    expect(summary.refused.map((item) => item.idempotencyKey)).toEqual([used.idempotencyKey]);
    expect(summary.accepted.map((item) => item.idempotencyKey)).toEqual([fine.idempotencyKey]);
    expect(await store.get(used.idempotencyKey)).toMatchObject({
      status: "refused",
      message: "Already stamped today at this shop",
      memberName: null,
    });
  });

  it("stops at a 401 and keeps everything waiting until staff sign in again", async () => {
    const store = memoryQueueStore();
    const first = await queueScan(store);
    await queueScan(store);
    const { send, sent } = fakeServer({
      [first.idempotencyKey]: fail(refusal(401, "Sign in", "UNAUTHENTICATED")),
    });

    const summary = await syncQueue(store, { companyId: 7, send });

    expect(summary).toMatchObject({ needsSignIn: true, waiting: 2, accepted: [], refused: [] });
    expect(sent).toHaveLength(1);
    expect((await store.all()).every((item) => item.status === "waiting" && item.attempts === 0)).toBe(true);
  });

  it("stops the round when the connection fails or the server says slow down, keeping them waiting", async () => {
    for (const failure of [new TypeError("Failed to fetch"), refusal(429, "Too many", "RATE_LIMITED")]) {
      const store = memoryQueueStore();
      const first = await queueScan(store);
      await queueScan(store);
      const { send, sent } = fakeServer({ [first.idempotencyKey]: fail(failure) });

      const summary = await syncQueue(store, { companyId: 7, send });

      expect(summary).toMatchObject({ needsSignIn: false, waiting: 2 });
      expect(sent).toHaveLength(1);
      expect((await store.all()).every((item) => item.status === "waiting")).toBe(true);
    }
  });

  it("keeps a request the server failed on (5xx) waiting and goes on with the others", async () => {
    const store = memoryQueueStore();
    const broken = await queueScan(store);
    const fine = await queueScan(store);
    const { send } = fakeServer({ [broken.idempotencyKey]: fail(apiErrorOf(503, "Service Unavailable")) });

    const summary = await syncQueue(store, { companyId: 7, send });

    expect(summary.waiting).toBe(1);
    expect(await store.get(broken.idempotencyKey)).toMatchObject({ status: "waiting", attempts: 1 });
    expect(await store.get(fine.idempotencyKey)).toMatchObject({ status: "accepted" });
  });

  it("resends a request with the same key after a failed round, and it is accepted once", async () => {
    const store = memoryQueueStore();
    const item = await queueScan(store);
    let online = false;
    const sent: QueuedScan["body"][] = [];
    const send: SendQueued = async (queued) => {
      sent.push(queued.body);
      if (!online) throw new TypeError("Failed to fetch");
      return { message: "Stamp 2 of 5 for Ama", memberName: "Ama" };
    };

    await syncQueue(store, { companyId: 7, send });
    await syncQueue(store, { companyId: 7, send });
    online = true;
    const summary = await syncQueue(store, { companyId: 7, send });
    await syncQueue(store, { companyId: 7, send });

    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((body) => body.idempotencyKey))).toEqual(new Set([item.idempotencyKey]));
    expect(new Set(sent.map((body) => body.scannedAt))).toEqual(new Set([item.scannedAt]));
    expect(summary.accepted).toHaveLength(1);
  });

  it("sends only this business's requests: another business's staff never apply them", async () => {
    const store = memoryQueueStore();
    const ours = await queueScan(store, { companyId: 7 });
    const theirs = await queueScan(store, { companyId: 8 });
    const { send, sent } = fakeServer();

    await syncQueue(store, { companyId: 7, send });

    expect(sent).toEqual([ours.body]);
    expect(await store.get(theirs.idempotencyKey)).toMatchObject({ status: "waiting" });
  });

  it("leaves alone a request another tab answered while this round was running", async () => {
    const store = memoryQueueStore();
    const item = await queueScan(store);
    const send: SendQueued = async (queued) => {
      await store.put({
        ...queued,
        status: "refused",
        message: "Answered elsewhere",
        finishedAt: nextTime(),
      });
      return { message: "Accepted here", memberName: "Ama" };
    };

    const summary = await syncQueue(store, { companyId: 7, send });

    expect(summary.accepted).toEqual([]);
    expect(await store.get(item.idempotencyKey)).toMatchObject({
      status: "refused",
      message: "Answered elsewhere",
    });
  });
});

describe("outcomeOfFailure", () => {
  it("reads a failed send as the sync loop needs it", () => {
    expect(outcomeOfFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "stop" });
    expect(outcomeOfFailure(refusal(401, "Sign in"))).toEqual({ kind: "sign-in" });
    expect(outcomeOfFailure(refusal(429, "Slow down"))).toEqual({ kind: "stop" });
    expect(outcomeOfFailure(apiErrorOf(500, "Internal Server Error"))).toEqual({ kind: "retry" });
    expect(outcomeOfFailure(refusal(404, "No member with this code", "UNKNOWN_CODE"))).toEqual({
      kind: "refused",
      message: "No member with this code",
    });
    expect(outcomeOfFailure(apiErrorOf(409, "not json"))).toMatchObject({ kind: "refused" });
  });
});

describe("pruneQueue", () => {
  it("forgets answered requests after two days and never drops a waiting one", async () => {
    const store = memoryQueueStore();
    const old = await queueScan(store);
    const recent = await queueScan(store);
    const waiting = await queueScan(store);
    const now = new Date("2026-03-10T12:00:00.000Z");
    await store.put({ ...old, status: "accepted", finishedAt: "2026-03-07T12:00:00.000Z" });
    await store.put({ ...recent, status: "refused", finishedAt: "2026-03-09T12:00:00.000Z" });

    expect(await pruneQueue(store, now)).toBe(1);
    const left = (await store.all()).map((item) => item.idempotencyKey).sort();
    expect(left).toEqual([recent.idempotencyKey, waiting.idempotencyKey].sort());
  });
});
