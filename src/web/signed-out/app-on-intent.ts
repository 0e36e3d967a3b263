import { leadsIntoTheApp } from "./links-into-the-app";

/**
 * The app's code is not part of a signed-out page: a link into the app (Sign in, Register, Watch) is an
 * ordinary link, and the server answers it with the app. When the visitor shows they're heading there
 * (a finger on such a link, the pointer over it, the keyboard on it), the page asks for the app's code
 * in the background, so the browser's cache has it when the next page starts. The `app-entry` meta
 * names it (written by scripts/prerender.ts).
 */
export function fetchTheAppOnIntent(): void {
  const intents = ["pointerdown", "mouseover", "focusin", "touchstart"] as const;
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!link || !leadsIntoTheApp(link.getAttribute("href") ?? "", location.href)) return;
    for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
    prefetchTheApp();
  };
  for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
}

function appModules(): string[] {
  return document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content.split(" ") ?? [];
}

function prefetchTheApp() {
  for (const href of appModules()) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "script";
    // As a module script asks (crossorigin), so the next page's request finds it in the cache.
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Some visits need the app on this very page: Google's sign-in returns to `/?auth=google&session=…`,
 * which the app finishes (lib/google-return.tsx). The app then adopts the page as it is.
 */
export function startTheAppIfNeeded(): void {
  if (new URLSearchParams(location.search).get("auth") !== "google") return;
  const [entry] = appModules();
  if (entry) void import(/* @vite-ignore */ entry);
}
