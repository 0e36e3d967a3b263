import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isPagePath } from "../../shared/app-paths";
import { isLanguage, type Language, languageCookieName } from "../../shared/i18n/languages";
import { isServerRenderedMemberPage } from "../../shared/member-home";
import {
  memberFirstReadsOfRoute,
  type PrerenderVariant,
  prerenderedPageAt,
  type RouteShell,
  routeShellsIndex,
} from "../../shared/prerendered-pages";
import { isSafeKey, type MediaStorage } from "../integrations/storage/storage";
import { AppError } from "../lib/errors";
import { type MemberHomeSources, memberHomePages } from "../lib/member-home";
import { sessionCookieNames } from "../lib/session-cookies";

const oneYear = "public, max-age=31536000, immutable";
const alwaysRevalidate = "no-cache";

/**
 * Serves the built web app: hashed assets cached for a year, the HTML shell, service worker and
 * manifest always revalidated, and every page path answered with the shell (the client router shows
 * the screen). A path the app has no page for gets the same shell with 404 (its router shows the
 * not-found page), so crawlers and monitors see the page doesn't exist. Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string | undefined;
    /** Given, a signed-in member's home and My Rewards are rendered on the server from these. */
    memberHome?: MemberHomeSources;
  },
) {
  const distDir =
    options.distDir && fs.existsSync(path.join(options.distDir, "index.html")) ? options.distDir : undefined;

  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(distDir, "assets") + path.sep);
        res.header("cache-control", isHashedAsset ? oneYear : alwaysRevalidate);
      },
    });
  }

  // Listed once at start: a page request never touches the disk to find its pre-rendered file.
  const prerenderedFiles = listPrerenderedFiles(distDir);
  const routeShells = listRouteShells(distDir);
  const memberHome =
    distDir && options.memberHome ? memberHomePages(app, distDir, options.memberHome) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "";
    // A missing file (an old hashed asset, a typo) is a 404, never the HTML shell in its place.
    const looksLikeFile = urlPath.startsWith("/assets/") || /\.[a-z0-9]{2,5}$/i.test(urlPath);
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !urlPath.startsWith("/api/") &&
      !looksLikeFile;
    if (!isPageRequest || !distDir) {
      throw new AppError("NOT_FOUND", `No such endpoint: ${request.method} ${urlPath}`);
    }
    reply.header("cache-control", alwaysRevalidate);
    const chosenHere = languageChosenInQuery(request.query);
    if (chosenHere) {
      reply.setCookie(languageCookieName, chosenHere, {
        path: "/",
        maxAge: 365 * 24 * 3600,
        sameSite: "lax",
      });
    }
    // The app's own route table decides: the router would show its not-found page here.
    if (!isPagePath(urlPath)) return reply.code(404).sendFile("index.html", distDir);
    if (
      memberHome &&
      isServerRenderedMemberPage(urlPath) &&
      request.method === "GET" &&
      request.cookies[sessionCookieNames.member]
    ) {
      const page = await memberHome.render(request, urlPath);
      if (page) {
        // Its pictures follow the phone's Save-Data when the device made no choice of its own.
        reply
          .header("cache-control", "private, no-cache")
          .header("vary", "Cookie, Save-Data, Accept-Encoding");
        return sendCompressed(reply.type("text/html; charset=utf-8"), request, page);
      }
    }
    const prerendered = prerenderedFileFor(prerenderedFiles, urlPath, {
      ...request.cookies,
      ...(chosenHere ? { [languageCookieName]: chosenHere } : {}),
    });
    if (prerendered) {
      reply.header("vary", "Cookie");
      return reply.sendFile(prerendered, distDir);
    }
    const routeShell = routeShellFor(routeShells, urlPath, chosenHere ?? request.cookies[languageCookieName]);
    if (routeShell) {
      reply.header("vary", "Cookie");
      const reads = request.cookies[sessionCookieNames.member]
        ? memberFirstReadsOfRoute[routeShell.path]
        : [];
      if (reads?.length) reply.header("link", reads.map(preloadedRead).join(", "));
      return reply.sendFile(routeShell.file, distDir);
    }
    return reply.sendFile("index.html", distDir);
  });
}

/**
 * A page rendered for this request, compressed as the browser accepts (about 110 KB of HTML becomes
 * about 12 KB): the not-found handler's answers don't pass through the compression plugin.
 */
function sendCompressed(reply: FastifyReply, request: FastifyRequest, page: string) {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    const quality = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
    return reply.header("content-encoding", "br").send(zlib.brotliCompressSync(page, quality));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(zlib.gzipSync(page));
  return reply.send(page);
}

/** `?lang=tw`: the first-run chooser's choice, sent as a form when the page's code hasn't run yet. */
function languageChosenInQuery(query: unknown): Language | undefined {
  const chosen = (query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(chosen) ? chosen : undefined;
}

/**
 * A signed-out visitor's landing or content page comes with its HTML already rendered at build time
 * (`scripts/prerender.ts`), in the language this device chose. A member's pages depend on who
 * they are, so they get the plain shell (their home, one that starts loading Discover at once).
 */
function prerenderedFileFor(
  files: ReadonlySet<string>,
  urlPath: string,
  cookies: Record<string, string | undefined>,
): string | undefined {
  const page = prerenderedPageAt(urlPath);
  if (!page) return undefined;
  if (cookies[sessionCookieNames.member]) {
    // A member's home is Discover: a shell that fetches Discover's code and list from the start.
    const memberHome = "prerendered/member-home.html";
    return urlPath === "/" && files.has(memberHome) ? memberHome : undefined;
  }
  const chosen = cookies[languageCookieName];
  const variant: PrerenderVariant = isLanguage(chosen) ? chosen : "first-run";
  const file = `prerendered/${page}.${variant}.html`;
  return files.has(file) ? file : undefined;
}

function listPrerenderedFiles(distDir: string | undefined): ReadonlySet<string> {
  const folder = distDir && path.join(distDir, "prerendered");
  if (!folder || !fs.existsSync(folder)) return new Set();
  return new Set(fs.readdirSync(folder).map((name) => `prerendered/${name}`));
}

interface ListedRouteShell {
  path: string;
  pattern: RegExp;
  files: RouteShell["files"];
}

/** As a `<link rel="preload">` in the page would ask for it: with the member's cookies, as the app's reads go. */
function preloadedRead(url: string): string {
  return `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
}

/** The routes' shells the build wrote (`scripts/route-shells.ts`), their paths as patterns. */
function listRouteShells(distDir: string | undefined): ListedRouteShell[] {
  const index = distDir && path.join(distDir, "prerendered", routeShellsIndex);
  if (!index || !fs.existsSync(index)) return [];
  const shells = JSON.parse(fs.readFileSync(index, "utf8")) as RouteShell[];
  return shells.map(({ path: routePath, files }) => ({
    path: routePath,
    pattern: new RegExp(`^${routePath.split("/").map(patternOfSegment).join("/")}$`),
    files,
  }));
}

function patternOfSegment(segment: string): string {
  return segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A page the browser renders itself gets the shell that names its code from the start, in the device's
 * language (Twi's texts instead of English's).
 */
function routeShellFor(
  shells: readonly ListedRouteShell[],
  urlPath: string,
  chosenLanguage: string | undefined,
): { path: string; file: string } | undefined {
  const shell = shells.find(({ pattern }) => pattern.test(urlPath));
  if (!shell) return undefined;
  return { path: shell.path, file: `prerendered/${shell.files[chosenLanguage === "tw" ? "tw" : "en"]}` };
}

/**
 * Uploaded and seeded media: keys contain a content hash, so a file never changes under its URL. Local
 * files are served from their folder; files in an object store are streamed from it with the same headers.
 */
export async function registerMediaFiles(app: FastifyInstance, options: { storage: MediaStorage }) {
  const { serving } = options.storage;
  if (serving.kind === "directory") {
    fs.mkdirSync(serving.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: serving.directory,
      prefix: "/media/",
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header("cache-control", oneYear);
      },
    });
    return;
  }
  app.get<{ Params: { "*": string } }>("/media/*", { schema: { hide: true } }, async (request, reply) => {
    const key = request.params["*"];
    const missing = () => new AppError("NOT_FOUND", "No such file");
    if (!isSafeKey(key)) throw missing();
    const ifNoneMatch = singleHeader(request.headers["if-none-match"]);
    const object = await serving.open(key, {
      method: request.method === "HEAD" ? "HEAD" : "GET",
      range: singleHeader(request.headers.range),
      ifNoneMatch,
    });
    if (!object) throw missing();
    if (object.status === 416) return reply.code(416).send();
    reply.header("cache-control", oneYear);
    if (object.etag) reply.header("etag", object.etag);
    if (object.status === 304) return reply.code(304).send();
    if (ifNoneMatch && ifNoneMatch === object.etag) {
      // A store that ignored If-None-Match: answer 304 here and let go of its connection.
      object.body?.destroy();
      return reply.code(304).send();
    }
    reply.header("accept-ranges", "bytes");
    if (object.contentType) reply.type(object.contentType);
    if (object.contentLength !== undefined) reply.header("content-length", object.contentLength);
    if (object.contentRange) reply.header("content-range", object.contentRange);
    if (object.lastModified) reply.header("last-modified", object.lastModified.toUTCString());
    return reply.code(object.status).send(object.body ?? "");
  });
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
