import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { compileCatalog } from "../src/shared/i18n/compile-catalog.ts";

const catalogPrefix = "virtual:ui-catalog/";
const screensFolder = path.resolve("src/shared/i18n/catalogs/screens");

/** Every area's catalog of one language (`screens/<area>.<language>.json`), as one catalog. */
export function screensCatalog(language: string): { files: string[]; catalog: Record<string, string> } {
  const files = fs
    .readdirSync(screensFolder)
    .filter((name) => name.endsWith(`.${language}.json`))
    .sort()
    .map((name) => path.join(screensFolder, name));
  const catalog: Record<string, string> = {};
  for (const file of files) Object.assign(catalog, JSON.parse(fs.readFileSync(file, "utf8")));
  return { files, catalog };
}

/**
 * `import messages from "virtual:ui-catalog/tw"`: the screens' catalog for a language (all its area files),
 * compiled from ICU JSON at build time (issue 15), so the browser gets ready-to-run messages and no ICU
 * parser.
 */
export function uiCatalogs(): Plugin {
  return {
    name: "anigye-ui-catalogs",
    resolveId: (id) => (id.startsWith(catalogPrefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${catalogPrefix}`)) return undefined;
      const { files, catalog } = screensCatalog(id.slice(catalogPrefix.length + 1));
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalog(catalog))};`;
    },
  };
}
