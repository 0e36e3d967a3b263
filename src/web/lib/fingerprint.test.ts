import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDeviceFingerprint } from "./fingerprint";

const phoneUserAgent =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** A phone's browser as the fingerprint reads it; the canvas draws a known sample and names its GPU. */
function stubBrowser(userAgent: string) {
  const canvasesMade = { count: 0 };
  const fakeCanvas = () => {
    canvasesMade.count += 1;
    return {
      width: 0,
      height: 0,
      toDataURL: () => "data:image/png;base64,SAMPLE-OF-THE-DRAWN-TEXT-1234567890",
      getContext: (kind: string) =>
        kind === "2d"
          ? { fillText: () => undefined }
          : { getExtension: () => ({ UNMASKED_RENDERER_WEBGL: 1 }), getParameter: () => "Adreno 610" },
    };
  };
  const stored = new Map<string, string>();
  vi.stubGlobal("screen", { width: 360, height: 800, colorDepth: 24 });
  vi.stubGlobal("navigator", {
    language: "en-GH",
    platform: "Linux armv8l",
    userAgent,
    deviceMemory: 4,
    hardwareConcurrency: 8,
    maxTouchPoints: 5,
  });
  vi.stubGlobal("window", {});
  vi.stubGlobal("document", { createElement: fakeCanvas });
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  return canvasesMade;
}

/** The full fingerprint, every part read: what the server has always received. */
function fingerprintReadingEverything(userAgent: string) {
  const parts = [
    "360x800x24",
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    "en-GH",
    "Linux armv8l",
    userAgent.slice(0, 100),
    "SAMPLE-OF-THE-DRAWN-TEXT-1234567890".slice(-32),
    4,
    8,
    "touch",
    "Adreno 610",
  ];
  return btoa(unescape(encodeURIComponent(parts.join("|")))).slice(0, 100);
}

describe("device fingerprint", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("is the spec's 100 characters, without drawing on a canvas when the phone's details already fill them", () => {
    const canvases = stubBrowser(phoneUserAgent);

    const fingerprint = getDeviceFingerprint();

    expect(fingerprint).toHaveLength(100);
    expect(fingerprint).toBe(fingerprintReadingEverything(phoneUserAgent));
    expect(canvases.count).toBe(0);
  });

  it("draws the canvas sample when a short user agent leaves room for it", () => {
    const canvases = stubBrowser("UA");

    const fingerprint = getDeviceFingerprint();

    expect(fingerprint).toBe(fingerprintReadingEverything("UA"));
    expect(canvases.count).toBeGreaterThan(0);
  });

  it("stays the same for the browser session", () => {
    stubBrowser(phoneUserAgent);
    const first = getDeviceFingerprint();
    (navigator as { userAgent: string }).userAgent = "another browser";
    expect(getDeviceFingerprint()).toBe(first);
  });
});
