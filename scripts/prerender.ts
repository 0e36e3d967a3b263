/**
 * Pre-renders the signed-out landing and the content pages into `dist/prerendered/`, after
 * `vite build` and `vite build --ssr src/web/prerender.tsx`. One file per page and per device language:
 * `first-run` (no language chosen yet: English with the language chooser), `en` and `tw`. The server
 * answers a signed-out visitor's page request with the matching file (`src/server/plugins/web-app.ts`).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { type Language, languageCookieName } from "../src/shared/i18n/languages.ts";
import { memberPageFrames } from "../src/shared/member-home.ts";
import {
  discoveryPath,
  memberHomeMarker,
  type PrerenderedPage,
  prerenderedPages,
  prerenderVariants,
  startAfterFirstPaintScript,
} from "../src/shared/prerendered-pages.ts";
import { signedOutTextsId } from "../src/web/signed-out/page-texts.ts";
import { firstScreenStylesheet } from "./first-screen.ts";
import { writeRouteShells } from "./route-shells.ts";

const distDir = path.resolve("dist");
const ssrBundle = path.resolve(".prerender-build/prerender.js");
const outDir = path.join(distDir, "prerendered");

/** The device each variant is: its stored choices are its language, or none on its first run. */
function deviceStorageOf(chosen: Record<string, string>) {
  return { getItem: (key: string) => chosen[key] ?? null };
}

/**
 * On a pre-rendered page the screen is already there in the HTML; the app's code only makes it live, so it
 * is asked for after the first paint (`startAfterFirstPaintScript`), not beside it.
 */
function withScriptsAfterPaint(html: string): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error("dist/index.html has no entry script");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const modules = [entry[1], ...preloads.map(([, href]) => href)].join(" ");
  return preloads
    .reduce((page, [tag]) => page.replace(tag, ""), html)
    .replace(
      entry[0],
      `<meta name="app-entry" content="${modules}"><script type="module">${startAfterFirstPaintScript}</script>`,
    );
}

/** The signed-out pages' own script (src/web/signed-out/), as Vite's manifest names its entry. */
const signedOutPageScriptKey = "src/web/signed-out/signed-out-page.ts";

/**
 * A page whose moving parts run from the signed-out pages' own script, not the app: the app's entry is
 * only named (`app-entry`, fetched when the visitor heads into the app), and the script comes with its
 * shared chunk preloaded beside it. Its texts follow per language (`withSignedOutTexts`).
 */
function withSignedOutPageScript(html: string): string {
  const manifest = viteManifest();
  const script = manifest[signedOutPageScriptKey];
  if (!script) throw new Error(`the build has no ${signedOutPageScriptKey}`);
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error("dist/index.html has no entry script");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const appModules = [entry[1], ...preloads.map(([, href]) => href)].join(" ");
  const ownModules = (script.imports ?? [])
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
    .join("");
  return preloads
    .reduce((page, [tag]) => page.replace(tag, ""), html)
    .replace(
      entry[0],
      `<meta name="app-entry" content="${appModules}">${ownModules}<script type="module" crossorigin src="/${script.file}"></script>`,
    );
}

/** The texts the signed-out pages' script shows, in the page's language, as JSON it reads (never run). */
async function withSignedOutTexts(html: string, language: Language): Promise<string> {
  const json = JSON.stringify(await signedOutTextsIn(language)).replaceAll("<", "\\u003c");
  return html.replace(
    "</body>",
    () => `<script type="application/json" id="${signedOutTextsId}">${json}</script></body>`,
  );
}

type ViteManifest = Record<string, { file: string; imports?: string[] }>;

function viteManifest(): ViteManifest {
  return JSON.parse(fs.readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as ViteManifest;
}

/** The page, and its brotli and gzip copies for the server to send as they are (no compressing per request). */
function writeWithCompressedCopies(file: string, html: string) {
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
}

/**
 * A signed-in member's home is Discover, rendered in the browser: its shell asks at once for Discover's
 * code and the member's list, in parallel with the app's code, instead of one after the other.
 */
function writeMemberHomeShell(discoverChunks: string[]) {
  const original = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const hints = discoverChunks
    .filter((file) => !original.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .concat(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${discoveryPath}">`)
    .join("");
  writeWithCompressedCopies(
    path.join(outDir, "member-home.html"),
    original.replace("</head>", `${hints}</head>`),
  );
}

/** A module's chunk and what it imports, from Vite's manifest. */
function chunksInManifest(moduleKey: string): string[] {
  const manifest = viteManifest();
  const chunks = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  collect(moduleKey);
  if (chunks.size === 0) throw new Error(`the build has no chunk for ${moduleKey}`);
  return [...chunks];
}

/**
 * A frame the server renders a member's page into for each request (src/server/lib/member-home.ts): the
 * pre-rendered pages' shell, whose start after the first paint also fetches the page's code, with the
 * styles inline that the server cuts down, per page, to what its markup uses.
 */
function writeMemberPageFrame(file: string, pageChunks: string[], inlineCss: string) {
  const shell = withScriptsAfterPaint(
    withFirstScreenStylesInline(fs.readFileSync(path.join(distDir, "index.html"), "utf8"), inlineCss),
  );
  const withPage = shell.replace(/<meta name="app-entry" content="([^"]+)">/, (_, modules: string) => {
    const listed = new Set(modules.split(" "));
    const more = pageChunks.map((chunk) => `/${chunk}`).filter((chunk) => !listed.has(chunk));
    return `<meta name="app-entry" content="${[...listed, ...more].join(" ")}">`;
  });
  fs.writeFileSync(
    path.join(outDir, file),
    withPage.replace(emptyRoot, `<div id="root">${memberHomeMarker}</div>`),
  );
}

/** The app's whole stylesheet, as the build wrote it. */
function appStylesheet(): string {
  const shell = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const link = shell.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
  if (!link) throw new Error("dist/index.html links no stylesheet");
  return fs.readFileSync(path.join(distDir, link[1]!), "utf8");
}

const { renderSignedOutPage, signedOutTextsIn, signedOutPageTitle } = (await import(
  pathToFileURL(ssrBundle).href
)) as typeof import("../src/web/prerender.tsx");
const emptyRoot = '<div id="root"></div>';
/** The signed-out pages show and work without the app's code (src/web/signed-out/). */
const signedOutShell = withSignedOutPageScript(
  withStylesInline(fs.readFileSync(path.join(distDir, "index.html"), "utf8")),
);
if (!signedOutShell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);

/**
 * The stylesheet (about 11 KB compressed) goes inside the page instead of beside it: the first paint then
 * waits for one download, not two, on a slow connection. The app shell keeps the cached file.
 */
function withStylesInline(html: string): string {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g)];
  if (links.length === 0) throw new Error("dist/index.html links no stylesheet");
  return links.reduce((page, [tag, href]) => {
    const css = fs.readFileSync(path.join(distDir, href!), "utf8");
    return page.replace(tag, () => `<style>${css}</style>`);
  }, html);
}

/**
 * A member's home carries only the styles its first screen uses (about 6 KB compressed instead of 9), so
 * the whole page fits in the first round trip of a new connection; the full stylesheet (cached across
 * visits) is fetched after the first paint, before the app goes anywhere else.
 */
function withFirstScreenStylesInline(html: string, firstScreenCss: string): string {
  const link = html.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
  if (!link) throw new Error("dist/index.html links no stylesheet");
  return html.replace(
    link[0],
    () => `<style>${firstScreenCss}</style><meta name="app-styles" content="${link[1]}">`,
  );
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
let written = 0;
for (const variant of prerenderVariants) {
  const language = variant === "first-run" ? "en" : variant;
  const storage = deviceStorageOf(variant === "first-run" ? {} : { [languageCookieName]: variant });
  for (const [name, url] of Object.entries(prerenderedPages)) {
    const body = await renderSignedOutPage(url, { language, storage });
    const title = escapeHtml(await signedOutPageTitle(name as PrerenderedPage, language));
    const html = await withSignedOutTexts(
      signedOutShell
        .replace('<html lang="en-GH">', `<html lang="${language === "en" ? "en-GH" : language}">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace(emptyRoot, () => `<div id="root">${body}</div>`),
      language,
    );
    writeWithCompressedCopies(path.join(outDir, `${name}.${variant}.html`), html);
    written += 1;
  }
}
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const discoverChunks = chunksInManifest("src/web/features/discover/discover-view.tsx");
writeMemberHomeShell(discoverChunks);
// The home's frame carries the stylesheet of every possible first screen of Discover (smaller to start
// from); My Rewards' the app's whole stylesheet: the server keeps, per page, the rules its markup uses.
writeMemberPageFrame(memberPageFrames["/"], discoverChunks, await firstScreenStylesheet());
writeMemberPageFrame(
  memberPageFrames["/rewards"],
  chunksInManifest("src/web/pages/rewards-page.tsx"),
  appStylesheet(),
);
const routeShells = writeRouteShells(distDir, outDir, writeWithCompressedCopies);
console.log(
  `Pre-rendered ${written} pages and ${routeShells} routes' shells into ${path.relative(process.cwd(), outDir)}/`,
);
