import { useEffect, useState } from "react";

/** Whole seconds from `now` until `target` (both ms), never below 0; 0.2 s left still reads "1 s". */
export function secondsUntil(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** "45 s" under a minute, else "1:05". */
export function formatCountdown(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The clock, re-read every `everyMs` while `active`, for countdowns on screen. */
export function useNow(everyMs = 1_000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}

/**
 * When a short-lived code dies on this phone's clock. The server's time is on its clock and the phone's
 * can be off: trust it when the two agree, never for longer than the code lives counted from its
 * arrival, and count from arrival when the phone runs so fast a fresh code would look half dead.
 */
export function localExpiry(expiresAt: string, receivedAt: number, lifetimeMs: number): number {
  const byServer = Date.parse(expiresAt);
  const byArrival = receivedAt + lifetimeMs;
  const clocksAgree = Number.isFinite(byServer) && byServer - receivedAt >= lifetimeMs / 2;
  return clocksAgree ? Math.min(byServer, byArrival) : byArrival;
}
