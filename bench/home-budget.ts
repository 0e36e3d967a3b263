import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchBenchBrowser, startBenchServer } from "./server";

/**
 * The home page's budget (bench/README.md): the signed-out home loads at most 100 KB of gzipped JavaScript
 * before it is interactive, and its largest contentful paint comes from text. Run after `npm run build`.
 */
const budgetBytes = 100 * 1024;
const distDir = path.resolve("dist");

const server = await startBenchServer(5200);
const browser = await launchBenchBrowser();
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  const transfer = { scripts: 0, images: 0, css: 0, other: 0 };
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    const sizes = await response
      .request()
      .sizes()
      .catch(() => undefined);
    const bytes = sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
    if (type === "script") {
      scripts.add(new URL(response.url()).pathname);
      transfer.scripts += bytes;
    } else if (type === "image") transfer.images += bytes;
    else if (type === "stylesheet") transfer.css += bytes;
    else transfer.other += bytes;
  });
  await page.addInitScript(() => {
    (window as unknown as { __lcp: { tag: string; text: string; size: number }[] }).__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element; size: number })[]) {
        (window as unknown as { __lcp: unknown[] }).__lcp.push({
          tag: entry.element?.tagName ?? "?",
          text: entry.element?.textContent?.slice(0, 60) ?? "",
          size: entry.size,
        });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(server.baseUrl, { waitUntil: "networkidle" });
  await page.getByTestId("stat-companies").filter({ hasText: /\d/ }).waitFor();
  // LCP is final once the user interacts; a click (on nothing) settles it.
  await page.mouse.click(5, 5);
  const lcp = await page.evaluate(
    () => (window as unknown as { __lcp: { tag: string; text: string; size: number }[] }).__lcp,
  );

  let gzippedJs = 0;
  const perFile: Record<string, number> = {};
  for (const script of scripts) {
    const file = path.join(distDir, script);
    if (!fs.existsSync(file)) continue;
    const size = gzipSync(fs.readFileSync(file), { level: 9 }).length;
    perFile[script] = size;
    gzippedJs += size;
  }
  const last = lcp.at(-1);
  const result = {
    measuredAt: new Date().toISOString(),
    gzippedJsBytes: gzippedJs,
    budgetBytes,
    withinBudget: gzippedJs <= budgetBytes,
    scripts: perFile,
    transferBytesOnTheWire: transfer,
    largestContentfulPaint: last,
    lcpIsText: last ? last.tag !== "IMG" && last.tag !== "VIDEO" : false,
  };
  console.log(JSON.stringify(result, null, 2));
  if (!result.withinBudget || !result.lcpIsText) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
