import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSaverCookieName, memberHomeMarker } from "../../shared/prerendered-pages";
import { createTestContext, type TestContext, testClock } from "../test/test-app";
import { watchingKit } from "../test/watching";

/**
 * The member's home as the server renders it : a build's frame, and the renderer from
 * the sources (the build bundles the same module into `.prerender-build/prerender.js`).
 */
let ctx: TestContext;
let kit: ReturnType<typeof watchingKit>;
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-member-home-"));
const distDir = path.join(buildDir, "dist");

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, "prerendered"), { recursive: true });
  fs.writeFileSync(path.join(distDir, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(
    path.join(distDir, "prerendered", "member-home.frame.html"),
    `<!doctype html><html lang="en-GH"><head></head><body><div id="root">${memberHomeMarker}</div></body></html>`,
  );
  fs.mkdirSync(path.join(buildDir, ".prerender-build"));
  const renderer = path.resolve(import.meta.dirname, "../../web/prerender.tsx");
  fs.writeFileSync(
    path.join(buildDir, ".prerender-build", "prerender.js"),
    `export * from ${JSON.stringify(renderer)};\n`,
  );
  ctx = await createTestContext({
    env: { MEMBER_HOME_RENDERING: "server" },
    overrides: { webDistDir: distDir },
  });
  kit = watchingKit(ctx, testClock());
  await kit.publishAd(["HOME-1"]);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

async function homeOf(cookies: Record<string, string>, headers: Record<string, string> = {}) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const response = await ctx.app.inject({
    method: "GET",
    url: "/",
    headers: { cookie, "accept-encoding": "br", ...headers },
  });
  expect(response.statusCode).toBe(200);
  const html = brotliDecompressSync(response.rawPayload).toString("utf8");
  const pictures = [...html.matchAll(/<img[^>]*\ssrc="([^"]+\.webp)"/g)].map((match) => match[1] ?? "");
  const cardPictures = pictures.filter((src) => !src.includes("logo"));
  return { response, html, cardPictures };
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
