import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The domain boundaries in .dependency-cruiser.cjs must really fail: the rule set runs on a small tree
 * written here, once with only allowed imports and once with a deliberate violation of each rule.
 */
const repo = process.cwd();
const depcruise = path.join(repo, "node_modules", ".bin", "depcruise");

const allowedTree: Record<string, string> = {
  "src/server/db/schema/ads.ts": "export const ads = 1;\n",
  "src/server/db/schema/rewards.ts": "export const rewards = 2;\n",
  "src/server/db/schema/enums.ts": "export const tiers = 3;\n",
  "src/server/modules/ads/ads.service.ts":
    'import { ads } from "../../db/schema/ads";\nexport const count = ads;\n',
  "src/server/modules/ads/index.ts": 'export { count } from "./ads.service";\n',
  "src/server/modules/rewards/rewards.service.ts":
    'import { count } from "../ads";\nimport { rewards } from "../../db/schema/rewards";\nimport { tiers } from "../../db/schema/enums";\nexport const total = count + rewards + tiers;\n',
  "src/server/modules/rewards/member-rewards.read-model.ts":
    'import { ads } from "../../db/schema/ads";\nimport { rewards } from "../../db/schema/rewards";\nexport const both = ads + rewards;\n',
  "src/web/features/discover/filter.ts":
    'import { helper } from "../../lib/helper";\nexport const f = helper;\n',
  "src/web/lib/helper.ts": "export const helper = 1;\n",
};

const violations: Record<string, string> = {
  "src/server/modules/rewards/steals-a-table.ts":
    'import { ads } from "../../db/schema/ads";\nexport const x = ads;\n',
  "src/server/modules/rewards/reaches-inside.ts":
    'import { count } from "../ads/ads.service";\nexport const y = count;\n',
  "src/server/modules/rewards/uses-the-barrel.ts":
    'import * as all from "../../db/schema";\nexport const z = all;\n',
  "src/server/db/schema/index.ts": 'export * from "./ads";\nexport * from "./rewards";\n',
  "src/web/features/rewards/borrows-a-feature.ts":
    'import { f } from "../discover/filter";\nexport const w = f;\n',
};

function writeTree(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

function cruise(root: string) {
  const result = spawnSync(
    depcruise,
    ["src", "--config", ".dependency-cruiser.cjs", "--output-type", "err"],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-boundaries-"));
  fs.copyFileSync(path.join(repo, ".dependency-cruiser.cjs"), path.join(root, ".dependency-cruiser.cjs"));
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true } }),
  );
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(root, "node_modules"));
  writeTree(root, allowedTree);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the dependency rule", () => {
  it("passes a tree that keeps to the boundaries (a read model may read two domains)", () => {
    const { status, output } = cruise(root);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("fails on a module reading another domain's table, reaching inside a module, the barrel, or a feature importing a feature", () => {
    writeTree(root, violations);
    const { status, output } = cruise(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(
      /module-imports-another-domains-tables: src\/server\/modules\/rewards\/steals-a-table\.ts/,
    );
    expect(output).toMatch(
      /module-reaches-into-another-module: src\/server\/modules\/rewards\/reaches-inside\.ts/,
    );
    expect(output).toMatch(/schema-barrel-outside-db: src\/server\/modules\/rewards\/uses-the-barrel\.ts/);
    expect(output).toMatch(
      /feature-imports-another-feature: src\/web\/features\/rewards\/borrows-a-feature\.ts/,
    );
    expect(output).not.toContain("member-rewards.read-model.ts →");
  });
});

describe("read models", () => {
  it("only read: no file named *.read-model.ts inserts, updates or deletes", () => {
    const readModels = fs
      .readdirSync(path.join(repo, "src/server"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".read-model.ts"));
    expect(readModels.length).toBeGreaterThanOrEqual(6);
    for (const file of readModels) {
      const text = fs.readFileSync(path.join(repo, "src/server", file), "utf8");
      expect(text, file).not.toMatch(
        /\.(insert|update|delete)\(|\b(insert into|delete from)\b|\bupdate \w+ set\b/i,
      );
    }
  });
});
