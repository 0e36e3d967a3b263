import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePages } from "../../../scripts/route-shells";
import { firstReadsOfRoute } from "../../shared/prerendered-pages";
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
});
