import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePages } from "../../../scripts/route-shells";
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
});
