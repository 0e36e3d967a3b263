/**
 * The device fingerprint of spec section 3: base64 of screen size, time zone, language, platform,
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

function computeFingerprint(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const parts = [
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    navigator.language,
    navigator.platform,
    navigator.userAgent.slice(0, 100),
    canvasSample(),
    nav.deviceMemory ?? "",
    navigator.hardwareConcurrency ?? "",
    "ontouchstart" in window || navigator.maxTouchPoints > 0 ? "touch" : "no-touch",
    graphicsRenderer(),
  ];
  return btoa(unescape(encodeURIComponent(parts.join("|")))).slice(0, 100);
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
