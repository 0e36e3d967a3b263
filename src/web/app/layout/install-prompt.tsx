import { Download } from "lucide-react";
import { useSyncExternalStore } from "react";
import { brand } from "../../../shared/brand";
import { useT } from "../../lib/i18n";
import {
  type BeforeInstallPromptEvent,
  listenForInstallOffers,
  rememberDismissal,
} from "../../lib/install-offer";

let offeredInstall: BeforeInstallPromptEvent | null = null;
const offerListeners = new Set<() => void>();

function setOfferedInstall(event: BeforeInstallPromptEvent | null) {
  offeredInstall = event;
  for (const listener of offerListeners) listener();
}

// Kept from the moment the code loads, not from when the prompt first renders: Chromium may offer
// installation while a pre-rendered page is still being hydrated.
if (typeof window !== "undefined") listenForInstallOffers(setOfferedInstall);

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
    rememberDismissal();
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
