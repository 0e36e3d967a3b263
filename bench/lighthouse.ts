import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";
import { firstDiscoverAd, signInDemoCounter, signInDemoMember, signOutEveryone } from "./demo-sessions";
import { freePort, withBenchServer } from "./server";

/**
 * Lighthouse's mobile run (Moto G Power, simulated slow 4G, 4x CPU slowdown) on the first screens people
 * use most, each a first visit: empty HTTP cache, no service worker, signed in where the page needs it.
 * `npm run build` first; `npm run bench:lighthouse [runs]` (default 3) prints each run and the median.
 *
 * Pages (LIGHTHOUSE_PAGES=landing,discover,… picks some): the landing signed out; as the demo member
 * Discover (the signed-in `/`), My Rewards, the loyalty card and the viewer (the first Discover ad); as
 * the demo shop's counter staff the scanner and the counter's home.
 * With DATABASE_URL (a PostgreSQL server) the app runs on a scratch database there with the demo seed;
 * otherwise on PGlite. With LIGHTHOUSE_REPORTS=<dir>, every run's full report is written there too.
 *
 * Lighthouse 13 needs Node 22.19 or newer and the project runs on Node 20, whose `npm install` must not
 * warn: so Lighthouse is no dependency of the project. Its command line runs under Node 22, both taken
 * from the npm registry by `npx` (cached after the first run), and drives the Chromium this script
 * starts; the app's server and this script stay on the project's Node.
 */
const lighthouseVersion = "13.5.0";
const lighthouseNode = "22.23.3";
const runs = Number(process.argv[2] ?? 3);
const debuggingPort = await freePort();
const distDir = path.resolve("dist");

type Visitor = "nobody" | "member" | "counter";
interface PageToMeasure {
  key: string;
  name: string;
  visitor: Visitor;
  path: (context: BrowserContext, baseUrl: string) => Promise<string> | string;
}

const allPages: PageToMeasure[] = [
  { key: "landing", name: "landing (signed out)", visitor: "nobody", path: () => "/" },
  { key: "discover", name: "Discover (signed in)", visitor: "member", path: () => "/" },
  { key: "rewards", name: "My Rewards (/rewards)", visitor: "member", path: () => "/rewards" },
  {
    key: "loyalty-dashboard",
    name: "loyalty card (/loyalty-dashboard)",
    visitor: "member",
    path: () => "/loyalty-dashboard",
  },
  {
    key: "mobile-watch",
    name: "viewer (/mobile-watch, the first Discover ad)",
    visitor: "member",
    path: async (context, baseUrl) => `/mobile-watch?ad=${(await firstDiscoverAd(context, baseUrl)).id}`,
  },
  {
    key: "merchant-scanner",
    name: "counter scanner (/merchant-scanner, staff)",
    visitor: "counter",
    path: () => "/merchant-scanner",
  },
  { key: "merchant", name: "counter home (/merchant, staff)", visitor: "counter", path: () => "/merchant" },
];
const wanted = (process.env.LIGHTHOUSE_PAGES ?? allPages.map((page) => page.key).join(","))
  .split(",")
  .map((key) => key.trim());
const unknown = wanted.filter((key) => !allPages.some((page) => page.key === key));
if (unknown.length > 0) {
  throw new Error(`unknown LIGHTHOUSE_PAGES ${unknown}; known: ${allPages.map((page) => page.key)}`);
}
const pages = allPages.filter((page) => wanted.includes(page.key));

interface Measured {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  transferredKB: number;
  /** gzip -9 of every script the page loaded, from the build (as the JavaScript budget counts). */
  gzippedJsBytes: number;
  failedAudits: string[];
}

/** The parts of Lighthouse's report read here. */
interface Report {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        details?: { items?: { url?: string; resourceType?: string }[] };
      }
    | undefined
  >;
}

/**
 * One Lighthouse run by its command line under Node 22, against the Chromium listening on the port;
 * undefined when it failed without a report (as it does when it lost its trace: NO_NAVSTART).
 */
function runLighthouse(url: string, keepSignIn: boolean): Promise<Report | undefined> {
  const args = [
    "--yes",
    "--package",
    `node@${lighthouseNode}`,
    "--package",
    `lighthouse@${lighthouseVersion}`,
    "lighthouse",
    url,
    `--port=${debuggingPort}`,
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance,accessibility",
    "--quiet",
    // A signed-in run keeps the session cookie; Lighthouse otherwise clears the origin's storage first.
    ...(keepSignIn ? ["--disable-storage-reset"] : []),
  ];
  return new Promise((resolve, reject) => {
    // npx's first install of Node 22 warns that Lighthouse wants it: only errors are worth showing.
    const child = spawn("npx", args, {
      env: { ...process.env, npm_config_loglevel: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      const printed = Buffer.concat(out).toString("utf8");
      if (code !== 0 && !printed.trim()) return resolve(undefined);
      try {
        resolve(JSON.parse(printed) as Report);
      } catch {
        // A run that lost its trace prints its runtime error as text, not a report: run it again.
        if (code !== 0) return resolve(undefined);
        reject(new Error(`lighthouse exited ${code} on ${url} with no report`));
      }
    });
  });
}

const gzippedSizes = new Map<string, number>();
function gzippedJsOf(report: Report, origin: string): number {
  const scripts = (report.audits["network-requests"]?.details?.items ?? [])
    .filter((item) => item.resourceType === "Script" && item.url?.startsWith(origin))
    .map((item) => new URL(item.url!).pathname);
  let total = 0;
  for (const script of new Set(scripts)) {
    if (!gzippedSizes.has(script)) {
      const file = path.join(distDir, script);
      gzippedSizes.set(
        script,
        fs.existsSync(file) ? gzipSync(fs.readFileSync(file), { level: 9 }).length : 0,
      );
    }
    total += gzippedSizes.get(script)!;
  }
  return total;
}

async function audit(
  browser: BrowserContext,
  url: string,
  keepSignIn: boolean,
  attempt = 1,
): Promise<Measured> {
  await clearHttpCache(browser);
  const report = await runLighthouse(url, keepSignIn);
  // Lighthouse now and then loses its own trace (NO_NAVSTART): that run measured nothing, so run it again.
  if ((!report || report.runtimeError) && attempt < 3) return audit(browser, url, keepSignIn, attempt + 1);
  if (!report) throw new Error(`${url}: Lighthouse failed three times`);
  if (report.runtimeError)
    throw new Error(`${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  keepReport(report);
  const { categories, audits } = report;
  const failedAudits = (categories.accessibility?.auditRefs ?? [])
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
    gzippedJsBytes: gzippedJsOf(report, new URL(url).origin),
    failedAudits,
  };
}

let reportsKept = 0;
function keepReport(report: Report) {
  const dir = process.env.LIGHTHOUSE_REPORTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `run-${++reportsKept}.json`), JSON.stringify(report));
}

/** Every run is a first visit on this phone: nothing cached (the sign-in cookie stays when asked). */
async function clearHttpCache(browser: BrowserContext) {
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
  const keys = [
    "performance",
    "accessibility",
    "lcpMs",
    "tbtMs",
    "fcpMs",
    "cls",
    "transferredKB",
    "gzippedJsBytes",
  ] as const;
  const medians = Object.fromEntries(keys.map((key) => [key, median(measured.map((m) => m[key]))]));
  const ranges = Object.fromEntries(
    keys.map((key) => {
      const values = measured.map((m) => m[key]);
      return [key, `${Math.min(...values)}-${Math.max(...values)}`];
    }),
  );
  return { page: name, runs: measured, median: medians, range: ranges };
}

// Members' homes rendered by the server, as production does (PostgreSQL turns it on by default).
await withBenchServer(await freePort(), { MEMBER_HOME_RENDERING: "server" }, async (server) => {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-lighthouse-"));
  // Lighthouse drives the browser's default context, where the sign-ins below also live.
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
    serviceWorkers: "block",
  });
  try {
    const report = [];
    let signedIn: Visitor = "nobody";
    for (const page of pages) {
      if (page.visitor !== signedIn) {
        await signOutEveryone(browser, server.baseUrl);
        if (page.visitor === "member") await signInDemoMember(browser, server.baseUrl);
        if (page.visitor === "counter") await signInDemoCounter(browser, server.baseUrl);
        signedIn = page.visitor;
      }
      const url = `${server.baseUrl}${await page.path(browser, server.baseUrl)}`;
      const measured: Measured[] = [];
      for (let run = 0; run < runs; run++) {
        measured.push(await audit(browser, url, page.visitor !== "nobody"));
        console.error(`${page.key} run ${run + 1}: ${JSON.stringify(measured.at(-1))}`);
      }
      report.push(summarise(page.name, measured));
    }
    console.log(
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          // Other work on the machine slows the simulated figures (TBT most): say how busy it was.
          loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
          lighthouse: lighthouseVersion,
          database: process.env.DATABASE_URL
            ? "PostgreSQL (scratch database, demo seed)"
            : "PGlite (demo seed)",
          report,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
});
