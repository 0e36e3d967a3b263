import { describe, expect, it } from "vitest";
import { nextQrFetchIn, qrLifetimeMs, qrPhaseAt, qrScheduleOf } from "./qr-schedule";

const t0 = Date.parse("2026-03-02T10:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
/** A code as the server issues it at `issuedAt` on its own clock: valid 60 s, ask again after 30 s. */
const issued = (issuedAt: number) => ({
  refreshAt: iso(issuedAt + 30_000),
  expiresAt: iso(issuedAt + 60_000),
});

describe("qrScheduleOf", () => {
  it("follows the server's times when the phone's clock agrees", () => {
    expect(qrScheduleOf(issued(t0), t0 + 300)).toEqual({ refreshAt: t0 + 30_000, expiresAt: t0 + 60_000 });
  });

  it("never trusts a code for longer than a fresh one lives from its arrival (phone clock slow)", () => {
    // The phone is 20 s behind the server: the server's expiry reads 80 s away.
    const arrived = t0 - 20_000;
    expect(qrScheduleOf(issued(t0), arrived)).toEqual({
      refreshAt: arrived + 30_000,
      expiresAt: arrived + qrLifetimeMs,
    });
  });

  it("ends early, never late, when the phone's clock runs a little fast", () => {
    const arrived = t0 + 20_000;
    expect(qrScheduleOf(issued(t0), arrived)).toEqual({
      refreshAt: arrived + 10_000,
      expiresAt: t0 + 60_000,
    });
  });

  it("counts from arrival when the phone runs so fast the code would look dead on arrival", () => {
    const arrived = t0 + 5 * 60_000;
    expect(qrScheduleOf(issued(t0), arrived)).toEqual({
      refreshAt: arrived + 30_000,
      expiresAt: arrived + qrLifetimeMs,
    });
  });

  it("never asks again within 5 s of a code arriving, and copes with unreadable times", () => {
    const odd = { refreshAt: iso(t0 + 59_999), expiresAt: iso(t0 + 60_000) };
    expect(qrScheduleOf(odd, t0).refreshAt).toBe(t0 + 55_000);
    expect(qrScheduleOf({ refreshAt: "soon", expiresAt: "later" }, t0)).toEqual({
      refreshAt: t0 + 30_000,
      expiresAt: t0 + 60_000,
    });
  });
});

describe("qrPhaseAt", () => {
  const schedule = qrScheduleOf(issued(t0), t0);

  it("is fresh until the refresh time, due until expiry, then expired (never shown)", () => {
    expect(qrPhaseAt(null, t0)).toBe("none");
    expect(qrPhaseAt(schedule, t0 + 29_999)).toBe("fresh");
    expect(qrPhaseAt(schedule, t0 + 30_000)).toBe("due");
    expect(qrPhaseAt(schedule, t0 + 59_999)).toBe("due");
    expect(qrPhaseAt(schedule, t0 + 60_000)).toBe("expired");
  });
});

describe("nextQrFetchIn", () => {
  const schedule = qrScheduleOf(issued(t0), t0);

  it("asks again at the refresh time, every 30 s while the page is open", () => {
    expect(nextQrFetchIn(schedule, t0, false)).toBe(30_000);
    expect(nextQrFetchIn(schedule, t0 + 12_000, false)).toBe(18_000);
  });

  it("is at least a second (0 would stop the interval) when a refresh is overdue", () => {
    expect(nextQrFetchIn(schedule, t0 + 31_000, false)).toBe(1_000);
    expect(nextQrFetchIn(schedule, t0 + 90_000, false)).toBe(1_000);
  });

  it("retries a failed refresh within 5 s while the code still works, then every 15 s", () => {
    expect(nextQrFetchIn(schedule, t0 + 31_000, true)).toBe(5_000);
    expect(nextQrFetchIn(schedule, t0 + 61_000, true)).toBe(15_000);
    expect(nextQrFetchIn(null, t0, true)).toBe(15_000);
  });
});
