/**
 * Domain boundaries, enforced in `npm run lint` (docs/architecture.md explains the map):
 * - a server module owns the tables in `src/server/db/schema/<module>.ts` and imports no other domain's
 *   tables; only files named `*.read-model.ts` (cross-domain reads: Discover, Moments, Analytics...) may;
 * - a module reaches another module only through its `index.ts`;
 * - a web feature never imports another feature;
 * - the web never imports the server, and `src/shared` imports neither.
 * Tests, the seed and benchmarks may read any table to set up and check state.
 */
const ledgerBalances = "^src/server/modules/ledger/member-balances\\.ts$";
const testsAndFixtures = "(\\.test\\.tsx?$|^src/server/test/|^src/server/db/|^bench/|^e2e/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "module-imports-another-domains-tables",
      comment:
        "A module owns only src/server/db/schema/<module>.ts. Call the owning module's index.ts instead, or read through a *.read-model.ts file.",
      severity: "error",
      from: {
        path: "^src/server/modules/([^/]+)/",
        pathNot: [testsAndFixtures, "\\.read-model\\.ts$", ledgerBalances],
      },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/($1|enums|columns)\\.ts$" },
    },
    {
      name: "ledger-balances-touch-only-users",
      comment:
        "XP balance and tier are cached on users; the ledger's member-balances.ts is their only writer, and reads no other table.",
      severity: "error",
      from: { path: ledgerBalances },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/(auth|enums|columns)\\.ts$" },
    },
    {
      name: "schema-barrel-outside-db",
      comment: "Import the owning domain's schema file, never the barrel of every table.",
      severity: "error",
      from: { path: "^src/", pathNot: testsAndFixtures },
      to: { path: "^src/server/db/schema/index\\.ts$" },
    },
    {
      name: "tables-outside-modules",
      comment:
        "Jobs, plugins, integrations and lib reach tables through a module's index.ts (the outbox adapters own outbox_messages).",
      severity: "error",
      from: {
        path: "^src/server/",
        pathNot: [
          testsAndFixtures,
          "^src/server/modules/",
          "^src/server/integrations/outbox/",
          "^src/server/jobs/job-lock\\.ts$",
        ],
      },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/(enums|columns)\\.ts$" },
    },
    {
      name: "job-lock-owns-job-runs",
      comment: "The scheduler's period claims (job_runs) are its own table; it reaches no other.",
      severity: "error",
      from: { path: "^src/server/jobs/job-lock\\.ts$" },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/(jobs|enums|columns)\\.ts$" },
    },
    {
      name: "outbox-store-owns-outbox-table",
      severity: "error",
      from: { path: "^src/server/integrations/outbox/" },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/(outbox|enums|columns)\\.ts$" },
    },
    {
      name: "module-reaches-into-another-module",
      comment: "Another module's internals are private: import its index.ts.",
      severity: "error",
      from: { path: "^src/server/modules/([^/]+)/", pathNot: testsAndFixtures },
      to: { path: "^src/server/modules/", pathNot: "^src/server/modules/($1/|[^/]+/index\\.ts$)" },
    },
    {
      name: "outside-reaches-into-a-module",
      comment: "app.ts, jobs and plugins use a module through its index.ts.",
      severity: "error",
      from: { path: "^src/server/", pathNot: [testsAndFixtures, "^src/server/modules/"] },
      to: { path: "^src/server/modules/[^/]+/", pathNot: "^src/server/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "feature-imports-another-feature",
      comment:
        "Features don't import each other: pages compose them; shared code lives in components/ or lib/.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "web-imports-server",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/" },
    },
    {
      name: "shared-imports-a-side",
      comment: "src/shared is used by both sides, so it depends on neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "no-circular",
      comment: "Import cycles make load order matter and hide a missing boundary.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: { path: "^src/" },
      // Vite's virtual modules (the compiled language catalogs, scripts/vite-ui-catalogs.ts) exist only in a build.
      to: { couldNotResolve: true, pathNot: "^virtual:ui-catalog/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data|\\.e2e-data[^/]*)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
