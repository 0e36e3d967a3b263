/**
 * The app shell for each route the browser renders itself (My Rewards, the counter, the viewer…), with
 * that route's own code named in `<link rel="modulepreload">`: the phone downloads the page's chunks
 * beside the app's entry instead of after it has run, one slow round trip less before the screen shows.
 * Written by `npm run build` into `dist/prerendered/routes/`; the server picks one by path and language
 * (`src/server/plugins/web-app.ts`), and every other path gets the plain shell.
 */
import fs from "node:fs";
import path from "node:path";
import { paths } from "../src/shared/app-paths.ts";
import { brand } from "../src/shared/brand.ts";
import englishCore from "../src/shared/i18n/catalogs/screens/core.en.json" with { type: "json" };
import twiCore from "../src/shared/i18n/catalogs/screens/core.tw.json" with { type: "json" };
import {
  firstReadsOfRoute,
  formattingDataScript,
  type RouteShell,
  routeShellsIndex,
} from "../src/shared/prerendered-pages.ts";

const emptyRoot = '<div id="root"></div>';
const charset = '<meta charset="UTF-8" />';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each route's path and the page module it loads, read from the router's route list. */
export function routePages(): { path: string; page: string }[] {
  const router = fs.readFileSync(path.resolve("src/web/app/router.tsx"), "utf8");
  const pageModules = new Map(
    [...router.matchAll(/const (\w+) = lazyPage\(\(\) => import\("\.\.\/pages\/([\w-]+)"\)\);/g)].map(
      ([, component, file]) => [component!, `src/web/pages/${file}.tsx`],
    ),
  );
  // `paths.rewards` → "/rewards", from the app's own list of paths.
  const pathsByName = new Map<string, string>(Object.entries(paths));
  const routes = [...router.matchAll(/<Route path=\{paths\.(\w+)\} element=\{<(\w+)[\s/]/g)];
  return routes.flatMap(([, pathName, component]) => {
    const page = pageModules.get(component!);
    const at = pathsByName.get(pathName!);
    if (component === "HomePage") return [];
    if (!page || !at)
      throw new Error(`router.tsx: no page module or path for paths.${pathName} (${component})`);
    return [{ path: at, page }];
  });
}

function closureOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closureOf(manifest, imported, seen);
  return seen;
}

/** The chunks a route needs beyond what the entry already names, and its language's screen texts. */
function chunksFor(manifest: Manifest, page: string, language: "en" | "tw"): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error("the build manifest has no entry");
  const withEntry = closureOf(manifest, entry);
  const texts = Object.keys(manifest).filter((key) =>
    language === "tw"
      ? key === "virtual:ui-catalog/tw" || key.endsWith("messages.tw.json")
      : key.startsWith("virtual:ui-catalog/en/"),
  );
  const keys = [...closureOf(manifest, page), ...texts.flatMap((key) => [...closureOf(manifest, key)])];
  return [...new Set(keys)].filter((key) => !withEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/**
 * What the phone shows while the route's code downloads (`main.tsx` removes it once the app renders): on
 * a slow network the screen says something at once instead of staying blank for seconds.
 */
function loadingScreen(language: "en" | "tw"): string {
  const loading = (language === "tw" ? twiCore : englishCore)["common.loading"];
  return [
    '<div id="app-loading" role="status" class="flex min-h-dvh flex-col items-center justify-center gap-3">',
    `<span class="text-2xl font-extrabold text-amber-700">${brand.name}</span>`,
    `<span class="text-stone-600">${loading}…</span>`,
    "</div>",
  ].join("");
}

export function writeRouteShells(
  distDir: string,
  outDir: string,
  write: (file: string, html: string) => void,
): number {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"),
  ) as Manifest;
  const shell = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  if (!shell.includes("</head>") || !shell.includes(emptyRoot) || !shell.includes(charset)) {
    throw new Error(`dist/index.html has no </head>, no ${emptyRoot} or no ${charset}`);
  }
  fs.mkdirSync(path.join(outDir, "routes"), { recursive: true });
  const index: RouteShell[] = [];
  for (const { path: at, page } of routePages()) {
    if (!manifest[page]) throw new Error(`the build has no chunk for ${page}`);
    const name = path.basename(page, ".tsx");
    const files = { en: `routes/${name}.en.html`, tw: `routes/${name}.tw.html` };
    for (const language of ["en", "tw"] as const) {
      const hints = chunksFor(manifest, page, language)
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .concat(
          (firstReadsOfRoute[at] ?? []).map(
            (read) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`,
          ),
        )
        .join("");
      const html = shell
        .replace(charset, `${charset}<script>${formattingDataScript}</script>`)
        .replace("</head>", `${hints}</head>`)
        .replace(emptyRoot, `${emptyRoot}${loadingScreen(language)}`);
      write(path.join(outDir, files[language]), html);
    }
    index.push({ path: at, files });
  }
  fs.writeFileSync(path.join(outDir, routeShellsIndex), JSON.stringify(index));
  return index.length;
}
