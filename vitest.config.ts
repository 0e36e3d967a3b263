import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { uiCatalogs } from "./scripts/vite-ui-catalogs.ts";

export default defineConfig({
  plugins: [uiCatalogs()],
  test: {
    environment: "node",
    setupFiles: ["src/web/test-setup.ts"],
    pool: "forks",
    // One test file per core (Vitest's default leaves one core to itself, which waits on its workers): on
    // a 2-core machine two files at a time, each with its own database. VITEST_MAX_WORKERS overrides it.
    maxWorkers: availableParallelism(),
    // Bounds for a test that hangs, not speed checks: generous, so a busy 2-core machine (a test file
    // beside the seed's image work, a journey build, another checkout's tests) is slower, never red. No
    // test asserts how fast anything was; what waits on time runs on the test's clock.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts", "src/*.test.ts"],
          // One migrated database that every test file's database starts as a copy of.
          globalSetup: ["src/server/test/migrated-database.global-setup.ts"],
          // A worker imports the server once for all the files it runs, not once a file (about 4 s each):
          // every file builds its own app and database, so no state is shared through modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["src/web/**/*.test.ts", "src/web/**/*.test.tsx"],
        },
      },
    ],
  },
});
