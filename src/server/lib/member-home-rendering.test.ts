import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { firstScreenStylesheet } from "../../../scripts/first-screen";
import { languageCookieName } from "../../shared/i18n/languages";
import { avifSiblingOf } from "../../shared/media";
import { discoverFirstCards } from "../../shared/member-home";
import {
  dataSaverCookieName,
  memberHomeMarker,
  memberHomeStateId,
  memberReadPaths,
  routeShellsIndex,
} from "../../shared/prerendered-pages";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestContext, type TestContext, testClock } from "../test/test-app";
import { watchingKit } from "../test/watching";
import type { RenderQueueLimits } from "./member-home";

/**
 * The member's home as the server renders it : a build's frame, and the renderer from
 * the sources (the build bundles the same module into `.prerender-build/prerender.js`).
 */
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
const buildDirs: string[] = [];

/** A build that holds the frame and, as its renderer, a module with this source: its `dist` folder. */
function buildWithRenderer(rendererSource: string, firstScreenCss = ""): string {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-member-home-"));
  buildDirs.push(buildDir);
  const distDir = path.join(buildDir, "dist");
  fs.mkdirSync(path.join(distDir, "prerendered"), { recursive: true });
  fs.writeFileSync(path.join(distDir, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(
    path.join(distDir, "prerendered", "member-home.frame.html"),
    `<!doctype html><html lang="en-GH"><head><style>${firstScreenCss}</style></head><body><div id="root">${memberHomeMarker}</div></body></html>`,
  );
  fs.writeFileSync(
    path.join(distDir, "prerendered", "member-rewards.frame.html"),
    `<!doctype html><html lang="en-GH"><head><style>${firstScreenCss}</style></head><body><div id="root">${memberHomeMarker}</div></body></html>`,
  );
  // My Rewards' route shells (what a visitor without a session gets), as `scripts/route-shells.ts` writes them.
  fs.mkdirSync(path.join(distDir, "prerendered", "routes"));
  for (const language of ["en", "tw"]) {
    fs.writeFileSync(
      path.join(distDir, "prerendered", "routes", `rewards-page.${language}.html`),
      `<!doctype html><html lang="en-GH"><head><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div><div id="app-loading" role="status"><span>Anigye</span><span>${language}-loading…</span></div></body></html>`,
    );
  }
  fs.writeFileSync(
    path.join(distDir, "prerendered", routeShellsIndex),
    JSON.stringify([
      { path: "/rewards", files: { en: "routes/rewards-page.en.html", tw: "routes/rewards-page.tw.html" } },
    ]),
  );
  fs.mkdirSync(path.join(buildDir, ".prerender-build"));
  fs.writeFileSync(path.join(buildDir, ".prerender-build", "prerender.js"), rendererSource);
  return distDir;
}

const rendering = { MEMBER_HOME_RENDERING: "server" };

const renderer = path.resolve(import.meta.dirname, "../../web/prerender.tsx");

const clock = testClock();

beforeAll(async () => {
  ctx = await createTestContext({
    env: rendering,
    overrides: {
      now: clock.now,
      webDistDir: buildWithRenderer(
        `export * from ${JSON.stringify(renderer)};\n`,
        await firstScreenStylesheet(),
      ),
    },
  });
  kit = watchingKit(ctx, clock);
  await kit.publishAd(["HOME-1"]);
});
afterAll(async () => {
  await ctx.close();
  for (const buildDir of buildDirs) fs.rmSync(buildDir, { recursive: true, force: true });
});

function homeOf(
  cookies: Record<string, string>,
  headers: Record<string, string> = {},
  app: TestContext["app"] = ctx.app,
) {
  return pageOf("/", cookies, headers, app);
}

async function pageOf(
  url: string,
  cookies: Record<string, string>,
  headers: Record<string, string> = {},
  app: TestContext["app"] = ctx.app,
) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const response = await app.inject({
    method: "GET",
    url,
    headers: { cookie, "accept-encoding": "br", ...headers },
  });
  expect(response.statusCode).toBe(200);
  const compressed = response.headers["content-encoding"] === "br";
  const html = (compressed ? brotliDecompressSync(response.rawPayload) : response.rawPayload).toString(
    "utf8",
  );
  const pictures = [...html.matchAll(/<img[^>]*\ssrc="([^"]+\.webp)"/g)].map((match) => match[1] ?? "");
  const cardPictures = pictures.filter((src) => !src.includes("logo"));
  const rendered = html.includes(memberHomeStateId);
  return { response, html, cardPictures, rendered };
}

describe("the member's home rendered on the server and the data saver", () => {
  it("a phone that asks to save data (Save-Data: on) gets the small pictures, and the app is told so", async () => {
    const { cookies } = await kit.member();

    const { html, cardPictures, response } = await homeOf(cookies, { "save-data": "on" });

    expect(html).toContain('data-testid="ad-card"');
    expect(cardPictures.length).toBeGreaterThan(0);
    expect(cardPictures.every((src) => src.endsWith(".small.webp"))).toBe(true);
    expect(html).toContain('"dataSaver":true');
    // A cache in between keeps one copy per answer to Save-Data.
    expect(String(response.headers.vary)).toMatch(/save-data/i);
  });

  it("a phone that doesn't ask gets the full pictures", async () => {
    const { cookies } = await kit.member();

    const { cardPictures } = await homeOf(cookies);

    expect(cardPictures.length).toBeGreaterThan(0);
    expect(cardPictures.some((src) => src.endsWith(".small.webp"))).toBe(false);
  });

  it("the member's own choice on this phone wins over the browser's ask, either way", async () => {
    const { cookies } = await kit.member();

    const off = await homeOf({ ...cookies, [dataSaverCookieName]: "off" }, { "save-data": "on" });
    const on = await homeOf({ ...cookies, [dataSaverCookieName]: "on" });

    expect(off.cardPictures.some((src) => src.endsWith(".small.webp"))).toBe(false);
    expect(on.cardPictures.length).toBeGreaterThan(0);
    expect(on.cardPictures.every((src) => src.endsWith(".small.webp"))).toBe(true);
  });
});

describe("the first screen", () => {
  it("the server sends the first row of cards, and the page carries the first ten for the app", async () => {
    for (let i = 2; i <= 12; i++) await kit.publishAd([`HOME-${i}`]);
    const { cookies } = await kit.member();

    const { html } = await homeOf(cookies);

    expect(html.match(/data-testid="ad-card"/g)).toHaveLength(2);
    const state = html.match(new RegExp(`<script[^>]*id="${memberHomeStateId}"[^>]*>([^<]+)</script>`));
    expect(JSON.parse(state![1]!).discovery).toHaveLength(discoverFirstCards);
  });

  it("offers each card's picture as AVIF too, in the size the data saver chose", async () => {
    const { cookies } = await kit.member();

    for (const home of [await homeOf(cookies), await homeOf(cookies, { "save-data": "on" })]) {
      const offered = [...home.html.matchAll(/<source type="image\/avif" srcset="([^"]+)"/gi)].map(
        (match) => match[1],
      );
      expect(home.cardPictures.length).toBeGreaterThan(0);
      expect(offered).toEqual(home.cardPictures.map(avifSiblingOf));
    }
  });

  it("carries the styles its own markup uses, not every first screen's", async () => {
    const { cookies } = await kit.member();

    const { html } = await homeOf(cookies);

    const styles = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    // The cards' pictures fill their frame; nothing on the page spins.
    expect(html).toContain('class="size-full object-cover"');
    expect(styles).toContain(".size-full{");
    expect(html).not.toMatch(/class="[^"]*\banimate-spin\b/);
    expect(styles).not.toContain(".animate-spin{");
    expect(styles).toContain("@layer theme");
  });
});

describe("My Rewards rendered on the server", () => {
  const stateIn = (html: string) =>
    JSON.parse(html.match(new RegExp(`<script[^>]*id="${memberHomeStateId}"[^>]*>([^<]+)</script>`))![1]!);

  it("comes with the member's rewards in the page, as the API answers them, and no loading screen", async () => {
    const ad = await kit.publishAd(["REWARDS-PAGE-1"]);
    const { cookies } = await kit.member();
    expect((await kit.watchToTheEnd(cookies, ad.id)).statusCode).toBe(200);
    const mine = await ctx.app.inject({
      method: "GET",
      url: memberReadPaths.myRewards,
      cookies,
    });

    const { html, rendered, response } = await pageOf("/rewards", cookies);

    expect(rendered).toBe(true);
    expect(html).toContain("My Rewards");
    expect(html).toContain("REWARDS-PAGE-1");
    expect(html).not.toContain("app-loading");
    // Its styles inline, cut down to what its markup uses.
    const styles = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(html).toContain("tabular-nums");
    expect(styles).toContain(".tabular-nums{");
    expect(styles).not.toContain(".animate-spin{");
    const state = stateIn(html);
    expect(state.path).toBe("/rewards");
    expect(state.reads[memberReadPaths.myRewards]).toEqual(mine.json());
    expect(Object.keys(state.reads)).toContain(memberReadPaths.profile);
    expect(state.discovery).toEqual([]);
    expect(String(response.headers["cache-control"])).toContain("private");
  });

  it("in Twi on a phone that chose Twi", async () => {
    const { cookies } = await kit.member();

    const { html } = await pageOf("/rewards", { ...cookies, [languageCookieName]: "tw" });

    expect(html).toContain('<html lang="tw">');
    expect(html).toContain("M&#x27;akatua");
    expect(html).not.toContain("My Rewards");
  });

  it("a visitor without a session, or whose session ended, gets the route's shell", async () => {
    const signedOut = await pageOf("/rewards", {});
    const ended = await pageOf("/rewards", { anigye_sid: "no-such-session" });

    for (const page of [signedOut, ended]) {
      expect(page.rendered).toBe(false);
      expect(page.html).toContain('<div id="root"></div><div id="app-loading"');
    }
  });

  it("one member's page never carries another's rewards", async () => {
    const ad = await kit.publishAd(["REWARDS-PAGE-OTHER"]);
    const owner = await kit.member();
    const other = await kit.member();
    expect((await kit.watchToTheEnd(owner.cookies, ad.id)).statusCode).toBe(200);

    const { html } = await pageOf("/rewards", other.cookies);

    expect(html).not.toContain("REWARDS-PAGE-OTHER");
    expect(stateIn(html).reads[memberReadPaths.myRewards]).toEqual([]);
  });
});

describe("members' homes rendered side by side", () => {
  it("members whose phones are in Twi and in English, at the same moment, each get their own language", async () => {
    const members = await Promise.all([kit.member(), kit.member(), kit.member(), kit.member()]);
    const languages = ["tw", "en", "tw", "en"] as const;

    const homes = await Promise.all(
      members.map(({ cookies }, i) => homeOf({ ...cookies, [languageCookieName]: languages[i]! })),
    );

    homes.forEach((home, i) => {
      expect(home.rendered).toBe(true);
      if (languages[i] === "tw") {
        expect(home.html).toContain('<html lang="tw">');
        expect(home.html).toContain("Deɛ agye din");
        expect(home.html).not.toContain("Trending");
      } else {
        expect(home.html).toContain('<html lang="en-GH">');
        expect(home.html).toContain("Trending");
        expect(home.html).not.toContain("Deɛ agye din");
      }
    });
  });
});

describe("a home sent as the shell is counted in /metrics, with its reason", () => {
  const fallbacks = async (app: TestContext["app"], reason: string) => {
    const metrics = await app.inject({ method: "GET", url: "/metrics" });
    const line = metrics.body
      .split("\n")
      .find((text) => text.startsWith(`anigye_member_home_fallbacks_total{reason="${reason}"}`));
    return Number(line?.split(" ").at(-1));
  };

  /** A second app on the same database, whose build's renderer is this module source. */
  const appWithRenderer = (rendererSource: string, memberHomeQueue?: RenderQueueLimits) =>
    buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: ctx.dataDir,
        MAX_EVENT_LOOP_DELAY_MS: "0",
        ...rendering,
      }),
      db: ctx.database.db,
      webDistDir: buildWithRenderer(rendererSource),
      memberHomeQueue,
    });

  it("a renderer that fails: the member gets the shell, counted as failed", async () => {
    const broken = await appWithRenderer(
      'export async function renderMemberPage() { throw new Error("the renderer is broken"); }\n',
    );
    try {
      const { cookies } = await kit.member();
      expect(await fallbacks(broken, "failed")).toBe(0);

      const home = await homeOf(cookies, {}, broken);

      expect(home.rendered).toBe(false);
      expect(home.html).toContain('<div id="root"></div>');
      expect(await fallbacks(broken, "failed")).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it("members who ask at once are rendered in turn, more than render side by side, and none gets the shell", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => kit.member()));
    const busyBefore = await fallbacks(ctx.app, "busy");

    const homes = await Promise.all(members.map(({ cookies }) => homeOf(cookies)));

    expect(homes.filter((home) => home.rendered)).toHaveLength(12);
    expect(await fallbacks(ctx.app, "busy")).toBe(busyBefore);
  });

  it("when the line is full, the next member gets the shell at once, counted as busy, and those in line their pages", async () => {
    // A renderer whose renders wait until the test lets them finish, in an app that renders one home at a
    // time with one more waiting.
    const held = globalThis as typeof globalThis & { heldHomeRenders?: (() => void)[] };
    held.heldHomeRenders = [];
    const slowApp = await appWithRenderer(
      'export function renderMemberPage() { return new Promise((resolve) => globalThis.heldHomeRenders.push(() => resolve("<main>home</main>"))); }\n',
      { rendersAtOnce: 1, waitingAtMost: 1 },
    );
    try {
      const [first, second, third] = await Promise.all([kit.member(), kit.member(), kit.member()]);
      const firstHome = homeOf(first.cookies, {}, slowApp);
      await vi.waitFor(() => expect(held.heldHomeRenders).toHaveLength(1));

      const lastTwo = [homeOf(second.cookies, {}, slowApp), homeOf(third.cookies, {}, slowApp)];
      // One of the two waits in line behind the first; the other finds the line full and isn't kept waiting.
      const turnedAway = await Promise.race(lastTwo);
      expect(turnedAway.rendered).toBe(false);
      expect(await fallbacks(slowApp, "busy")).toBe(1);

      const all = Promise.all([firstHome, ...lastTwo]);
      let settled = false;
      void all.finally(() => {
        settled = true;
      });
      while (!settled) {
        for (const finish of held.heldHomeRenders.splice(0)) finish();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await all).filter((home) => home.rendered)).toHaveLength(2);
      expect(await fallbacks(slowApp, "busy")).toBe(1);
    } finally {
      await slowApp.close();
    }
  });

  it("a cookie whose session has ended: the shell, counted as signed out, and nothing else", async () => {
    const before = {
      signedOut: await fallbacks(ctx.app, "signed-out"),
      failed: await fallbacks(ctx.app, "failed"),
    };

    const home = await homeOf({ anigye_sid: "a-session-that-ended" });

    expect(home.rendered).toBe(false);
    expect(await fallbacks(ctx.app, "signed-out")).toBe(before.signedOut + 1);
    expect(await fallbacks(ctx.app, "failed")).toBe(before.failed);
  });
});
