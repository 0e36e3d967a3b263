import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstScreenModules } from "../../scripts/first-screen";

/**
 * The first download carries only the core and Discover English (`lib/language.ts`); every other
 * area's texts arrive with the first lazy page. A component the first screens import statically must
 * therefore take its texts from those two areas, or it shows an untranslated key until then.
 */
const catalogDir = path.resolve("src/shared/i18n/catalogs/screens");
const firstDownloadAreas = ["core", "discover"];

function englishKeysOf(area: string): Set<string> {
  return new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(catalogDir, `${area}.en.json`), "utf8"))));
}

const areas = fs
  .readdirSync(catalogDir)
  .filter((file) => file.endsWith(".en.json"))
  .map((file) => file.replace(".en.json", ""));
const keysInFirstDownload = new Set(firstDownloadAreas.flatMap((area) => [...englishKeysOf(area)]));
const keysElsewhere = new Map(
  areas
    .filter((area) => !firstDownloadAreas.includes(area))
    .flatMap((area) => [...englishKeysOf(area)].map((key) => [key, area] as const)),
);

describe("texts on the first screens", () => {
  it("come from the catalogs in the first download", () => {
    const misplaced: string[] = [];
    for (const file of firstScreenModules()) {
      const literals = fs.readFileSync(file, "utf8").matchAll(/"([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)"/g);
      for (const [, literal] of literals) {
        const area = keysElsewhere.get(literal!);
        if (area && !keysInFirstDownload.has(literal!)) {
          misplaced.push(`${path.relative(process.cwd(), file)}: "${literal}" is in ${area}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });
});
