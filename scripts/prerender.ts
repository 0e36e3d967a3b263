/**
 * Pre-renders the signed-out landing and the content pages into `dist/prerendered/` (issue 15), after
 * `vite build` and `vite build --ssr src/web/prerender.tsx`. One file per page and per device language:
 * `first-run` (no language chosen yet: English with the language chooser), `en` and `tw`. The server
 * answers a signed-out visitor's page request with the matching file (`src/server/plugins/web-app.ts`).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prerenderedPages, prerenderVariants } from "../src/shared/prerendered-pages.ts";

const distDir = path.resolve("dist");
const ssrBundle = path.resolve(".prerender-build/prerender.js");
const outDir = path.join(distDir, "prerendered");

// The app reads the device's language choice from local storage; at build time each variant is a device.
function pretendDeviceStorage(values: Record<string, string>) {
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => values[key] ?? null,
      setItem: () => undefined,
      removeItem: () => undefined,
    },
  });
}

const { renderSignedOutPage } = (await import(
  pathToFileURL(ssrBundle).href
)) as typeof import("../src/web/prerender.tsx");
const shell = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
const emptyRoot = '<div id="root"></div>';
if (!shell.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
let written = 0;
for (const variant of prerenderVariants) {
  const language = variant === "first-run" ? "en" : variant;
  pretendDeviceStorage(variant === "first-run" ? {} : { anigye_language: variant });
  for (const [name, url] of Object.entries(prerenderedPages)) {
    const body = await renderSignedOutPage(url, language);
    const html = shell
      .replace('<html lang="en-GH">', `<html lang="${language === "en" ? "en-GH" : language}">`)
      .replace(emptyRoot, `<div id="root">${body}</div>`);
    fs.writeFileSync(path.join(outDir, `${name}.${variant}.html`), html);
    written += 1;
  }
}
console.log(`Pre-rendered ${written} pages into ${path.relative(process.cwd(), outDir)}/`);
