import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formattingDataScript, startAfterFirstPaintScript } from "../shared/prerendered-pages";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createTestContext, sendJson, type TestContext } from "./test/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("server basics", () => {
  it("reports health after checking the database", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers an unknown API path with 404 in the one error shape", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await sendJson(ctx.app, method, "/api/no-such-thing?x=1");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: "NOT_FOUND",
        message: `No such endpoint: ${method} /api/no-such-thing`,
      });
    }
  });

  it("sends the API's answers the API's security headers, a policy that allows nothing", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers).toMatchObject({
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    // The page's headers (for documents only) stay off the API's answers.
    expect(response.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(response.headers["x-dns-prefetch-control"]).toBeUndefined();
    const headerBytes = Object.entries(response.headers).join("\r\n").length;
    expect(headerBytes).toBeLessThan(600);
  });

  it("sends pages security headers with a content security policy", async () => {
    // A page's path (the web app isn't built for these tests, so its answer is the not-found one).
    const response = await ctx.app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Two inline scripts may run, by their hashes: a pre-rendered page's start after its first paint,
    // and a route shell's formatting data.
    const scriptSources = csp.match(/script-src ([^;]+)/)?.[1] ?? "";
    for (const script of [startAfterFirstPaintScript, formattingDataScript]) {
      const scriptHash = createHash("sha256").update(script).digest("base64");
      expect(scriptSources).toContain(`'sha256-${scriptHash}'`);
    }
    expect(scriptSources).not.toContain("unsafe-inline");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends Strict-Transport-Security only over HTTPS", async () => {
    const hstsOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ctx.dataDir, ...env }),
        db: ctx.database.db,
        withoutMessageQueue: true,
      });
      try {
        const response = await app.inject({ method: "GET", url: "/api/health", headers });
        expect(response.statusCode).toBe(200);
        return response.headers["strict-transport-security"];
      } finally {
        await app.close();
      }
    };
    // Plain HTTP: a laptop, or an instance reached directly.
    expect(await hstsOf({})).toBeUndefined();
    expect(await hstsOf({ APP_URL: "http://anigye.test" })).toBeUndefined();
    // Behind TRUST_PROXY the proxy says how the browser came; an https:// APP_URL doesn't override it.
    const proxied = { TRUST_PROXY: "1", APP_URL: "https://anigye.test" };
    expect(await hstsOf(proxied, { "x-forwarded-proto": "https" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(await hstsOf(proxied, { "x-forwarded-proto": "http" })).toBeUndefined();
    expect(await hstsOf(proxied)).toBeUndefined();
    // No proxy trusted: a forged header counts for nothing; an https:// APP_URL means a TLS front end.
    expect(await hstsOf({ APP_URL: "http://anigye.test" }, { "x-forwarded-proto": "https" })).toBeUndefined();
    expect(await hstsOf({ APP_URL: "https://anigye.test" })).toBe("max-age=31536000; includeSubDomains");
  });

  it("refuses an oversized body with 413 in the error shape", async () => {
    const response = await sendJson(ctx.app, "POST", "/api/coming-soon/users", {
      name: "x".repeat(1024 * 1024 + 10),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large" });
  });
});

describe("unexpected failures", () => {
  it("hides the details of a server error behind a generic message", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-500-"));
    const database = await openDatabase({});
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      db: database.db,
    });
    app.get("/api/boom", { config: { access: "anyone" } }, async () => {
      throw new Error("secret connection string postgres://user:pw@db");
    });
    app.get("/api/deadlock", { config: { access: "anyone" } }, async () => {
      throw Object.assign(new Error("Failed query"), {
        cause: Object.assign(new Error("x"), { code: "40P01" }),
      });
    });
    const response = await app.inject({ method: "GET", url: "/api/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: "INTERNAL", message: "Something went wrong. Please try again." });
    expect(response.body).not.toContain("secret");
    // Two transactions that met in the database: a plain "try again", not a server fault.
    const busy = await app.inject({ method: "GET", url: "/api/deadlock" });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ code: "BUSY", message: "We're busy right now. Please try again." });
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("serving the web app", () => {
  let dist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
    fs.writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('hello');\n".repeat(500));
    fs.writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch',()=>{})");
    fs.mkdirSync(path.join(dist, "prerendered"));
    for (const variant of ["first-run", "en", "tw"]) {
      fs.writeFileSync(
        path.join(dist, "prerendered", `landing.${variant}.html`),
        `<h1>landing ${variant}</h1>`,
      );
    }
    fs.writeFileSync(path.join(dist, "prerendered", "member-home.html"), "<p>member home</p>");
    fs.mkdirSync(path.join(dist, "prerendered", "routes"));
    const routeShells = [
      { path: "/rewards", name: "rewards-page" },
      { path: "/company-dashboard/:id", name: "company-dashboard-page" },
    ].map(({ path: routePath, name }) => {
      for (const language of ["en", "tw"]) {
        fs.writeFileSync(
          path.join(dist, "prerendered", "routes", `${name}.${language}.html`),
          `<p>${name} shell, ${language}</p>`,
        );
      }
      return { path: routePath, files: { en: `routes/${name}.en.html`, tw: `routes/${name}.tw.html` } };
    });
    fs.writeFileSync(path.join(dist, "prerendered", "route-shells.json"), JSON.stringify(routeShells));
    const database = await openDatabase({});
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dist }),
      db: database.db,
      webDistDir: dist,
    });
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(dist, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("serves the app shell for every page of the app's route table, always revalidated", async () => {
    for (const url of ["/", "/coming-soon", "/places/12", "/admin/oauth-config", "/FAQ/"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("answers a path the app has no page for 404, with the same shell (its router shows the not-found page)", async () => {
    for (const url of [
      "/some/unknown/page",
      "/rewardsx",
      "/company-dashboard/12/more",
      "/places/",
      "/auth",
    ]) {
      for (const method of ["GET", "HEAD"] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers["content-type"]).toContain("text/html");
        expect(response.headers["cache-control"]).toBe("no-cache");
        if (method === "GET") expect(response.body).toBe("<!doctype html><div id=root></div>");
      }
    }
  });

  it("sends a page the browser renders the shell that names its code, in the device's language", async () => {
    const page = (url: string, cookie?: string) =>
      app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} }).then((r) => r.body);
    expect(await page("/rewards")).toBe("<p>rewards-page shell, en</p>");
    expect(await page("/rewards?tab=badges", "anigye_language=tw")).toBe("<p>rewards-page shell, tw</p>");
    expect(await page("/company-dashboard/12")).toBe("<p>company-dashboard-page shell, en</p>");
    // Paths no route has get the plain shell.
    expect(await page("/company-dashboard/12/more")).toBe("<!doctype html><div id=root></div>");
    expect(await page("/rewardsx")).toBe("<!doctype html><div id=root></div>");
  });

  it("names a member's page's first reads for preloading only when the request carries a member's session", async () => {
    const shell = (cookie?: string) =>
      app.inject({ method: "GET", url: "/rewards", headers: cookie ? { cookie } : {} });

    const member = await shell("anigye_sid=abc");
    const visitor = await shell();

    expect(member.body).toBe("<p>rewards-page shell, en</p>");
    expect(member.headers.link).toContain(
      "</api/rewards/mine>; rel=preload; as=fetch; crossorigin=use-credentials",
    );
    expect(member.headers.link).toContain("</api/auth/me>; rel=preload");
    expect(visitor.headers.link).toBeUndefined();
    // A route with no reads listed gets no header.
    const other = await app.inject({
      method: "GET",
      url: "/company-dashboard/12",
      headers: { cookie: "anigye_sid=abc" },
    });
    expect(other.headers.link).toBeUndefined();
  });

  it("sends a signed-out visitor the landing already rendered, in the language this device chose", async () => {
    const page = (cookie?: string) =>
      app.inject({ method: "GET", url: "/", headers: cookie ? { cookie } : {} }).then((r) => r.body);
    expect(await page()).toBe("<h1>landing first-run</h1>");
    expect(await page("anigye_language=tw")).toBe("<h1>landing tw</h1>");
    expect(await page("anigye_language=en")).toBe("<h1>landing en</h1>");
    expect(await page("anigye_language=fr")).toBe("<h1>landing first-run</h1>");
    // The chooser's form, before the page's code has run: that language, remembered.
    const chosen = await app.inject({
      method: "GET",
      url: "/?lang=tw",
      headers: { cookie: "anigye_language=en" },
    });
    expect(chosen.body).toBe("<h1>landing tw</h1>");
    expect(String(chosen.headers["set-cookie"])).toContain("anigye_language=tw");
    expect(await app.inject({ method: "GET", url: "/?lang=xx" }).then((r) => r.body)).toBe(
      "<h1>landing first-run</h1>",
    );
    // A member's home is Discover, rendered in the browser from a shell that starts loading it at once.
    expect(await page("anigye_sid=abc; anigye_language=tw")).toBe("<p>member home</p>");
    // A page with nothing pre-rendered (here, the FAQ's file is missing) falls back to the shell.
    const faq = await app.inject({ method: "GET", url: "/faq" });
    expect(faq.body).toContain("<div id=root>");
    const membersFaq = await app.inject({
      method: "GET",
      url: "/faq",
      headers: { cookie: "anigye_sid=abc" },
    });
    expect(membersFaq.body).toContain("<div id=root>");
  });

  it("caches hashed assets for a year and the service worker not at all", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const worker = await app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses assets for clients that accept gzip", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it("answers a missing asset with 404, not the shell", async () => {
    for (const url of ["/assets/index-gone123.js", "/assets/old.css", "/missing-icon.png"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
    }
  });

  it("still answers unknown API paths with JSON, not the shell", async () => {
    const response = await app.inject({ method: "GET", url: "/api/missing" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
  });
});
