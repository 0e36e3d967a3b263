import type { UiKey } from "../lib/language";

/**
 * The few screen texts a signed-out page's own script shows (`signed-out-page.ts`): it carries no
 * catalogs, so the build writes them into each pre-rendered page, in that page's language, as JSON in a
 * script element of this id (never run, so the Content-Security-Policy has nothing to allow).
 */
export const signedOutTextsId = "signed-out-texts";

export const signedOutTextKeys = [
  "landing.pauseLogos",
  "landing.playLogos",
  "landing.latestDraw",
  "landing.latestDrawWinner",
  "install.label",
  "install.text",
  "install.later",
  "install.install",
] as const satisfies readonly UiKey[];

export type SignedOutTexts = Record<(typeof signedOutTextKeys)[number], string>;

/**
 * The values the build can't know (a draw's title and winner) stay in the texts as `{name}`, filled in
 * by the page's script with `fillIn`.
 */
export const valuesFilledInThePage = { title: "{title}", winner: "{winner}" } as const;

export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
