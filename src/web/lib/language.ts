import firstScreensInEnglish from "virtual:ui-catalog/en/core,discover";
import { type I18n, i18n, type Messages, setupI18n } from "@lingui/core";
import type auth from "../../shared/i18n/catalogs/screens/auth.en.json";
import type core from "../../shared/i18n/catalogs/screens/core.en.json";
import type counter from "../../shared/i18n/catalogs/screens/counter.en.json";
import type discover from "../../shared/i18n/catalogs/screens/discover.en.json";
import type profile from "../../shared/i18n/catalogs/screens/profile.en.json";
import type rewards from "../../shared/i18n/catalogs/screens/rewards.en.json";
import {
  defaultLanguage,
  intlLocaleOf,
  isLanguage,
  type Language,
  languageCookieName,
} from "../../shared/i18n/languages";
import type { DeviceStorage } from "../../shared/member-home";
import { browserStorage } from "./device";
import { cookieLanguage } from "./device-language";

/** Every key of the screens' catalogs; a key missing from the English catalogs fails the type check. */
export type UiKey =
  | keyof typeof auth
  | keyof typeof core
  | keyof typeof counter
  | keyof typeof discover
  | keyof typeof profile
  | keyof typeof rewards;

/** The language chosen on this device (before any sign-in, and kept after), under its cookie's name. */
const deviceKey = languageCookieName;

interface LanguagePack {
  ui: Messages;
  /** The contracts' and server's English messages in this language (validation, refusals). */
  messages: Record<string, string>;
}

/**
 * The first screens' English (navigation, landing, Discover) is in the first download; the other areas'
 * English (sign-in, profile, My Rewards, the counter) follows at once, and every page but the home page
 * waits for it (`router.tsx`). That keeps the first download within its budget (bench/README.md).
 */
let otherScreensInEnglish: Promise<Messages> | undefined;
function loadOtherScreensInEnglish(): Promise<Messages> {
  otherScreensInEnglish ??= import("virtual:ui-catalog/en/auth,counter,profile,rewards").then(
    (catalog) => catalog.default,
    (failure: unknown) => {
      otherScreensInEnglish = undefined; // a later page tries again (the first may have been offline)
      throw failure;
    },
  );
  return otherScreensInEnglish;
}

/** Resolves once every screen's English is loaded (a page's texts never show as keys). */
export async function loadAllScreenTexts(): Promise<void> {
  // A device in Twi has every Twi text already; English comes whole if it switches back.
  if (currentLanguage() !== defaultLanguage) return;
  i18n.load(defaultLanguage, await loadOtherScreensInEnglish());
}

// Twi loads (and is cached by the service worker) when chosen.
const packs: Record<Language, () => Promise<LanguagePack>> = {
  en: async () => ({
    ui: { ...firstScreensInEnglish, ...(await loadOtherScreensInEnglish()) },
    messages: {},
  }),
  tw: async () => {
    const [ui, messages] = await Promise.all([
      import("virtual:ui-catalog/tw"),
      import("../../shared/i18n/catalogs/messages.tw.json"),
    ]);
    return { ui: ui.default, messages: messages.default };
  },
};

let activeMessages: Record<string, string> = {};

i18n.loadAndActivate({
  locale: defaultLanguage,
  locales: [intlLocaleOf.en],
  messages: firstScreensInEnglish,
});

/** The language chosen on this device, or null (none yet): this browser's unless another device is named. */
export function deviceLanguage(storage: DeviceStorage = browserStorage): Language | null {
  const stored = storage.getItem(deviceKey);
  return isLanguage(stored) ? stored : cookieLanguage();
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : defaultLanguage;
}

/**
 * A language's screen texts on their own, loaded once: a render for one device reads them without
 * switching the app's language, so the server can render for devices in different languages at once.
 */
const textsByLanguage = new Map<Language, Promise<I18n>>();
export function screenTextsIn(language: Language): Promise<I18n> {
  let texts = textsByLanguage.get(language);
  if (!texts) {
    texts = packs[language]().then(({ ui }) =>
      setupI18n({ locale: language, locales: [intlLocaleOf[language]], messages: { [language]: ui } }),
    );
    texts.catch(() => textsByLanguage.delete(language));
    textsByLanguage.set(language, texts);
  }
  return texts;
}

/** Loads a language's catalogs and switches every screen to it (and the page's `lang`). */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === i18n.locale) return;
  const pack = await packs[language]();
  activeMessages = pack.messages;
  i18n.loadAndActivate({ locale: language, locales: [intlLocaleOf[language]], messages: pack.ui });
  // Absent when the pages are pre-rendered at build time (src/web/prerender.tsx).
  if (typeof document !== "undefined") document.documentElement.lang = language === "en" ? "en-GH" : language;
}

/** A message from a shared contract or the server, in the active language when the catalog has it. */
export function translateMessage(english: string): string {
  return activeMessages[english] ?? english;
}

/** A screen's text by key, outside React (toasts, document titles). */
export function translate(key: UiKey, values?: Record<string, unknown>): string {
  return i18n._(key, values);
}
