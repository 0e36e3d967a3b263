import { describe, expect, it } from "vitest";
import { formatCountdown, localExpiry, secondsUntil } from "./countdown";

describe("secondsUntil", () => {
  it("rounds up, so the last fraction of a second still counts, and never goes below 0", () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_800)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
});

describe("formatCountdown", () => {
  it("says seconds under a minute, minutes and seconds above", () => {
    expect(formatCountdown(45)).toBe("45 s");
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(119)).toBe("1:59");
  });
});

describe("localExpiry", () => {
  const arrived = Date.parse("2026-03-02T10:00:00.000Z");
  const twoMinutes = 120_000;
  const at = (offset: number) => new Date(arrived + offset).toISOString();

  it("is the server's expiry when the clocks agree", () => {
    expect(localExpiry(at(119_000), arrived, twoMinutes)).toBe(arrived + 119_000);
  });

  it("is never later than the code's life from its arrival (phone clock slow)", () => {
    expect(localExpiry(at(200_000), arrived, twoMinutes)).toBe(arrived + twoMinutes);
  });

  it("counts from arrival when the phone's clock runs far ahead, or the time can't be read", () => {
    expect(localExpiry(at(-300_000), arrived, twoMinutes)).toBe(arrived + twoMinutes);
    expect(localExpiry("soon", arrived, twoMinutes)).toBe(arrived + twoMinutes);
  });
});
