import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors";

const stateChangingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Custom headers that prove a call was not made by a cross-site form or image: a cross-origin page can
 * only add one after a CORS preflight, which this server never grants. The web client sends both; other
 * clients (a counter device, a partner's app, curl) send X-Device-Fingerprint
 * (docs/product-rules.md#conventions-non-browser-clients).
 */
export const requestedWithHeader = "x-requested-with";
export const deviceFingerprintHeader = "x-device-fingerprint";
const customHeaders = [requestedWithHeader, deviceFingerprintHeader];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set false on a route that is called by another server (a payment webhook), never by a browser. */
    csrf?: boolean;
  }
}

/**
 * Defence against cross-site request forgery on every state-changing call:
 * the browser's Fetch Metadata and Origin must say same-origin, and one of the custom headers must be
 * present.
 */
export function registerCsrfGuard(app: FastifyInstance, options: { trustedOrigins: string[] }) {
  const trusted = new Set(options.trustedOrigins);
  app.addHook("onRequest", (request, _reply, done) => {
    // Every state-changing request, whatever its path: the router decodes "%61pi" to "api".
    if (!stateChangingMethods.has(request.method)) return done();
    if (request.routeOptions.config?.csrf === false) return done();
    if (!isSameOriginRequest(request, trusted)) {
      return done(new AppError("FORBIDDEN", "Cross-site request refused"));
    }
    done();
  });
}

function isSameOriginRequest(request: FastifyRequest, trusted: Set<string>): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.origin;
  if (origin && origin !== ownOrigin(request) && !trusted.has(origin)) return false;
  return customHeaders.some((header) => Boolean(request.headers[header]));
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
