/**
 * A member's home rendered by the server carries only the styles of its first screen; its start script
 * fetches the app's full stylesheet beside the code but leaves it off (`media="print"`): turning it on at
 * once would restyle the whole page while the phone is busy making it live. Every other page turns it on
 * before it renders. Elsewhere (the full stylesheet linked or inline) there is nothing to wait for.
 */
export function appStylesReady(): Promise<void> {
  // Rendered at build time or on the server, styles are the page's business, not the render's.
  if (typeof document === "undefined") return Promise.resolve();
  const sheet = document.querySelector<HTMLLinkElement>("link[data-app-styles]");
  if (!sheet) return Promise.resolve();
  sheet.media = "all";
  if (sheet.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    // A stylesheet that fails (offline) leaves the page with the first screen's styles, not blank.
    sheet.addEventListener("load", () => resolve(), { once: true });
    sheet.addEventListener("error", () => resolve(), { once: true });
  });
}
