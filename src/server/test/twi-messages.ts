import { setupI18n } from "@lingui/core";
import { expect } from "vitest";
import twiMessages from "../../shared/i18n/catalogs/messages.tw.json";
import { compileCatalog } from "../../shared/i18n/compile-catalog";
import { intlLocaleOf } from "../../shared/i18n/languages";

/**
 * The catalog's Twi for an English message (its key as the code says it), its ICU `{values}` filled in,
 * plurals by Twi's (Akan's) rules. Read from `messages.tw.json`, not copied into the test, so a
 * reviewer's correction keeps the tests passing; and formatted here, not by the server's own
 * `translateMessage`.
 */
export function twiOf(message: string, values: Record<string, string | number> = {}): string {
  const twiText = (twiMessages as Record<string, string>)[message];
  expect(twiText, `messages.tw.json has "${message}"`).toBeDefined();
  expect(twiText).not.toBe(message);
  const i18n = setupI18n({
    locale: "tw",
    locales: [intlLocaleOf.tw],
    messages: { tw: compileCatalog({ [message]: twiText! }) },
  });
  return i18n._(message, values);
}
