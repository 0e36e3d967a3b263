import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createTestContext, type TestContext } from "../test/test-app";

/** Operating the app: metrics, readiness, request ids, load shedding and a database that goes away. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: "metrics-token-for-tests-123" } });
});
afterAll(() => ctx.close());

describe("metrics", () => {
  it("counts requests per route pattern and needs the token when one is set", async () => {
    await ctx.app.inject({ method: "GET", url: "/api/health" });
    await ctx.app.inject({ method: "GET", url: "/api/ads/999999" });
    expect((await ctx.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-token-for-tests-124" },
    });
    expect(wrong.statusCode).toBe(401);
    const scraped = await ctx.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metrics-token-for-tests-123" },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers["content-type"]).toMatch(/^text\/plain/);
    expect(scraped.body).toContain(
      'anigye_http_requests_total{method="GET",route="/api/health",status="200"} 1',
    );
    // One series per route pattern, not per URL.
    expect(scraped.body).toContain(
      'anigye_http_requests_total{method="GET",route="/api/ads/:adId",status="401"} 1',
    );
    expect(scraped.body).toContain(
      'anigye_http_request_duration_seconds_count{method="GET",route="/api/ads/:adId"} 1',
    );
    expect(scraped.body).toContain("anigye_fraud_signals_24h");
    expect(scraped.body).toContain("process_resident_memory_bytes");
  });
});

describe("readiness and request ids", () => {
  it("is ready while the database answers, and tags every answer with its request id", async () => {
    const ready = await ctx.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.json()).toEqual({ status: "ready", database: "ok" });
    expect(ready.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-7f3a.91" },
    });
    expect(traced.headers["x-request-id"]).toBe("lb-7f3a.91");
    const forged = await ctx.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "x\ny" },
    });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("load shedding", () => {
  it("answers 503 with Retry-After at once when queries queue for the pool, but health still answers", async () => {
    let waiting = 0;
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ctx.dataDir });
    const app = await buildApp({
      config,
      db: ctx.database.db,
      poolStats: () => ({ size: 10, total: 10, idle: 0, waiting }),
    });
    await app.ready();
    try {
      expect((await app.inject({ method: "GET", url: "/api/stats/public" })).statusCode).toBe(200);
      waiting = 161;
      const shed = await app.inject({ method: "GET", url: "/api/stats/public" });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers["retry-after"]).toBe("5");
      expect(shed.json()).toEqual({
        message: "Anigye is very busy right now. Please try again in a few seconds.",
        code: "UNAVAILABLE",
      });
      expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/** Keeps the event loop busy, as synchronous work does (a start-up's migrations and seed, an overload). */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning
  }
}

const idlePool = () => ({ size: 10, total: 10, idle: 10, waiting: 0 });

describe("shedding only when requests wait", () => {
  it("sheds nothing once ready answers 200, however busy the start-up was", async () => {
    // The default limit (1 s of event-loop delay), as production runs.
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ctx.dataDir });
    const app = await buildApp({ config, db: ctx.database.db, poolStats: idlePool });
    try {
      // Start-up work before the instance listens, as main.ts's migrations and seed are.
      busyFor(1500);
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      // The load balancer's probe, then its traffic at once: one by one and many together.
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push((await fetch(`${base}/api/draws`)).status);
      const together = await Promise.all(
        Array.from({ length: 15 }, () => fetch(`${base}/api/draws`).then((r) => r.status)),
      );
      expect([...statuses, ...together]).toEqual(Array(30).fill(200));
    } finally {
      await app.close();
    }
  });

  it("sheds under a real overload (requests waiting on a lagging loop), and a lone request after it is served", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: ctx.dataDir,
      MAX_EVENT_LOOP_DELAY_MS: "20",
    });
    const app = await buildApp({ config, db: ctx.database.db, poolStats: idlePool });
    // Each request works as a real one does, in turns with a wait between (a query): 60 ms of the loop
    // in all. With 20 at once, every tick of the loop waits behind the others' turns.
    app.get("/api/test/heavy", { config: { access: "anyone" } }, async () => {
      busyFor(30);
      await new Promise((resolve) => setTimeout(resolve, 5));
      busyFor(30);
      return { done: true };
    });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      let shed: Response | undefined;
      let sent = 0;
      const client = async () => {
        while (!shed && sent < 600) {
          sent++;
          const answer = await fetch(`${base}/api/test/heavy`);
          if (answer.status === 503) shed ??= answer;
          else await answer.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 20 }, client));

      expect(shed?.status).toBe(503);
      expect(shed?.headers.get("retry-after")).toBe("5");
      expect(await shed?.json()).toEqual({
        message: "Anigye is very busy right now. Please try again in a few seconds.",
        code: "UNAVAILABLE",
      });
      // The load is gone; the last second's lag is still on record, but nobody is waiting now.
      expect((await fetch(`${base}/api/draws`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

/**
 * A TCP relay between the app and PostgreSQL that the test can cut and restore, standing in for a
 * database restart (the shared server can't be restarted under other tests).
 */
function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  return { start, stop, url: () => `postgres://${target.username}@127.0.0.1:${port}${target.pathname}` };
}

describe("a database that goes away and comes back", () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "fails fast with a clear message while PostgreSQL is down, and recovers without a restart",
    async () => {
      const relay = relayTo(new URL(ctx.databaseUrl!));
      await relay.start();
      const database = await openDatabase({ databaseUrl: relay.url(), poolSize: 2 });
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ctx.dataDir });
      const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });
      await app.ready();
      try {
        expect((await app.inject({ method: "GET", url: "/api/draws" })).statusCode).toBe(200);

        await relay.stop();
        // The pool gives up connecting after 5 s (the test's own time limit would catch a hang).
        const down = await app.inject({ method: "GET", url: "/api/draws" });
        expect(down.statusCode).toBe(503);
        expect(down.json().message).toBe(
          "The database is unavailable right now. Please try again in a moment.",
        );
        expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(503);

        await relay.start();
        expect((await app.inject({ method: "GET", url: "/api/draws" })).statusCode).toBe(200);
        expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
      } finally {
        await app.close();
        await database.close();
        await relay.stop();
      }
    },
    30_000,
  );

  it("answers 503, not 500, when the database can't be reached at all", async () => {
    const database = await openDatabase({
      databaseUrl: "postgres://postgres@127.0.0.1:9/nowhere",
      poolSize: 1,
    });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ctx.dataDir });
    const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });
    await app.ready();
    try {
      const response = await app.inject({ method: "GET", url: "/api/draws" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
    } finally {
      await app.close();
      await database.close();
    }
  });
});
