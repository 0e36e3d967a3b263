import { describe, expect, it } from "vitest";
import { createCodeDebouncer } from "./qr-camera";

describe("createCodeDebouncer", () => {
  it("reports a code once while it stays in view, and again after 3 s out of view", () => {
    const isNew = createCodeDebouncer(3_000);
    expect(isNew("A", 0)).toBe(true);
    // Held in front of the camera, read every 150 ms for 10 s: never again.
    for (let at = 150; at <= 10_000; at += 150) expect(isNew("A", at)).toBe(false);
    // Out of view for 2 s, back: still the same customer.
    expect(isNew("A", 12_000)).toBe(false);
    // Out of view for 3 s or more: a new scan.
    expect(isNew("A", 15_000)).toBe(true);
  });

  it("reports each distinct code once", () => {
    const isNew = createCodeDebouncer(3_000);
    expect(isNew("A", 0)).toBe(true);
    expect(isNew("B", 100)).toBe(true);
    expect(isNew("A", 200)).toBe(false);
    expect(isNew("B", 300)).toBe(false);
    expect(isNew("C", 400)).toBe(true);
  });
});
