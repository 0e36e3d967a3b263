import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { compileCatalog } from "../src/shared/i18n/compile-catalog.ts";

const catalogPrefix = "virtual:ui-catalog/";
const screensFolder = path.resolve("src/shared/i18n/catalogs/screens");

/**
 * The catalogs of one language (`screens/<area>.<language>.json`) as one catalog: every area's, or only
 * the areas listed.
 */
export function screensCatalog(
  language: string,
  areas?: string[],
): { files: string[]; catalog: Record<string, string> } {
  const files = fs
    .readdirSync(screensFolder)
    .filter((name) => name.endsWith(`.${language}.json`))
    .filter((name) => !areas || areas.includes(name.slice(0, -`.${language}.json`.length)))
    .sort()
    .map((name) => path.join(screensFolder, name));
  const catalog: Record<string, string> = {};
  for (const file of files) Object.assign(catalog, JSON.parse(fs.readFileSync(file, "utf8")));
  return { files, catalog };
}

/**
 * `import messages from "virtual:ui-catalog/tw"`: the screens' catalog for a language (all its area files;
 * `virtual:ui-catalog/en/core,discover` for only those areas),
 * compiled from ICU JSON at build time, so the browser gets ready-to-run messages and no ICU
 * parser.
 */
export function uiCatalogs(): Plugin {
  return {
    name: "anigye-ui-catalogs",
    resolveId: (id) => (id.startsWith(catalogPrefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${catalogPrefix}`)) return undefined;
      const [language = "", areas] = id.slice(catalogPrefix.length + 1).split("/");
      const { files, catalog } = screensCatalog(language, areas?.split(","));
      if (files.length === 0) throw new Error(`No screen catalogs for ${id.slice(1)}`);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalog(catalog))};`;
    },
  };
}
