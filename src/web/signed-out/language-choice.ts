import { isLanguage, type Language } from "../../shared/i18n/languages";
import { rememberDeviceLanguage, storedLanguage } from "../lib/device-language";

/**
 * The language of a signed-out page. The server sends it rendered in the language the device's cookie
 * names (or, none chosen yet, in English with the first-run chooser); this script keeps the device's
 * choice and the page in step, swapping the page for the one rendered in the chosen language.
 */
const chooserSelector = '[data-testid="language-chooser"]';

function languageOfThePage(): Language {
  return document.documentElement.lang === "tw" ? "tw" : "en";
}

/**
 * Follows the first-run chooser's buttons, and brings the page in line with a choice this device made
 * before the language cookie existed. `swapped` runs once a page in another language has taken this
 * one's place, to show the moving parts in it again.
 */
export function followTheLanguageChoice(swapped: () => void): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>(
      `${chooserSelector} button[name="lang"]`,
    );
    if (!button || !isLanguage(button.value)) return;
    // Without this script the button's form reloads the page with `?lang=`; here the page is swapped.
    event.preventDefault();
    for (const other of document.querySelectorAll<HTMLButtonElement>(`${chooserSelector} button`)) {
      other.disabled = true;
    }
    void showPageIn(button.value, swapped);
  });
  const stored = storedLanguage();
  if (stored && (stored !== languageOfThePage() || document.querySelector(chooserSelector))) {
    void showPageIn(stored, swapped);
  }
}

async function showPageIn(language: Language, swapped: () => void): Promise<void> {
  rememberDeviceLanguage(language);
  if (language === languageOfThePage()) {
    document.querySelector(chooserSelector)?.remove();
    return;
  }
  try {
    // The server answers by the cookie just written: the same page, rendered in that language.
    const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "include" });
    if (!response.ok) throw new Error(`the page answered ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const root = page.getElementById("root");
    if (!root) throw new Error("the page has no root");
    document.getElementById("root")?.replaceWith(document.adoptNode(root));
    document.documentElement.lang = page.documentElement.lang;
    document.title = page.title;
    for (const data of page.querySelectorAll('script[type="application/json"][id]')) {
      document.getElementById(data.id)?.replaceWith(document.adoptNode(data));
    }
    swapped();
  } catch {
    // Offline, or the server is busy: a plain reload brings the page in the chosen language.
    location.reload();
  }
}
