/**
 * A member's home rendered by the server carries only the styles of what it rendered; its start script
 * fetches the app's full stylesheet beside the code but leaves it off (`media="print"`): turning it on at
 * once would restyle the whole page while the phone is busy making it live. The home turns it on in a
 * task of its own once it is live (`main.tsx`); every other page turns it on before it renders.
 * Elsewhere (the full stylesheet linked or inline) there is nothing to wait for.
 */
export function appStylesReady(): Promise<void> {
  // Rendered at build time or on the server, styles are the page's business, not the render's.
  if (typeof document === "undefined") return Promise.resolve();
  const fetched = document.querySelector<HTMLLinkElement>("link[data-app-styles]");
  if (!fetched) return Promise.resolve();
  fetched.media = "all";
  // The start script marks how its download ended (a failed link still has an empty `sheet`).
  if (fetched.dataset.loaded) return Promise.resolve();
  return new Promise((resolve) => {
    // A download that stalls doesn't hold the page: it shows with the first screen's styles, and the
    // rest apply when they arrive (the sheet is on).
    setTimeout(resolve, stalledAfterMs);
    const askedAgain = () => {
      const again = askAgain(document.querySelector<HTMLLinkElement>("link[data-app-styles]") ?? fetched);
      // Failing again (offline), the page shows with the first screen's styles rather than not at all.
      again.addEventListener("load", () => resolve(), { once: true });
      again.addEventListener("error", () => resolve(), { once: true });
    };
    if (fetched.dataset.failed) return askedAgain();
    // Still on its way: wait for it, and ask once more if it fails.
    fetched.addEventListener("load", () => resolve(), { once: true });
    fetched.addEventListener("error", askedAgain, { once: true });
  });
}

const stalledAfterMs = 5000;

/** A fresh link for the same stylesheet, marked as the start script marks its own. */
function askAgain(failed: HTMLLinkElement): HTMLLinkElement {
  const again = document.createElement("link");
  again.rel = "stylesheet";
  again.href = failed.href;
  again.dataset.appStyles = failed.dataset.appStyles;
  again.addEventListener("load", () => {
    again.dataset.loaded = "yes";
  });
  again.addEventListener("error", () => {
    again.dataset.failed = "yes";
  });
  failed.replaceWith(again);
  return again;
}
