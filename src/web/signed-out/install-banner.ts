import {
  type BeforeInstallPromptEvent,
  listenForInstallOffers,
  rememberDismissal,
} from "../lib/install-offer";
import { element, icon } from "./dom";
import type { SignedOutTexts } from "./page-texts";

/**
 * The install prompt of a signed-out page, as the app shows it (`app/layout/install-prompt.tsx`): at
 * the foot of the screen when Chromium offers to install, until the visitor installs or says "Later".
 */
export function offerInstallation(texts: () => SignedOutTexts): void {
  let shown: Element[] = [];
  const hide = () => {
    for (const part of shown) part.remove();
    shown = [];
  };
  listenForInstallOffers((offer) => {
    hide();
    if (offer) shown = show(offer, texts(), hide);
  });
}

function show(offer: BeforeInstallPromptEvent, texts: SignedOutTexts, hide: () => void): Element[] {
  const later = element(
    "button",
    { type: "button", class: "rounded-lg px-3 py-1.5 text-sm text-stone-300 hover:text-white" },
    texts["install.later"],
  );
  later.addEventListener("click", () => {
    rememberDismissal();
    hide();
  });
  const install = element(
    "button",
    { type: "button", class: "rounded-lg bg-amber-500 px-3 py-1.5 text-sm font-semibold text-stone-900" },
    texts["install.install"],
  );
  install.addEventListener("click", async () => {
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
    hide();
  });
  const parts = [
    // Room at the end of the page, so the fixed prompt never hides the page's last button.
    element("div", { "aria-hidden": "true", class: "h-24" }),
    element(
      "section",
      {
        "aria-label": texts["install.label"],
        class:
          "fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-stone-900 p-4 text-white shadow-xl",
      },
      icon("download", "size-6 shrink-0 text-amber-400"),
      element("p", { class: "flex-1 text-sm" }, texts["install.text"]),
      later,
      install,
    ),
  ];
  const main = document.querySelector("main");
  if (main) main.after(...parts);
  else document.body.append(...parts);
  return parts;
}
