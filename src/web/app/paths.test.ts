import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPagePath, pagePaths } from "../../shared/app-paths";
import { paths } from "./paths";

describe("the app's route table", () => {
  it("is the one list the router renders and the server answers 200 for", () => {
    const router = fs.readFileSync(path.resolve("src/web/app/router.tsx"), "utf8");
    const routed = [...router.matchAll(/<Route path=\{paths\.(\w+)\}/g)].map(
      ([, name]) => paths[name as keyof typeof paths],
    );

    expect([...routed].sort()).toEqual([...pagePaths].sort());
    // Everything else is the router's not-found page, which the server answers 404.
    expect(router).toContain('<Route path="*" element={<NotFoundPage />} />');
  });

  it("matches a path as the router does: one segment per parameter, a trailing slash, any case", () => {
    for (const page of ["/", "/rewards", "/Rewards/", "/places/12", "/admin/oauth-config"]) {
      expect(isPagePath(page), page).toBe(true);
    }
    for (const unknown of ["/rewardsx", "/places/", "/places/12/x", "/no/such/page", "//", "/auth/google"]) {
      expect(isPagePath(unknown), unknown).toBe(false);
    }
  });
});
