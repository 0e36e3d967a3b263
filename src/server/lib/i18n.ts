import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { FastifyRequest } from "fastify";
import twiMessages from "../../shared/i18n/catalogs/messages.tw.json";
import englishSms from "../../shared/i18n/catalogs/sms.en.json";
import twiSms from "../../shared/i18n/catalogs/sms.tw.json";
import englishUssd from "../../shared/i18n/catalogs/ussd.en.json";
import twiUssd from "../../shared/i18n/catalogs/ussd.tw.json";
import { compileCatalog } from "../../shared/i18n/compile-catalog";
import { intlLocaleOf, type Language, languageFromHeader } from "../../shared/i18n/languages";

/** The contracts' and services' English messages, by language; English is the key itself. */
const catalogs: Record<Language, Record<string, string>> = { en: {}, tw: twiMessages };

/**
 * The language of a request's answer: the one its Accept-Language names (the app always sends the
 * member's or the device's choice), else English.
 */
export function languageOf(request: FastifyRequest): Language {
  return languageFromHeader(request.headers["accept-language"]) ?? "en";
}

/** The values of a message's ICU arguments: `{name}` in "Stamp 1 of 3 for {name}." */
export type MessageValues = Record<string, string | number>;

/**
 * Messages with values, by language: the catalog compiled once at start (a bad ICU message fails the
 * start). English is the message itself, compiled the first time it is said.
 */
const messageI18n = Object.fromEntries(
  (Object.keys(catalogs) as Language[]).map((language) => {
    const i18n = setupI18n({
      locale: language,
      locales: [intlLocaleOf[language]],
      messages: { [language]: compileCatalog(catalogs[language]) },
    });
    // A message the catalog lacks is said in English: its key, compiled when first asked for.
    i18n.setMessagesCompiler(compileMessage);
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/**
 * A message in the language asked for, when its catalog has it (the English otherwise). With values,
 * the message is ICU (`{name}`, `{count, plural, …}`) and the catalog keys it as the code says it, with
 * its arguments unfilled.
 */
export function translateMessage(message: string, language: Language, values?: MessageValues): string {
  if (values === undefined) return catalogs[language][message] ?? message;
  return messageI18n[language]._(message, values);
}

/** A message for the answer to this request, in its language (the errors' way, for successes too). */
export function messageFor(request: FastifyRequest, message: string, values?: MessageValues): string {
  return translateMessage(message, languageOf(request), values);
}

/**
 * What an answer says, kept unfilled so it can be said again in another language: a counter scan's
 * answer is logged, and a resend or today's log says it in the language asked for then.
 */
export interface Saying {
  message: string;
  values?: MessageValues;
}

export function sayingText(saying: Saying, language: Language): string {
  return translateMessage(saying.message, language, saying.values);
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

export type UssdKey = keyof typeof englishUssd;

const ussdCatalogs = { en: englishUssd, tw: twiUssd } satisfies Record<Language, Record<UssdKey, string>>;
const ussdI18n = Object.fromEntries(
  (Object.keys(ussdCatalogs) as Language[]).map((language) => [
    language,
    setupI18n({
      locale: language,
      locales: [intlLocaleOf[language]],
      messages: { [language]: compileCatalog(ussdCatalogs[language]) },
    }),
  ]),
) as Record<Language, ReturnType<typeof setupI18n>>;

/** A USSD screen's text (or a line of one) in the caller's language, from `ussd.<language>.json`. */
export function ussdText(language: Language, key: UssdKey, values: Record<string, unknown> = {}): string {
  return ussdI18n[language]._(key, values);
}
