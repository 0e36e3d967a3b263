import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { compileCatalog } from "../src/shared/i18n/compile-catalog.ts";

const catalogPrefix = "virtual:ui-catalog/";
const catalogFolder = path.resolve("src/shared/i18n/catalogs");

/**
 * `import messages from "virtual:ui-catalog/tw"`: the screens' catalog for a language, compiled from its
 * ICU JSON at build time (issue 15), so the browser gets ready-to-run messages and no ICU parser.
 */
export function uiCatalogs(): Plugin {
  return {
    name: "anigye-ui-catalogs",
    resolveId: (id) => (id.startsWith(catalogPrefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${catalogPrefix}`)) return undefined;
      const file = path.join(catalogFolder, `ui.${id.slice(catalogPrefix.length + 1)}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalog(catalog))};`;
    },
  };
}
