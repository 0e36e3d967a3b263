import { defineConfig } from "vitest/config";
import { uiCatalogs } from "./scripts/vite-ui-catalogs.ts";

export default defineConfig({
  plugins: [uiCatalogs()],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["src/web/test-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
