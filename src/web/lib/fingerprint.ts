/**
 * The device fingerprint: base64 of screen size, time zone, language, platform,
 * the first 100 characters of the user agent, a canvas sample, device memory, CPU cores, touch
 * support and graphics renderer, cut to 100 characters and cached for the browser session.
 * The server uses it only as a fraud signal, never as an identity.
 */
const storageKey = "device_fingerprint";

export function getDeviceFingerprint(): string {
  try {
    const cached = sessionStorage.getItem(storageKey);
    if (cached) return cached;
    const fingerprint = computeFingerprint();
    sessionStorage.setItem(storageKey, fingerprint);
    return fingerprint;
  } catch {
    return computeFingerprint();
  }
}

// 100 base64 characters encode the first 75 bytes: what follows them never shows in the fingerprint.
const fingerprintBytes = 75;

function computeFingerprint(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  // Always in this order (another order is another fingerprint). Later parts are read only while the
  // fingerprint still needs their bytes: with a real user agent the first five already fill it, so the
  // canvas and WebGL probes (about 45 ms on a phone's first API call) rarely run.
  const parts: Array<() => string | number> = [
    () => `${screen.width}x${screen.height}x${screen.colorDepth}`,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => navigator.language,
    () => navigator.platform,
    () => navigator.userAgent.slice(0, 100),
    canvasSample,
    () => nav.deviceMemory ?? "",
    () => navigator.hardwareConcurrency ?? "",
    () => ("ontouchstart" in window || navigator.maxTouchPoints > 0 ? "touch" : "no-touch"),
    graphicsRenderer,
  ];
  let joined = "";
  for (const [index, part] of parts.entries()) {
    if (utf8Length(joined) >= fingerprintBytes) break; // a prefix long enough encodes as the whole would
    joined += `${index > 0 ? "|" : ""}${part()}`;
  }
  return btoa(unescape(encodeURIComponent(joined))).slice(0, 100);
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function canvasSample(): string {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 60;
    canvas.height = 16;
    const context = canvas.getContext("2d");
    if (!context) return "";
    context.textBaseline = "top";
    context.font = "12px sans-serif";
    context.fillStyle = "#d97706";
    context.fillText("Anigye ✓", 2, 2);
    return canvas.toDataURL().slice(-32);
  } catch {
    return "";
  }
}

function graphicsRenderer(): string {
  try {
    const gl = document.createElement("canvas").getContext("webgl");
    if (!gl) return "";
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    return info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
  } catch {
    return "";
  }
}
