import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/errors";

const oneYear = "public, max-age=31536000, immutable";
const alwaysRevalidate = "no-cache";

/**
 * Serves the built web app: hashed assets cached for a year, the HTML shell, service worker and
 * manifest always revalidated, and every non-API path answered with the shell (the client router
 * shows the screen or its not-found page). Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string | undefined }) {
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
    return reply.sendFile("index.html", distDir);
  });
}

/** Uploaded and seeded media: keys contain a content hash, so a file never changes under its URL. */
export async function registerMediaFiles(app: FastifyInstance, options: { mediaDir: string }) {
  fs.mkdirSync(options.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header("cache-control", oneYear);
    },
  });
}
