import type { PhoneCheckinResult, ScanAction } from "../../../shared/contracts/counter";
import { translate, type UiKey } from "../../lib/language";
import type { CounterOutcome } from "./api";
import type { Signal } from "./feedback";

/** What the full-screen answer after a scan shows: built from the server's answer, never invented. */
export interface ResultView {
  tone: Signal;
  title: string;
  message: string;
  memberName: string | null;
  memberTier: string | null;
  card: { current: number; required: number; rewardUnlocked: boolean; rewardTitle: string } | null;
  reward: { title: string; code: string | null; discountPercent: number | null } | null;
  points: number | null;
  /** The server had already applied this request (a resend): nothing was counted twice. */
  repeated: boolean;
  /** The session ended: staff must sign in again. */
  signInAgain: boolean;
  /** A longer answer to read out to the customer (held for their number): it stays as long as a refusal. */
  linger?: boolean;
  /** Until when (epoch ms) typed codes wait, after too many wrong ones: counted down on the screen. */
  waitUntil?: number;
}

const empty = {
  memberName: null,
  memberTier: null,
  card: null,
  reward: null,
  points: null,
  repeated: false,
  signInAgain: false,
} satisfies Partial<ResultView>;

const acceptedTitle: Record<ScanAction, UiKey> = {
  stamp: "counter.result.stampAdded",
  redeem: "counter.result.redeemed",
  lookup: "counter.result.customerFound",
};

/**
 * A scan kept on the phone, in the active language. Read when shown, never when the module loads: the
 * counter's texts arrive after the first screens, and a key read before them is not in the catalog.
 */
export const queuedMessage = () => translate("counter.result.queued");

/** The stamp card as the result shows it, from a scan's or a phone check-in's answer. */
function cardViewOf(
  card:
    | { currentStamps: number; requiredStamps: number; rewardUnlocked: boolean; rewardTitle: string }
    | null
    | undefined,
): ResultView["card"] {
  if (!card) return null;
  return {
    current: card.currentStamps,
    required: card.requiredStamps,
    rewardUnlocked: card.rewardUnlocked,
    rewardTitle: card.rewardTitle,
  };
}

export function resultViewOf(outcome: CounterOutcome, now: number = Date.now()): ResultView {
  switch (outcome.kind) {
    case "scan": {
      const { result } = outcome;
      const card = result.card;
      return {
        ...empty,
        tone: "accepted",
        title:
          card?.isCompleted && result.action === "stamp"
            ? translate("counter.result.cardComplete")
            : translate(acceptedTitle[result.action]),
        message: result.message,
        memberName: result.member?.displayName ?? null,
        memberTier: result.member?.tier ?? null,
        card: cardViewOf(card),
        reward: result.reward
          ? {
              title: result.reward.title,
              code: result.reward.code,
              discountPercent: result.reward.discountPercent,
            }
          : null,
        repeated: result.alreadyApplied,
      };
    }
    case "points":
      return {
        ...empty,
        tone: "accepted",
        title: translate("counter.result.pointsGranted"),
        message: outcome.result.message,
        memberName: outcome.result.member.displayName,
        memberTier: outcome.result.member.tier,
        points: outcome.result.points,
        repeated: outcome.result.alreadyApplied,
      };
    case "refused":
      return {
        ...empty,
        tone: "refused",
        title: translate(outcome.status === 401 ? "counter.result.signedOut" : "counter.refused"),
        message: outcome.message,
        signInAgain: outcome.status === 401,
        waitUntil:
          outcome.status === 429 && outcome.retryAfterSeconds
            ? now + outcome.retryAfterSeconds * 1000
            : undefined,
      };
    case "queued":
      return { ...empty, tone: "queued", title: translate("counter.savedWaiting"), message: queuedMessage() };
    case "offline":
      return {
        ...empty,
        tone: "refused",
        title: translate("counter.result.noConnection"),
        message: translate("counter.result.lookupOffline"),
      };
  }
}

/** A refusal found on the phone before anything is sent (a mistyped amount). */
export function localRefusal(message: string): ResultView {
  return { ...empty, tone: "refused", title: translate("counter.result.checkAgain"), message };
}

/** A check-in by phone number refused by the server (expired, closed, a rule of the counter). */
export function phoneRefusal(message: string): ResultView {
  return { ...empty, tone: "refused", title: translate("counter.refused"), message };
}

/** The answer to a check-in by phone number: a scan's or a grant's answer, or what is held for the number. */
export function phoneResultViewOf(result: PhoneCheckinResult): ResultView {
  if (result.held) {
    return {
      ...empty,
      tone: "accepted",
      title: translate("counter.phone.heldTitle"),
      message: result.message,
      linger: true,
      points: result.points,
      repeated: result.alreadyApplied,
    };
  }
  const card = result.card;
  return {
    ...empty,
    tone: "accepted",
    title:
      result.action === "points"
        ? translate("counter.result.pointsGranted")
        : translate(card?.isCompleted ? "counter.result.cardComplete" : "counter.result.stampAdded"),
    message: result.message,
    memberName: result.member?.displayName ?? null,
    memberTier: result.member?.tier ?? null,
    card: cardViewOf(card),
    points: result.action === "points" ? result.points : null,
    repeated: result.alreadyApplied,
  };
}
