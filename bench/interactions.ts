import os from "node:os";
import { type Browser, type BrowserContext, devices, type Page } from "@playwright/test";
import { firstDiscoverAd, memberShortCode, signInDemoCounter, signInDemoMember } from "./demo-sessions";
import { freePort, launchBenchBrowser, withBenchServer } from "./server";

/**
 * Two taps timed on a phone whose CPU is slowed 4x (Chrome DevTools Protocol throttling), against the
 * built app (`npm run build` first), each run a first visit (a new browser context: empty cache):
 * - Discover → viewer: the demo member, signed in, taps the first ad card on Discover; from the tap to
 *   the viewer's first frame (its image loaded, or its video's first frame, and the next frame painted).
 * - counter answer: the demo shop's counter staff on `/merchant-scanner` choose Look up, type the demo
 *   member's code (the one under her loyalty QR) and tap Send; from the tap to the answer on screen.
 * For each tap also its interaction's longest event (Event Timing API, as INP counts an interaction).
 * `npm run bench:interactions [runs]` (default 5) prints every run and the medians as JSON. With
 * DATABASE_URL (a PostgreSQL server) the app runs on a scratch database there with the demo seed.
 */
const runs = Number(process.argv[2] ?? 5);
const cpuSlowdown = 4;
const phone = devices["Pixel 7"];

interface Timed {
  /** From the tap's pointerdown to the next frame after the awaited element (and its media) was ready. */
  tapToShownMs: number;
  /** From the tap to the awaited element being in the page (the viewer's media element, the answer). */
  tapToElementMs: number;
  /** The tap's interaction: its longest event's duration (input delay + handlers + the next paint). */
  interactionMs: number;
  interactionParts?: { event: string; inputDelayMs: number; handlersMs: number; toNextPaintMs: number };
  /** What was on screen at the end (the viewer's media kind, or the counter answer's tone). */
  shown: string;
}

/** The page's side of the stopwatch; installed before any of the app's scripts run. */
function installStopwatch() {
  interface EventEntry extends PerformanceEntry {
    interactionId?: number;
    processingStart: number;
    processingEnd: number;
  }
  const stopwatch = {
    armed: false,
    tapAt: undefined as number | undefined,
    shownAt: undefined as number | undefined,
    foundAt: undefined as number | undefined,
    shown: "",
    events: [] as EventRecord[],
    /** Starts timing at the next pointerdown; stops once `selector` is on the page (and its media ready). */
    arm(selector: string, describe: "media" | "tone") {
      stopwatch.armed = true;
      const frameAfter = (what: string) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            stopwatch.shown = what;
            stopwatch.shownAt = performance.now();
          }),
        );
      const ready = (element: Element) => {
        if (describe === "tone") return frameAfter(element.getAttribute("data-tone") ?? "?");
        if (element instanceof HTMLImageElement) {
          if (element.complete && element.naturalWidth > 0) return frameAfter("image");
          element.addEventListener("load", () => frameAfter("image"), { once: true });
        } else if (element instanceof HTMLVideoElement) {
          if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) return frameAfter("video");
          element.addEventListener("loadeddata", () => frameAfter("video"), { once: true });
        }
      };
      const watcher = new MutationObserver(() => {
        const element = document.querySelector(selector);
        if (!element || stopwatch.tapAt === undefined) return;
        watcher.disconnect();
        stopwatch.foundAt = performance.now();
        ready(element);
      });
      watcher.observe(document.documentElement, { childList: true, subtree: true });
    },
  };
  addEventListener(
    "pointerdown",
    (event) => {
      if (stopwatch.armed && stopwatch.tapAt === undefined) stopwatch.tapAt = event.timeStamp;
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as EventEntry[]) {
      if (!entry.interactionId) continue;
      const { name, startTime, duration, interactionId, processingStart, processingEnd } = entry;
      stopwatch.events.push({ name, startTime, duration, interactionId, processingStart, processingEnd });
    }
    // durationThreshold is a field of the event type's observe options (not in TypeScript's DOM types yet).
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  (window as unknown as { stopwatch: typeof stopwatch }).stopwatch = stopwatch;
}

interface EventRecord {
  name: string;
  startTime: number;
  duration: number;
  interactionId: number;
  processingStart: number;
  processingEnd: number;
}

type Stopwatch = {
  arm(selector: string, describe: "media" | "tone"): void;
  tapAt?: number;
  shownAt?: number;
  foundAt?: number;
  shown: string;
  events: EventRecord[];
};

async function slowPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...phone, serviceWorkers: "block" });
  // tsx names functions through an `__name` helper of the bundle; the functions sent to the page need one.
  await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
  await context.addInitScript(installStopwatch);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return { context, page };
}

/** Arms the stopwatch, taps, and reads the result once the awaited element is shown. */
async function timeTap(page: Page, tap: () => Promise<void>, selector: string, describe: "media" | "tone") {
  await page.evaluate(
    (armed) => (window as unknown as { stopwatch: Stopwatch }).stopwatch.arm(armed.selector, armed.describe),
    { selector, describe },
  );
  await tap();
  await page.waitForFunction(
    () => (window as unknown as { stopwatch: Stopwatch }).stopwatch.shownAt !== undefined,
    null,
    { timeout: 60_000 },
  );
  // Event Timing reports an interaction once its next frame is painted: give the entries time to arrive.
  await page.waitForTimeout(1_000);
  const { tapAt, shownAt, foundAt, shown, events } = await page.evaluate(() => {
    const { tapAt, shownAt, foundAt, shown, events } = (window as unknown as { stopwatch: Stopwatch })
      .stopwatch;
    return { tapAt, shownAt, foundAt, shown, events };
  });
  if (tapAt === undefined || shownAt === undefined || foundAt === undefined) {
    throw new Error("the tap was not seen");
  }
  // The tap's own interaction: the first one that started at the tap (pointerdown, pointerup, click).
  const tapEvents = events.filter((event) => event.startTime >= tapAt - 1);
  const interactionId = tapEvents[0]?.interactionId;
  const longest = tapEvents
    .filter((event) => event.interactionId === interactionId)
    .sort((a, b) => b.duration - a.duration)[0];
  return {
    tapToShownMs: Math.round(shownAt - tapAt),
    tapToElementMs: Math.round(foundAt - tapAt),
    interactionMs: longest?.duration ?? 0,
    // Where the interaction's time went: waiting for the main thread, the handlers, then the next paint.
    interactionParts: longest && {
      event: longest.name,
      inputDelayMs: Math.round(longest.processingStart - longest.startTime),
      handlersMs: Math.round(longest.processingEnd - longest.processingStart),
      toNextPaintMs: Math.round(longest.startTime + longest.duration - longest.processingEnd),
    },
    shown,
  } satisfies Timed;
}

async function discoverToViewer(browser: Browser, baseUrl: string): Promise<Timed> {
  const { context, page } = await slowPhone(browser);
  try {
    await signInDemoMember(context, baseUrl);
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    const firstCard = page.getByTestId("ad-card").first().getByRole("link").first();
    await firstCard.waitFor();
    // Discover settled (its code and first pictures in): the tap measures the tap, not the page's load.
    await page.waitForTimeout(2_000);
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 10_000 })));
    const timed = await timeTap(page, () => firstCard.tap(), "[data-testid='viewer-media']", "media");
    const opened = new URL(page.url());
    if (opened.pathname !== "/mobile-watch") throw new Error(`the tap went to ${page.url()}`);
    return { ...timed, shown: `${timed.shown}, ad ${opened.searchParams.get("ad")}` };
  } finally {
    await context.close();
  }
}

async function counterAnswer(browser: Browser, baseUrl: string, member: BrowserContext): Promise<Timed> {
  const { context, page } = await slowPhone(browser);
  try {
    await signInDemoCounter(context, baseUrl);
    await page.goto(`${baseUrl}/merchant-scanner`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Look up", exact: true }).click();
    // The form shows by itself when the phone has no camera; otherwise staff open it.
    const typeACode = page.getByRole("button", { name: "Type a code" });
    if (await typeACode.isVisible()) await typeACode.click();
    const form = page.getByRole("form", { name: "Typed code" });
    await form.getByLabel("Customer's code").fill(await memberShortCode(member, baseUrl));
    await page.waitForTimeout(1_000);
    const send = form.getByRole("button", { name: "Send code" });
    return await timeTap(page, () => send.tap(), "[data-testid='scan-result']", "tone");
  } finally {
    await context.close();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function summarise(name: string, timed: Timed[]) {
  const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
  const tap = timed.map((t) => t.tapToShownMs);
  const element = timed.map((t) => t.tapToElementMs);
  const interaction = timed.map((t) => t.interactionMs);
  return {
    interaction: name,
    runs: timed,
    median: {
      tapToShownMs: median(tap),
      tapToElementMs: median(element),
      interactionMs: median(interaction),
    },
    range: { tapToShownMs: range(tap), tapToElementMs: range(element), interactionMs: range(interaction) },
  };
}

await withBenchServer(await freePort(), { MEMBER_HOME_RENDERING: "server" }, async (server) => {
  const browser = await launchBenchBrowser();
  try {
    const member = await browser.newContext();
    await signInDemoMember(member, server.baseUrl);
    const firstAd = await firstDiscoverAd(member, server.baseUrl);
    const viewer: Timed[] = [];
    const counter: Timed[] = [];
    for (let run = 0; run < runs; run++) {
      viewer.push(await discoverToViewer(browser, server.baseUrl));
      console.error(`Discover → viewer, run ${run + 1}: ${JSON.stringify(viewer.at(-1))}`);
      counter.push(await counterAnswer(browser, server.baseUrl, member));
      console.error(`counter answer, run ${run + 1}: ${JSON.stringify(counter.at(-1))}`);
    }
    console.log(
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          // Other work on the machine slows the simulated figures (TBT most): say how busy it was.
          loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
          phone: `Pixel 7 viewport, CPU slowed ${cpuSlowdown}x, no network throttling`,
          database: process.env.DATABASE_URL
            ? "PostgreSQL (scratch database, demo seed)"
            : "PGlite (demo seed)",
          firstDiscoverAd: { id: firstAd.id, mediaType: firstAd.mediaType },
          results: [
            summarise("tap a Discover card → the viewer's first frame", viewer),
            summarise("tap Send on a typed code → the counter's answer", counter),
          ],
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
  }
});
