import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The first-day map in docs/architecture.md ("First day: where each domain lives") stays true: one row per
 * server module, every contract it names imported by that module, every web feature and journey present,
 * every rules link a section of the product rules (its anchor just above its heading).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Row {
  domain: string;
  module: string;
  contracts: string[];
  features: string[];
  rulesAnchor: string;
  journey: string | undefined;
}

const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

function mapRows(): Row[] {
  const architecture = read("docs/architecture.md");
  const start = architecture.indexOf("## First day: where each domain lives");
  const section = architecture.slice(start, architecture.indexOf("\n## ", start + 1));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| domain"))
    .map((line) => {
      const [domain, module, contracts, features, rules, journey] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        domain: domain!,
        module: names(module!)[0]!,
        contracts: names(contracts!),
        features: names(features!),
        rulesAnchor: /#([a-z0-9-]+)\)/.exec(rules!)?.[1] ?? "",
        journey: names(journey!)[0],
      };
    });
}

/** The anchors of the rules' sections: the `<a id>` just above each `## ` heading. */
function sectionAnchors(): Set<string> {
  const sections = read("docs/product-rules.md").split(/\n(?=## )/);
  return new Set(sections.slice(0, -1).map((before) => /<a id="([^"]+)"><\/a>\s*$/.exec(before)?.[1] ?? ""));
}

function contractsImportedBy(module: string): Set<string> {
  const folder = path.join(root, "src/server/modules", module);
  const imported = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
    for (const match of readFileSync(path.join(folder, file), "utf8").matchAll(
      /shared\/contracts\/([a-z-]+)"/g,
    )) {
      imported.add(match[1]!);
    }
  }
  return imported;
}

describe("the first-day map", () => {
  const rows = mapRows();

  it("has one row for every server module", () => {
    const modules = readdirSync(path.join(root, "src/server/modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rows.map((row) => row.module).sort()).toEqual(modules);
  });

  it("names only contracts the module imports, web features and journeys that exist, and rules sections", () => {
    const sections = sectionAnchors();
    const wrong: string[] = [];
    for (const row of rows) {
      const imported = contractsImportedBy(row.module);
      for (const contract of row.contracts) {
        if (!imported.has(contract))
          wrong.push(`${row.domain}: ${row.module} doesn't import contract ${contract}`);
      }
      for (const feature of row.features) {
        if (!existsSync(path.join(root, "src/web/features", feature)))
          wrong.push(`${row.domain}: no feature ${feature}`);
      }
      if (!sections.has(row.rulesAnchor)) wrong.push(`${row.domain}: no rules section #${row.rulesAnchor}`);
      if (row.journey && !existsSync(path.join(root, "e2e", row.journey)))
        wrong.push(`${row.domain}: no ${row.journey}`);
    }
    expect(wrong).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });
});
