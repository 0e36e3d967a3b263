import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { waitForTheLiveHome, waitForTheLiveLanding } from "./support/live-app";
import { signInAsDemo } from "./support/members";

/**
 * What a cheap phone downloads in code on its first visit: every script the page asked for, gzipped at the
 * strongest level (as a CDN would), read from the build the server serves. Budgets in bench/README.md.
 */
const kilobyte = 1024;
const landingBudget = 30 * kilobyte;
const memberHomeBudget = 140 * kilobyte;
/** My Rewards, the loyalty card, the viewer and the counter's pages: each a first screen of its own. */
const appPageBudget = 160 * kilobyte;

// A first visit: no service worker answering from a cache.
test.use({ serviceWorkers: "block" });

function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

function gzippedBytesOf(scripts: Set<string>): { total: number; perScript: Record<string, number> } {
  const perScript: Record<string, number> = {};
  for (const script of scripts) {
    const file = path.join("dist", script);
    if (fs.existsSync(file)) perScript[script] = gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  const total = Object.values(perScript).reduce((sum, bytes) => sum + bytes, 0);
  test.info().annotations.push({ type: "gzipped code", description: `${total} bytes` });
  return { total, perScript };
}

test("the landing's first visit downloads at most 30 KB of code", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto("/");
  await waitForTheLiveLanding(page);
  await page.waitForLoadState("networkidle");
  const { total, perScript } = gzippedBytesOf(scripts);
  expect(Object.keys(perScript).length, "the landing ran no code of its own").toBeGreaterThan(0);
  expect(total, JSON.stringify(perScript, null, 1)).toBeLessThanOrEqual(landingBudget);
});

test("a member's home (Discover) downloads at most 140 KB of code on a new phone", async ({ page }) => {
  await signInAsAma(page);
  const scripts = recordScripts(page);
  await page.goto("/");
  await waitForTheLiveHome(page);
  await page.waitForLoadState("networkidle");
  const { total, perScript } = gzippedBytesOf(scripts);
  expect(total, JSON.stringify(perScript, null, 1)).toBeLessThanOrEqual(memberHomeBudget);
});

async function signInAsAma(page: Page) {
  const signIn = await page.request.post("/api/auth/login", {
    headers: { "X-Requested-With": "anigye" },
    data: { email: "ama@example.com", password: "anigye-demo" },
  });
  expect(signIn.ok()).toBe(true);
}

async function signInAtTheDemoCounter(page: Page) {
  const signIn = await page.request.post("/api/merchant/login", {
    headers: { "X-Requested-With": "anigye" },
    data: { username: "kofi-chop-bar", staffName: "Esi", pin: "2580" },
  });
  expect(signIn.ok()).toBe(true);
}

/**
 * Ama signs in through the form (the app keeps who is signed in on the device too), then the browser
 * forgets every file it downloaded: the page below is opened as on a phone that never fetched its code.
 */
async function signInAsAmaOnTheDevice(page: Page) {
  await signInAsDemo(page, "ama@example.com");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await page.goto("about:blank");
}

const appPages: {
  name: string;
  path: string;
  signIn(page: Page): Promise<void>;
  ready(page: Page): Promise<void>;
}[] = [
  {
    name: "My Rewards",
    path: "/rewards",
    signIn: signInAsAmaOnTheDevice,
    ready: (page) => expect(page.getByRole("list", { name: "Rewards" })).toBeVisible(),
  },
  {
    name: "the loyalty card",
    path: "/loyalty-dashboard",
    signIn: signInAsAmaOnTheDevice,
    ready: (page) => expect(page.getByTestId("member-qr")).toBeVisible(),
  },
  {
    name: "the viewer",
    path: "/mobile-watch?ad=1",
    signIn: signInAsAmaOnTheDevice,
    ready: (page) => expect(page.getByRole("progressbar", { name: "Watched" })).toBeVisible(),
  },
  {
    name: "the counter's scanner",
    path: "/merchant-scanner",
    signIn: signInAtTheDemoCounter,
    ready: (page) => expect(page.getByLabel("Purchase amount (GH₵)")).toBeVisible(),
  },
  {
    name: "the counter's home",
    path: "/merchant",
    signIn: signInAtTheDemoCounter,
    ready: (page) => expect(page.getByRole("heading", { name: "Counter", exact: true })).toBeVisible(),
  },
];

for (const { name, path: at, signIn, ready } of appPages) {
  test(`${name} (${at}) downloads at most 160 KB of code on a new phone`, async ({ page }) => {
    await signIn(page);
    const scripts = recordScripts(page);
    await page.goto(at);
    await ready(page);
    await page.waitForLoadState("networkidle");
    const { total, perScript } = gzippedBytesOf(scripts);
    expect(total, JSON.stringify(perScript, null, 1)).toBeLessThanOrEqual(appPageBudget);
  });
}

test("the build runs React Router's production code, without its development warnings", () => {
  const assets = path.join("dist", "assets");
  const scripts = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  // A warning only the development build keeps (its ENABLE_DEV_WARNINGS branch).
  const warned = scripts.filter((name) =>
    fs.readFileSync(path.join(assets, name), "utf8").includes("No routes matched location"),
  );
  expect(warned).toEqual([]);
});

test.describe("a page the browser renders itself, before its code runs", () => {
  test.use({ javaScriptEnabled: false });

  test("says it is loading at once, instead of a blank screen", async ({ page }) => {
    await page.goto("/merchant-login");
    await expect(page.getByRole("status")).toHaveText(/Anigye\s*Loading…/);
  });
});

test("the app takes the loading screen's place once it runs", async ({ page }) => {
  await page.goto("/merchant-login");
  await expect(page.locator("input[name=pin]")).toBeVisible();
  await expect(page.locator("#app-loading")).toHaveCount(0);
});
