import { Download } from "lucide-react";
import { useEffect, useState } from "react";
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

export function InstallPrompt() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const t = useT();

  useEffect(() => {
    const onBeforeInstall = (event: Event) => {
      event.preventDefault();
      if (!dismissedRecently()) setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener("beforeinstallprompt", onBeforeInstall);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onBeforeInstall);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!installEvent) return null;

  const install = async () => {
    await installEvent.prompt();
    await installEvent.userChoice.catch(() => undefined);
    setInstallEvent(null);
  };
  const later = () => {
    localStorage.setItem(installDismissedKey, String(Date.now()));
    setInstallEvent(null);
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
