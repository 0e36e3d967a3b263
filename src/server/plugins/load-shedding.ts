import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PoolStats } from "../db/client";

interface LoadSheddingOptions {
  poolStats?: () => PoolStats;
  /** Event-loop delay (ms) above which new requests are refused at once; 0 turns the check off. */
  maxEventLoopDelayMs: number;
}

const retryAfterSeconds = 5;
/**
 * Queries waiting per pool connection before new requests are refused: at a few milliseconds a query,
 * 16 deep is about 50-100 ms of queueing, past which answering 503 at once serves the member better.
 */
const queuedPerConnection = 16;
const busyBody = {
  message: "Anigye is very busy right now. Please try again in a few seconds.",
  code: "UNAVAILABLE",
};
/** Health and metrics still answer under load, so the operator can see what is happening. */
const exempt = new Set(["/api/health", "/api/health/ready", "/metrics"]);

/**
 * Refuses new work with 503 and Retry-After at once when this instance is saturated, instead of queueing
 * without limit until every request times out: when its event loop lags (over the last second) while
 * other requests are still being answered, or when more than 16 queries per connection wait for the
 * database pool. Only requests that really wait count: the work an instance does to start (migrations,
 * the seed, compiling routes) is never measured, so once `/api/health/ready` answers 200 the instance
 * serves (docs/product-rules.md#conventions-ready-means-ready).
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions) {
  const refuse = (request: FastifyRequest, reply: FastifyReply, why: object, what: string) => {
    request.log.warn(why, what);
    reply.status(503).header("retry-after", String(retryAfterSeconds)).send(busyBody);
  };
  const lag = options.maxEventLoopDelayMs > 0 ? watchEventLoopDelay(app) : undefined;
  const { poolStats } = options;
  let inFlight = 0;
  const ended = () => inFlight--;

  // One synchronous hook: it runs on every request, and a promise per check cost more than the checks.
  app.addHook("onRequest", (request, reply, done) => {
    if (lag) {
      inFlight++;
      // 'close' comes once the answer is sent or the client has gone, whichever ends the request.
      reply.raw.once("close", ended);
    }
    if (exempt.has(request.routeOptions.url ?? "")) return done();
    const delayMs = lag?.delayMs() ?? 0;
    // A loop that lagged with nobody waiting (a long job, a big export) is no reason to refuse the next.
    if (lag && delayMs > options.maxEventLoopDelayMs && inFlight > 1) {
      return refuse(request, reply, { type: "eventLoopDelay", delayMs, inFlight }, "shedding load");
    }
    const stats = poolStats?.();
    if (stats && stats.waiting > stats.size * queuedPerConnection) {
      return refuse(request, reply, { waiting: stats.waiting }, "shedding load: database pool saturated");
    }
    done();
  });
}

const sampleEveryMs = 1000;
const resolutionMs = 10;

/**
 * The event loop's mean delay over the last second, measured from the moment the app is ready (Node's
 * own histogram). @fastify/under-pressure, used before, measured from its registration, so the start-up's
 * work (and its event-loop utilisation, 0.9997) refused every request for up to a second after ready.
 */
function watchEventLoopDelay(app: FastifyInstance) {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  let delayMs = 0;
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    histogram.reset();
    histogram.enable();
    timer = setInterval(() => {
      // The histogram's own timer ticks every 10 ms, so an idle loop reads about 10 ms.
      if (histogram.count > 0) delayMs = Math.max(0, histogram.mean / 1e6 - resolutionMs);
      histogram.reset();
    }, sampleEveryMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    histogram.disable();
  });
  return { delayMs: () => delayMs };
}
