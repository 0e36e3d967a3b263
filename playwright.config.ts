import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 5100);
export const e2eBaseUrl = `http://localhost:${port}`;

/**
 * Browser journeys in Debian's Chromium (Playwright never downloads a browser here) against the real
 * server, built and started on a fresh embedded database with the demo seed.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: e2eBaseUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    serviceWorkers: "allow",
  },
  projects: [
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "rm -rf .e2e-data && tsx src/server/main.ts",
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port), DATA_DIR: ".e2e-data", NODE_ENV: "development", LOG_LEVEL: "warn" },
  },
});
