import { Download } from "lucide-react";
import { useSyncExternalStore } from "react";
import { brand } from "../../../shared/brand";
import { useT } from "../../lib/i18n";

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export const installDismissedKey = "install_prompt_dismissed_at";
const rememberDismissalMs = 7 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  const at = Number(localStorage.getItem(installDismissedKey));
  return Number.isFinite(at) && at > 0 && Date.now() - at < rememberDismissalMs;
}

let offeredInstall: BeforeInstallPromptEvent | null = null;
const offerListeners = new Set<() => void>();

function setOfferedInstall(event: BeforeInstallPromptEvent | null) {
  offeredInstall = event;
  for (const listener of offerListeners) listener();
}

// Kept from the moment the code loads, not from when the prompt first renders: Chromium may offer
// installation while a pre-rendered page is still being hydrated.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    if (!dismissedRecently()) setOfferedInstall(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => setOfferedInstall(null));
}

function useOfferedInstall(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      offerListeners.add(listener);
      return () => offerListeners.delete(listener);
    },
    () => offeredInstall,
    () => null,
  );
}

export function InstallPrompt() {
  const installEvent = useOfferedInstall();
  const t = useT();

  if (!installEvent) return null;

  const install = async () => {
    await installEvent.prompt();
    await installEvent.userChoice.catch(() => undefined);
    setOfferedInstall(null);
  };
  const later = () => {
    localStorage.setItem(installDismissedKey, String(Date.now()));
    setOfferedInstall(null);
  };

  return (
    <>
      {/* Room at the end of the page, so the fixed prompt never hides the page's last button. */}
      <div aria-hidden className="h-24" />
      <section
        aria-label={t("install.label")}
        className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-stone-900 p-4 text-white shadow-xl"
      >
        <Download className="size-6 shrink-0 text-amber-400" aria-hidden />
        <p className="flex-1 text-sm">{t("install.text", { brand: brand.name })}</p>
        <button
          type="button"
          onClick={later}
          className="rounded-lg px-3 py-1.5 text-sm text-stone-300 hover:text-white"
        >
          {t("install.later")}
        </button>
        <button
          type="button"
          onClick={install}
          className="rounded-lg bg-amber-500 px-3 py-1.5 text-sm font-semibold text-stone-900"
        >
          {t("install.install")}
        </button>
      </section>
    </>
  );
}
