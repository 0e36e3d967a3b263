import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";
import { startBenchServer } from "./server";

/**
 * Lighthouse's mobile run (Moto G Power, simulated slow 4G, 4x CPU slowdown) on the signed-out
 * landing (a first visit) and on the demo consumer's Discover (signed in, empty cache, no service worker).
 * `npm run build` first; `npx tsx bench/lighthouse.ts [runs]` prints each run and the median.
 * With LIGHTHOUSE_REPORTS=<dir>, every run's full report is written there too (open it in the viewer);
 * LIGHTHOUSE_PAGES=landing or =discover measures only that page.
 */
const runs = Number(process.argv[2] ?? 3);
const pages = (process.env.LIGHTHOUSE_PAGES ?? "landing,discover").split(",");
const debuggingPort = 9333;
// Members' homes rendered by the server, as production does (PostgreSQL turns it on by default).
const server = await startBenchServer(5202, { MEMBER_HOME_RENDERING: "server" });
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-lighthouse-"));
// Lighthouse drives the browser's default context, where the sign-in below also lives.
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumPath,
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
  serviceWorkers: "block",
});

interface Measured {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  transferredKB: number;
  failedAudits: string[];
}

async function audit(url: string, keepSignIn: boolean, attempt = 1): Promise<Measured> {
  await clearHttpCache();
  const result = await lighthouse(
    url,
    {
      port: debuggingPort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // A signed-in run keeps the session cookie; Lighthouse otherwise clears the origin's storage first.
      disableStorageReset: keepSignIn,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // Lighthouse now and then loses its own trace (NO_NAVSTART): that run measured nothing, so run it again.
  if (result.lhr.runtimeError && attempt < 3) return audit(url, keepSignIn, attempt + 1);
  keepReport(result.lhr);
  const { categories, audits } = result.lhr;
  const failedAudits = Object.values(categories.accessibility?.auditRefs ?? [])
    .map((ref) => audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a!.id);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    transferredKB: Math.round((audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    failedAudits,
  };
}

let reportsKept = 0;
function keepReport(report: unknown) {
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `run-${++reportsKept}.json`), JSON.stringify(report));
}

async function signInDemoConsumer() {
  const signIn = await browser.request.post(`${server.baseUrl}/api/auth/login`, {
    headers: { "X-Requested-With": "anigye" },
    data: { email: "ama@example.com", password: "anigye-demo" },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const user = (await signIn.json()).user;
  // The app remembers who is signed in (and the device's language) in local storage, beside the cookie.
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/api/health`);
  await page.evaluate((stored) => {
    localStorage.setItem("auth_session", "true");
    localStorage.setItem("auth_user", stored);
    localStorage.setItem("anigye_language", "en");
  }, JSON.stringify(user));
  await page.close();
}

/** Every run is a first visit on this phone: nothing cached (the sign-in cookie stays when asked). */
async function clearHttpCache() {
  const page = await browser.newPage();
  const devtools = await browser.newCDPSession(page);
  await devtools.send("Network.clearBrowserCache");
  await devtools.detach();
  await page.close();
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function summarise(name: string, measured: Measured[]) {
  const keys = ["performance", "accessibility", "lcpMs", "tbtMs", "fcpMs", "cls", "transferredKB"] as const;
  const medians = Object.fromEntries(keys.map((key) => [key, median(measured.map((m) => m[key]))]));
  return { page: name, runs: measured, median: medians };
}

try {
  const report = [];
  if (pages.includes("landing")) {
    const landing: Measured[] = [];
    for (let run = 0; run < runs; run++) landing.push(await audit(`${server.baseUrl}/`, false));
    report.push(summarise("landing (signed out)", landing));
  }
  if (pages.includes("discover")) {
    await signInDemoConsumer();
    const discover: Measured[] = [];
    for (let run = 0; run < runs; run++) discover.push(await audit(`${server.baseUrl}/`, true));
    report.push(summarise("Discover (signed in)", discover));
  }
  console.log(JSON.stringify({ measuredAt: new Date().toISOString(), report }, null, 2));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
}
