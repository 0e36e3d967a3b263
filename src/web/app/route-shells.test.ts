import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePages, writeRouteShells } from "../../../scripts/route-shells";
import { firstReadsOfRoute, formattingDataScript } from "../../shared/prerendered-pages";
import { paths } from "./paths";

describe("the routes' shells", () => {
  it("know every route's path and page module, so each page's code can be named in its shell", () => {
    const router = fs.readFileSync(path.resolve("src/web/app/router.tsx"), "utf8");
    const routed = [...router.matchAll(/<Route path=\{paths\.(\w+)\}/g)]
      .map(([, name]) => paths[name as keyof typeof paths])
      .filter((at) => at !== paths.home);

    const pages = routePages();

    expect(pages.map((page) => page.path)).toEqual(routed);
    for (const { page } of pages) expect(fs.existsSync(path.resolve(page))).toBe(true);
    expect(pages).toContainEqual({ path: "/rewards", page: "src/web/pages/rewards-page.tsx" });
  });

  it("ask for a route's first reads only on routes there are", () => {
    const routed = routePages().map((page) => page.path);

    for (const route of Object.keys(firstReadsOfRoute)) expect(routed).toContain(route);
  });

  it("name each route's page code and what it imports, but not what the entry already loads", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "route-shells-"));
    fs.mkdirSync(path.join(dist, ".vite"));
    const pageChunks = Object.fromEntries(
      routePages().map(({ page }) => [
        page,
        { file: `assets/${path.basename(page, ".tsx")}-h.js`, imports: ["_card.js"] },
      ]),
    );
    const manifest = {
      "index.html": { file: "assets/index-h.js", isEntry: true, imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared-h.js" },
      "_card.js": { file: "assets/card-h.js", imports: ["_shared.js"] },
      ...pageChunks,
    };
    fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
    fs.writeFileSync(
      path.join(dist, "index.html"),
      '<html><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>',
    );
    const written = new Map<string, string>();

    writeRouteShells(dist, path.join(dist, "prerendered"), (file, html) =>
      written.set(path.basename(file), html),
    );

    const rewards = written.get("rewards-page.en.html")!;
    expect(rewards).toContain('<link rel="modulepreload" crossorigin href="/assets/rewards-page-h.js">');
    expect(rewards).toContain('<link rel="modulepreload" crossorigin href="/assets/card-h.js">');
    expect(rewards).not.toContain("shared-h.js");
    expect(rewards).toContain('<div id="app-loading" role="status"');
    // The formatting data loads while the code downloads: first in the head, before any stylesheet.
    expect(rewards).toContain(`<meta charset="UTF-8" /><script>${formattingDataScript}</script>`);
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
