import fs from "node:fs";
import path from "node:path";
import { screenCatalogProblems, staleMessageKeys } from "../src/shared/i18n/catalog-check";
import { languages } from "../src/shared/i18n/languages";
import { screensCatalog } from "./vite-ui-catalogs";

/**
 * `npm run lint:catalogs` (part of `npm run lint`, so of `npm test` and CI): every screen, SMS and USSD key in
 * both English and Twi with the same values, valid ICU, and no Twi message for English the code no
 * longer says.
 */
const folder = path.resolve("src/shared/i18n/catalogs");
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(folder, file), "utf8"));

const screens = Object.fromEntries(languages.map((language) => [language, screensCatalog(language).catalog]));
const texts = Object.fromEntries(languages.map((language) => [language, read(`sms.${language}.json`)]));
const ussd = Object.fromEntries(languages.map((language) => [language, read(`ussd.${language}.json`)]));
const problems = [
  ...screenCatalogProblems(screens).map((problem) => `screens: ${problem}`),
  ...screenCatalogProblems(texts).map((problem) => `SMS: ${problem}`),
  ...screenCatalogProblems(ussd).map((problem) => `USSD: ${problem}`),
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
const source = ["src/server", "src/shared"]
  .flatMap((dir) => sourceFiles(path.resolve(dir)))
  .map((file) => fs.readFileSync(file, "utf8"))
  .join("\n");
for (const english of staleMessageKeys(read("messages.tw.json"), source)) {
  problems.push(`messages.tw.json translates "${english}", which the code no longer says`);
}

if (problems.length > 0) {
  console.error(
    `Language catalogs: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(
  `Language catalogs: ${Object.keys(screens.en ?? {}).length} screen messages and ${Object.keys(texts.en).length} SMS and ${Object.keys(ussd.en).length} USSD texts in ${languages.join(" and ")}, ${Object.keys(read("messages.tw.json")).length} server messages in Twi; all consistent.`,
);
