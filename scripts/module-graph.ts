import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The list of which server module imports which, in docs/architecture.md, read from dependency-cruiser so
 * it can't drift from the code: `npm run docs:modules` writes it between the markers; `--check` (run by
 * `npm run lint`) only fails when the list there is not what the code says.
 */
const repo = path.resolve(import.meta.dirname, "..");
const documentFile = "docs/architecture.md";
const startMarker = "<!-- module-graph:start (written by `npm run docs:modules`; don't edit by hand) -->";
const endMarker = "<!-- module-graph:end -->";
const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
}

function cruiseServerModules(): CruiseResult {
  const run = spawnSync(
    path.join(repo, "node_modules", ".bin", "depcruise"),
    [
      "src/server/modules",
      "--config",
      ".dependency-cruiser.cjs",
      "--include-only",
      "^src/server/modules/",
      "--output-type",
      "json",
    ],
    { cwd: repo, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  // A boundary violation is `npm run lint:boundaries`'s to report; the graph is drawn either way.
  if (run.error || !run.stdout) throw new Error(`dependency-cruiser did not run: ${run.error ?? run.stderr}`);
  return JSON.parse(run.stdout) as CruiseResult;
}

/** Each module's imports of other modules; `true` while every import of that module is type-only. */
function importsByModule(result: CruiseResult): Map<string, Map<string, boolean>> {
  const graph = new Map<string, Map<string, boolean>>();
  for (const { source, dependencies } of result.modules) {
    const from = moduleOf(source);
    if (!from) continue;
    const imports = graph.get(from) ?? new Map<string, boolean>();
    graph.set(from, imports);
    if (isTest(source)) continue;
    for (const dependency of dependencies) {
      const to = moduleOf(dependency.resolved);
      if (!to || to === from) continue;
      const typeOnly = dependency.dependencyTypes.includes("type-only");
      imports.set(to, (imports.get(to) ?? true) && typeOnly);
    }
  }
  return graph;
}

function renderGraph(graph: Map<string, Map<string, boolean>>): string {
  const names = [...graph.keys()].sort();
  const lines = names.map((name) => {
    const imports = [...(graph.get(name) ?? [])]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([to, typeOnly]) => (typeOnly ? `\`${to}\` (types only)` : `\`${to}\``));
    return `- \`${name}\` → ${imports.length > 0 ? imports.join(", ") : "no other module"}`;
  });
  const imported = new Set([...graph.values()].flatMap((imports) => [...imports.keys()]));
  const leaves = names.filter((name) => !imported.has(name)).map((name) => `\`${name}\``);
  return [
    ...lines,
    "",
    `No other module imports ${leaves.join(", ")}: \`app.ts\`, jobs and plugins use them.`,
  ].join("\n");
}

function withGraph(document: string, graph: string): string {
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start === -1 || end < start) throw new Error(`${documentFile} lacks the module-graph markers`);
  return `${document.slice(0, start + startMarker.length)}\n${graph}\n${document.slice(end)}`;
}

const documentPath = path.join(repo, documentFile);
const current = readFileSync(documentPath, "utf8");
const updated = withGraph(current, renderGraph(importsByModule(cruiseServerModules())));
if (process.argv.includes("--check")) {
  if (updated !== current) {
    console.error(`${documentFile}: the module list is out of date; run \`npm run docs:modules\`.`);
    process.exitCode = 1;
  }
} else if (updated !== current) {
  writeFileSync(documentPath, updated);
  console.log(`${documentFile}: module dependency list written.`);
}
