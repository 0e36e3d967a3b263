import type { MemberQr } from "../../../shared/contracts/counter";

/**
 * When the member's rotating QR is asked for again and when it dies, on this phone's clock.
 * The server's times are on its own clock, and a phone's clock can be minutes off, so a code is
 * trusted for no longer than a fresh code lives counted from when it arrived, and a code that would look
 * dead on arrival (the phone runs fast) is counted from its arrival instead.
 */

/**
 * How long a fresh code is valid (docs/product-rules.md#counter-member-qr: rotates every 30 s, valid 60 s).
 */
export const qrLifetimeMs = 60_000;
/** What the server's refreshAt says when it cannot be read: ask again 30 s before the code dies. */
const defaultRefreshLeadMs = 30_000;
/** Never ask again sooner than this after a code arrived. */
const minRefreshGapMs = 5_000;
/** A failed refresh is tried again this soon while the code on screen still works… */
const retryWhileValidMs = 5_000;
/** …and at this pace once it has died (the screen offers Try again, and reconnecting asks at once). */
const retryAfterExpiryMs = 15_000;

export interface QrSchedule {
  /** When to ask for the next code (ms on this phone's clock). */
  refreshAt: number;
  /** After this the code is never shown: staff could not scan it. */
  expiresAt: number;
}

export function qrScheduleOf(qr: Pick<MemberQr, "refreshAt" | "expiresAt">, receivedAt: number): QrSchedule {
  const serverExpires = Date.parse(qr.expiresAt);
  const serverRefresh = Date.parse(qr.refreshAt);
  const lead =
    Number.isFinite(serverExpires) && Number.isFinite(serverRefresh)
      ? Math.min(Math.max(serverExpires - serverRefresh, minRefreshGapMs), qrLifetimeMs - minRefreshGapMs)
      : defaultRefreshLeadMs;
  const byArrival = receivedAt + qrLifetimeMs;
  // A fresh code always has more than `lead` to live; less means the two clocks disagree.
  const clocksAgree = Number.isFinite(serverExpires) && serverExpires - receivedAt >= lead;
  const expiresAt = clocksAgree ? Math.min(serverExpires, byArrival) : byArrival;
  return { refreshAt: Math.max(receivedAt + minRefreshGapMs, expiresAt - lead), expiresAt };
}

/** fresh: show it; due: still valid, a new one is on its way; expired (or none): never show it. */
export type QrPhase = "none" | "fresh" | "due" | "expired";

export function qrPhaseAt(schedule: QrSchedule | null, now: number): QrPhase {
  if (!schedule) return "none";
  if (now >= schedule.expiresAt) return "expired";
  return now >= schedule.refreshAt ? "due" : "fresh";
}

/**
 * How long to wait before asking for a code again (for TanStack's refetchInterval, which treats 0 as
 * "never", so at least a second): at the refresh time, or soon after a failed request.
 */
export function nextQrFetchIn(schedule: QrSchedule | null, now: number, lastFetchFailed: boolean): number {
  const expired = !schedule || now >= schedule.expiresAt;
  if (lastFetchFailed) return expired ? retryAfterExpiryMs : retryWhileValidMs;
  if (!schedule) return retryAfterExpiryMs;
  return Math.max(1_000, (expired ? now : schedule.refreshAt) - now);
}
