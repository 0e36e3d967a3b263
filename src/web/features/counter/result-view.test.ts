import { describe, expect, it } from "vitest";
import type { PhoneCheckinResult, ScanResult } from "../../../shared/contracts/counter";
import { enqueue, memoryQueueStore } from "./offline-queue";
import { phoneResultViewOf, queuedMessage, resultViewOf } from "./result-view";

const stamp: ScanResult = {
  ok: true,
  message: "Stamp 3 of 5 for Ama",
  action: "stamp",
  alreadyApplied: false,
  member: { displayName: "Ama", tier: "Silver" },
  card: {
    currentStamps: 3,
    requiredStamps: 5,
    isCompleted: false,
    rewardUnlocked: false,
    rewardTitle: "A free plate",
  },
  reward: null,
  pointsToday: null,
  scannedAt: "2026-03-02T09:00:00.000Z",
};

describe("resultViewOf", () => {
  it("shows an accepted stamp in the server's words, with the card", () => {
    expect(resultViewOf({ kind: "scan", result: stamp })).toMatchObject({
      tone: "accepted",
      title: "Stamp added",
      message: "Stamp 3 of 5 for Ama",
      memberName: "Ama",
      card: { current: 3, required: 5, rewardUnlocked: false },
      repeated: false,
    });
  });

  it("celebrates a completed card and says when a resend changed nothing", () => {
    const done = {
      ...stamp,
      alreadyApplied: true,
      card: { ...stamp.card!, currentStamps: 5, isCompleted: true, rewardUnlocked: true },
    };
    expect(resultViewOf({ kind: "scan", result: done })).toMatchObject({
      title: "Card complete!",
      repeated: true,
    });
  });

  it("doesn't call a stamp 'card complete' because an older card's reward still waits", () => {
    const stampWithRewardWaiting = {
      ...stamp,
      card: { ...stamp.card!, currentStamps: 1, rewardUnlocked: true },
    };
    expect(resultViewOf({ kind: "scan", result: stampWithRewardWaiting }).title).not.toBe("Card complete!");
  });

  it("shows a refusal with the server's reason, and a 401 as signed out", () => {
    const refused = { kind: "refused", message: "Already used", code: "ALREADY_USED", status: 409 } as const;
    expect(resultViewOf(refused)).toMatchObject({
      tone: "refused",
      title: "Refused",
      message: "Already used",
    });
    expect(resultViewOf({ ...refused, status: 401 })).toMatchObject({
      title: "Signed out",
      signInAgain: true,
    });
  });

  it("keeps the wait a 429 asked for, so the screen can count it down", () => {
    const slowed = {
      kind: "refused",
      message: "Too many wrong codes. Try again in 5 seconds. Scanning a QR still works.",
      code: "RATE_LIMITED",
      status: 429,
      retryAfterSeconds: 5,
    } as const;
    expect(resultViewOf(slowed, 1_000_000)).toMatchObject({ tone: "refused", waitUntil: 1_005_000 });
    expect(resultViewOf({ ...slowed, retryAfterSeconds: undefined }).waitUntil).toBeUndefined();
  });

  it("shows a scan kept on the phone as waiting to sync, and a look-up with no connection as refused", async () => {
    const item = await enqueue(memoryQueueStore(), {
      kind: "scan",
      body: { qrData: "K7M4QX", action: "stamp", idempotencyKey: "key-12345678", scannedAt: stamp.scannedAt },
      staffName: "Esi",
      companyId: 3,
    });
    expect(resultViewOf({ kind: "queued", item })).toMatchObject({
      tone: "queued",
      title: "Saved — waiting to sync",
      message: queuedMessage(),
    });
    expect(resultViewOf({ kind: "offline" })).toMatchObject({ tone: "refused", title: "No connection" });
  });
});

describe("phoneResultViewOf", () => {
  const base: PhoneCheckinResult = {
    ok: true,
    message: "Stamp 3 of 5 for Ama.",
    held: false,
    action: "stamp",
    alreadyApplied: false,
    member: { displayName: "Ama", tier: "Silver" },
    card: stamp.card,
    points: null,
    pointsToday: 0,
    memberPointsToday: null,
    allocationRemaining: null,
    drawEntryEarned: false,
    claimUntil: null,
  };

  it("shows a stamp by phone as a scan's stamp, and points as a grant", () => {
    expect(phoneResultViewOf(base)).toMatchObject({
      tone: "accepted",
      title: "Stamp added",
      memberName: "Ama",
      card: { current: 3, required: 5 },
      points: null,
    });
    const points = {
      ...base,
      action: "points" as const,
      card: null,
      points: 10,
      message: "10 points for Ama.",
    };
    expect(phoneResultViewOf(points)).toMatchObject({ title: "Points granted", points: 10, card: null });
  });

  it("says what is held for a number nobody verified, and keeps it on screen longer", () => {
    const held = {
      ...base,
      held: true,
      member: null,
      card: null,
      claimUntil: "2026-04-01T09:00:00.000Z",
      message: "A stamp is held for +233 24 *** **33 for 30 days.",
    };
    expect(phoneResultViewOf(held)).toMatchObject({
      tone: "accepted",
      title: "Held for 30 days",
      message: held.message,
      memberName: null,
      linger: true,
    });
  });
});
