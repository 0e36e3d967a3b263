import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/support/chromium";

const port = Number(process.env.E2E_PORT ?? 5100);
// Overridable so two checkouts (or two people) can run journeys on one machine at once.
const mockGooglePort = Number(process.env.E2E_MOCK_GOOGLE_PORT ?? port + 99);
const paystackFakePort = Number(process.env.E2E_PAYSTACK_PORT ?? port + 98);
const paystackSecret = "sk_test_e2e";
const dataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";
const databaseUrl = process.env.E2E_DATABASE_URL;
export const e2eBaseUrl = `http://localhost:${port}`;

/**
 * Browser journeys in Debian's Chromium (Playwright never downloads a browser here) against the real
 * server as production runs it (compiled by `npm run build` into `dist-server/`), started on a fresh
 * embedded database with the demo seed.
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Generous bounds so a busy machine (CI beside other work, a 2-core laptop) is slower, never red; a
  // broken step still fails, only later. No journey asserts how fast anything was.
  timeout: 90_000,
  expect: { timeout: 15_000 },
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
          executablePath: chromiumPath,
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: [
    {
      command: "tsx e2e/support/mock-google.ts",
      url: `http://localhost:${mockGooglePort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MOCK_GOOGLE_PORT: String(mockGooglePort) },
    },
    {
      command: "tsx e2e/support/paystack-fake-server.ts",
      url: `http://127.0.0.1:${paystackFakePort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PAYSTACK_FAKE_PORT: String(paystackFakePort),
        PAYSTACK_FAKE_SECRET: paystackSecret,
        PAYSTACK_FAKE_WEBHOOK_URL: `${e2eBaseUrl}/api/payments/paystack/webhook`,
      },
    },
    {
      // A fresh embedded database by default; with E2E_DATABASE_URL, a fresh database on that PostgreSQL server.
      command: databaseUrl
        ? `rm -rf ${dataDir} && tsx e2e/support/recreate-database.ts && node --enable-source-maps dist-server/main.js`
        : `rm -rf ${dataDir} && node --enable-source-maps dist-server/main.js`,
      url: `${e2eBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        APP_URL: e2eBaseUrl,
        DATA_DIR: dataDir,
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        // The browser and the server share two cores here: tolerate long pauses rather than shed load.
        MAX_EVENT_LOOP_DELAY_MS: "5000",
        // Members' homes are rendered by the server, as in production (the embedded default doesn't).
        MEMBER_HOME_RENDERING: "server",
        GOOGLE_ISSUER: `http://localhost:${mockGooglePort}`,
        GOOGLE_CLIENT_ID: "anigye-e2e",
        GOOGLE_CLIENT_SECRET: "anigye-e2e-secret",
        PAYSTACK_SECRET_KEY: paystackSecret,
        PAYSTACK_BASE_URL: `http://127.0.0.1:${paystackFakePort}`,
        // Only E2E_DATABASE_URL picks the journeys' database: a DATABASE_URL in the shell (CI runs the API
        // tests on PostgreSQL through it) must not send the server to that database.
        DATABASE_URL: databaseUrl ?? "",
        ...(databaseUrl ? { E2E_DATABASE_URL: databaseUrl } : {}),
      },
    },
  ],
});
