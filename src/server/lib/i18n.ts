import type { FastifyRequest } from "fastify";
import twiMessages from "../../shared/i18n/catalogs/messages.tw.json";
import { type Language, languageFromHeader } from "../../shared/i18n/languages";

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
