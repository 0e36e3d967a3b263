/**
 * Chromium's offer to install the app, kept from the moment a page's code loads (it may come before any
 * screen is ready), for the React prompt (`app/layout/install-prompt.tsx`) and the signed-out pages' own
 * script alike. A visitor who said "Later" isn't asked again for a week.
 */

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const installDismissedKey = "install_prompt_dismissed_at";
const rememberDismissalMs = 7 * 24 * 60 * 60 * 1000;

export function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(installDismissedKey));
    return Number.isFinite(at) && at > 0 && now - at < rememberDismissalMs;
  } catch {
    return false;
  }
}

export function rememberDismissal(now = Date.now()): void {
  try {
    localStorage.setItem(installDismissedKey, String(now));
  } catch {
    // Storage disabled: the prompt may come back on the next visit.
  }
}

/** Calls `offered` with each offer (or null once the app is installed), unless dismissed recently. */
export function listenForInstallOffers(offered: (event: BeforeInstallPromptEvent | null) => void): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    if (!dismissedRecently()) offered(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => offered(null));
}
