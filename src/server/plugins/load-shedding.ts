import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
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
 * Refuses new work with 503 and Retry-After at once when this instance is saturated (event loop lagging,
 * or more than 16 queries per connection waiting for the database pool), instead of queueing without
 * limit until every request times out.
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    // A loop busy 98 % of the time is saturated too; the same setting turns both checks off.
    maxEventLoopUtilization: options.maxEventLoopDelayMs > 0 ? 0.98 : 0,
    retryAfter: retryAfterSeconds,
    pressureHandler: (request, reply, type, value) => {
      if (exempt.has(request.routeOptions.url ?? "")) return;
      request.log.warn({ type, value }, "shedding load");
      reply.status(503).header("retry-after", String(retryAfterSeconds)).send(busyBody);
    },
  });
  const { poolStats } = options;
  if (!poolStats) return;
  app.addHook("onRequest", async (request, reply) => {
    if (exempt.has(request.routeOptions.url ?? "")) return;
    const stats = poolStats();
    if (stats.waiting <= stats.size * queuedPerConnection) return;
    request.log.warn({ waiting: stats.waiting }, "shedding load: database pool saturated");
    return reply.status(503).header("retry-after", String(retryAfterSeconds)).send(busyBody);
  });
}
