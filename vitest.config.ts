import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { uiCatalogs } from "./scripts/vite-ui-catalogs.ts";

export default defineConfig({
  plugins: [uiCatalogs()],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["src/web/test-setup.ts"],
    pool: "forks",
    // One test file per core (Vitest's default leaves one core to itself, which waits on its workers): on
    // a 2-core machine two files at a time, each with its own database. VITEST_MAX_WORKERS overrides it.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
