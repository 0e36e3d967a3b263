import { isLanguage, type Language, languageCookieName } from "../../shared/i18n/languages";

/**
 * The language chosen on this device, kept in local storage and, for the server (which sends the
 * signed-out pages already rendered in it), in a cookie of the same name. Free of the app's catalogs,
 * so the signed-out pages' own script (`web/signed-out/`) reads and writes it too.
 */
const deviceKey = languageCookieName;
const oneYearInSeconds = 365 * 24 * 3600;

/** The language this browser's local storage holds, if any. */
export function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(deviceKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The choice as the server knows it: a language picked on a pre-rendered page before its code ran. */
export function cookieLanguage(): Language | null {
  if (typeof document === "undefined") return null;
  const value = document.cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${languageCookieName}=`))
    ?.slice(languageCookieName.length + 1);
  return isLanguage(value) ? value : null;
}

export function rememberDeviceLanguage(language: Language): void {
  try {
    localStorage.setItem(deviceKey, language);
  } catch {
    // Storage disabled: the choice lasts for this visit.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${languageCookieName}=${language}; path=/; max-age=${oneYearInSeconds}; samesite=lax`;
}
