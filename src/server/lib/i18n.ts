import { setupI18n } from "@lingui/core";
import type { FastifyRequest } from "fastify";
import twiMessages from "../../shared/i18n/catalogs/messages.tw.json";
import englishSms from "../../shared/i18n/catalogs/sms.en.json";
import twiSms from "../../shared/i18n/catalogs/sms.tw.json";
import { compileCatalog } from "../../shared/i18n/compile-catalog";
import { intlLocaleOf, type Language, languageFromHeader } from "../../shared/i18n/languages";

/** The contracts' and services' English messages, by language (issue 15); English is the key itself. */
const catalogs: Record<Language, Record<string, string>> = { en: {}, tw: twiMessages };

/**
 * The language of a request's answer: the one its Accept-Language names (the app always sends the
 * member's or the device's choice), else English.
 */
export function languageOf(request: FastifyRequest): Language {
  return languageFromHeader(request.headers["accept-language"]) ?? "en";
}

/** A message in the language asked for, when its catalog has it (the English otherwise). */
export function translateMessage(message: string, language: Language): string {
  return catalogs[language][message] ?? message;
}

export type SmsKey = keyof typeof englishSms;

// One Lingui instance per language, compiled once at start (a bad ICU message fails the start).
const smsCatalogs = { en: englishSms, tw: twiSms } satisfies Record<Language, Record<SmsKey, string>>;
const smsI18n = Object.fromEntries(
  (Object.keys(smsCatalogs) as Language[]).map((language) => [
    language,
    setupI18n({
      locale: language,
      locales: [intlLocaleOf[language]],
      messages: { [language]: compileCatalog(smsCatalogs[language]) },
    }),
  ]),
) as Record<Language, ReturnType<typeof setupI18n>>;

/** An SMS's text in the member's language, from `sms.<language>.json`. */
export function smsText(language: Language, key: SmsKey, values: Record<string, unknown>): string {
  return smsI18n[language]._(key, values);
}
