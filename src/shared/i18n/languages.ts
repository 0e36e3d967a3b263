/**
 * The languages Anigye speaks (docs/product-rules.md#language-english-and-twi). `tw` is Twi (Asante and
 * Akuapem, written as in schools); its plurals and dates come from CLDR's Akan (`ak`), the language Twi
 * belongs to.
 */
export const languages = ["en", "tw"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "en";

/** Each language's name in itself, as the switch shows it. */
export const languageNames: Record<Language, string> = { en: "English", tw: "Twi" };

/** The locale Intl formats numbers, plurals and dates with (always Ghana, always Africa/Accra). */
export const intlLocaleOf: Record<Language, string> = { en: "en-GH", tw: "ak-GH" };

/**
 * The device's chosen language, as a cookie beside local storage, so the server can send a signed-out
 * page already rendered in it.
 */
export const languageCookieName = "anigye_language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * The first of our languages an Accept-Language header asks for (`tw`, or `ak`/`twi` for Twi), in the
 * order the header gives them; none of ours, none at all.
 */
export function languageFromHeader(header: string | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.split("-")[0] ?? "", q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { base } of asked) {
    if (base === "en") return "en";
    if (base === "tw" || base === "ak" || base === "twi") return "tw";
  }
  return null;
}
