import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/client";

/** The counters other parts of the app move (the scheduled jobs), kept with the app's dependencies. */
export interface AppMetrics {
  registry: Registry;
  jobRuns: Counter<"job" | "outcome">;
  /** Members' homes sent as the plain shell instead of rendered on the server, by reason. */
  memberHomeFallbacks: Counter<"reason">;
  /** Attempts to send an email or SMS, by channel and outcome. */
  messages: Counter<"channel" | "outcome">;
}

/** One registry per app (tests build many apps in one process; prom-client's global one would clash). */
export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobRuns = new Counter({
    name: "anigye_job_runs_total",
    help: "Scheduled job runs by job and outcome (ok, failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const memberHomeFallbacks = new Counter({
    name: "anigye_member_home_fallbacks_total",
    help: "Members' homes sent as the plain shell instead of rendered on the server, by reason (signed-out, busy, failed)",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const messages = new Counter({
    name: "anigye_messages_total",
    help: "Emails and SMS by channel (email, sms) and outcome: sent, retrying (an attempt failed; it will be tried again), failed (given up after the last retry), deferred (an alert waiting for the morning)",
    labelNames: ["channel", "outcome"] as const,
    registers: [registry],
  });
  return { registry, jobRuns, memberHomeFallbacks, messages };
}

interface MetricsOptions {
  metrics: AppMetrics;
  /** Fraud signals per type since a moment (the fraud module's count). */
  fraudSignalsSince: (since: Date) => Promise<{ type: string; n: number }[]>;
  /** USSD sessions begun since a moment, per provider or "simulator" (the ussd module's count). */
  ussdSessionsSince: (since: Date) => Promise<{ source: string; n: number }[]>;
  poolStats?: () => PoolStats;
  /** Messages not yet sent or given up, per channel (undefined without a queue). */
  messagesWaiting: () => Promise<Record<string, number>> | undefined;
  /** When set, /metrics needs "Authorization: Bearer <token>". */
  token?: string;
}

/** The route pattern, not the URL, so /api/ads/1 and /api/ads/2 are one series. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? "unmatched";
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics: requests and latency per route, the database pool, job outcomes,
 * messages queued, sent and failed, and fraud signals per type and USSD sessions per provider in the last
 * 24 hours.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const { registry } = options.metrics;
  const requests = new Counter({
    name: "anigye_http_requests_total",
    help: "HTTP requests by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "anigye_http_request_duration_seconds",
    help: "Time to answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  registerPoolGauges(registry, options.poolStats);
  registerFraudGauge(registry, options.fraudSignalsSince);
  registerUssdGauge(registry, options.ussdSessionsSince);
  registerMessagesGauge(registry, options.messagesWaiting);

  // One labelled child per method, route and status, found by a string key: prom-client hashes a labels
  // object on every call otherwise, which cost more than the rest of a cached read.
  const series = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  function seriesOf(method: string, route: string, status: number) {
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) {
      const counter = requests.labels(method, route, String(status));
      const histogram = latency.labels(method, route);
      found = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
      series.set(key, found);
    }
    return found;
  }

  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request);
    if (route !== "/metrics") {
      const { count, time } = seriesOf(request.method, route, reply.statusCode);
      count();
      time(reply.elapsedTime / 1000);
    }
    done();
  });

  app.get(
    "/metrics",
    { config: { access: "metricsToken" }, schema: { hide: true } },
    async (request, reply) => {
      if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
        return reply.status(401).send({ message: "A metrics token is needed", code: "UNAUTHENTICATED" });
      }
      reply.header("cache-control", "no-store").type(registry.contentType);
      return registry.metrics();
    },
  );
}

function registerPoolGauges(registry: Registry, poolStats: (() => PoolStats) | undefined) {
  if (!poolStats) return;
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolStats()));
      },
    });
  gauge("anigye_db_pool_size", "Largest number of database connections (DATABASE_POOL_SIZE)", (s) => s.size);
  gauge("anigye_db_pool_connections", "Open database connections", (s) => s.total);
  gauge("anigye_db_pool_idle", "Idle database connections", (s) => s.idle);
  gauge("anigye_db_pool_waiting", "Queries waiting for a database connection", (s) => s.waiting);
}

function registerFraudGauge(registry: Registry, countSince: MetricsOptions["fraudSignalsSince"]) {
  new Gauge({
    name: "anigye_fraud_signals_24h",
    help: "Fraud signals recorded in the last 24 hours, by type",
    labelNames: ["type"] as const,
    registers: [registry],
    async collect() {
      const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const rows = await countSince(since);
      this.reset();
      for (const row of rows) this.set({ type: row.type }, row.n);
    },
  });
}

function registerUssdGauge(registry: Registry, countSince: MetricsOptions["ussdSessionsSince"]) {
  new Gauge({
    name: "anigye_ussd_sessions_24h",
    help: "USSD sessions begun in the last 24 hours, by provider (hubtel, africastalking) or simulator",
    labelNames: ["provider"] as const,
    registers: [registry],
    async collect() {
      const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
      const rows = await countSince(since);
      this.reset();
      for (const provider of ["hubtel", "africastalking", "simulator"]) this.set({ provider }, 0);
      for (const row of rows) this.set({ provider: row.source }, row.n);
    },
  });
}

function registerMessagesGauge(registry: Registry, waiting: MetricsOptions["messagesWaiting"]) {
  new Gauge({
    name: "anigye_messages_queued",
    help: "Emails and SMS queued and not yet sent or given up (waiting, to be retried, being sent), by channel",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      const counts = await waiting();
      this.reset();
      for (const [channel, n] of Object.entries(counts ?? {})) this.set({ channel }, n);
    },
  });
}
