import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type AppDependencies, buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { deliverQueuedMessagesBeforeReading } from "./outbox";

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server named by DATABASE_URL (dropped afterwards), so tests never see each other's rows.
 */
export interface TestContext {
  app: FastifyInstance;
  /**
   * The first app instance alone. With two instances, Discover's shared candidate list on one instance
   * lags a change made through the other by up to 5 s (docs/product-rules.md#ads-discover-freshness), so
   * tests of what a poll sees right after a change send every request to one instance.
   */
  oneInstance: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  /** The scratch database's URL when the tests run on PostgreSQL (a second app instance may open it). */
  databaseUrl?: string;
  /**
   * Sends every queued email and SMS now and waits for them (the tests' workers don't poll, so nothing is
   * sent behind a test's back); the outbox helpers call it before they read.
   */
  drainMessages(options?: { allDue?: boolean }): Promise<number>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Environment variables for loadConfig (e.g. REQUIRE_PHONE_VERIFICATION). */
  env?: Record<string, string>;
  /** Replacements for the app's dependencies (a fixed clock, a mail transport). */
  overrides?: Omit<AppDependencies, "config" | "db">;
  /**
   * Let each instance keep members' sessions and watched ads between the database's change notices, as
   * the server does. Off by default: tests that write rows directly and read at once would race the notice.
   */
  keepMemberState?: boolean;
  /** Called with every statement the first instance sends (statement-budget tests count them). */
  onStatement?: (text: string) => void;
}

export async function createTestContext({
  env = {},
  overrides = {},
  keepMemberState = false,
  onStatement,
}: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-test-"));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl
    ? await createScratchDatabase(serverUrl, inject("migratedTemplateDatabase"))
    : undefined;
  const database = await openDatabase({
    databaseUrl: scratch?.url,
    pgliteImage: serverUrl ? undefined : migratedPgliteImage(),
    poolSize: 20,
    onStatement,
  });
  // Already migrated when the copy came from the global setup (then this finds nothing to do).
  await database.migrate();
  // Parallel test files share the CPU: a slow moment there is not an overload to shed.
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    MAX_EVENT_LOOP_DELAY_MS: "0",
    MESSAGE_WORKERS: "0",
    ...env,
  });
  const memberChangesOf = (handle: DatabaseHandle) => (keepMemberState ? handle.memberChanges : undefined);
  const first = await buildApp({
    config,
    db: database.db,
    memberChanges: memberChangesOf(database),
    ...overrides,
  });
  await first.ready();
  const second = scratch && process.env.TEST_TWO_INSTANCES === "true" ? await secondInstance() : undefined;
  async function secondInstance() {
    const handle = await openDatabase({ databaseUrl: scratch!.url, poolSize: 20 });
    const app = await buildApp({
      config,
      db: handle.db,
      memberChanges: memberChangesOf(handle),
      ...overrides,
    });
    await app.ready();
    return { app, handle };
  }
  const app = second ? alternating(first, second.app) : first;
  const drainMessages = (options?: { allDue?: boolean }) => first.messages.drain(options);
  deliverQueuedMessagesBeforeReading(database.db, drainMessages);
  return {
    app,
    oneInstance: first,
    database,
    dataDir,
    databaseUrl: scratch?.url,
    drainMessages,
    async close() {
      await first.close();
      await second?.app.close();
      await second?.handle.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With TEST_TWO_INSTANCES=true (on PostgreSQL), the tests' app is two app instances, each with its own
 * connection pool on the one database, taking requests in turn: the race tests then prove their rules
 * hold across instances, not just within one process.
 */
function alternating(first: FastifyInstance, second: FastifyInstance): FastifyInstance {
  let turn = 0;
  return new Proxy(first, {
    get(target, property) {
      if (property === "inject") {
        return (options: InjectOptions) => {
          turn++;
          return (turn % 2 === 0 ? second : first).inject(options);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function migratedPgliteImage() {
  const imagePath = inject("migratedPgliteImage");
  return imagePath ? new Blob([fs.readFileSync(imagePath)]) : undefined;
}

/** A new database on the server, a copy of `template` when given (see migrated-database.global-setup.ts). */
export async function createScratchDatabase(serverUrl: string, template?: string) {
  const name = `anigye_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop then would kill connections
      // that are still saying goodbye. Wait for them first (a few seconds at most).
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Sends a request the way the web client does (same-origin, with the app's marker header). */
export function sendJson(
  app: FastifyInstance,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    payload: payload as InjectOptions["payload"],
    headers: { "x-requested-with": "anigye", "sec-fetch-site": "same-origin" },
  });
}

/** A clock tests can move: `clock.now()` is what the app reads, `clock.advance(ms)` moves it. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(moment: Date) {
      current = moment.getTime();
    },
  };
}

/** The session cookies (member and business) a response set, ready to send back with `cookies`. */
export function sessionCookieFrom(response: {
  cookies: { name: string; value: string }[];
}): Record<string, string> {
  const names = new Set(["anigye_sid", "anigye_biz"]);
  return Object.fromEntries(
    response.cookies.filter((c) => names.has(c.name) && c.value).map((c) => [c.name, c.value]),
  );
}

/** Sends a request as the web client would, with a session cookie. */
export function sendAs(
  app: FastifyInstance,
  cookies: Record<string, string>,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    cookies,
    payload: payload as InjectOptions["payload"],
    headers: { "x-requested-with": "anigye", "sec-fetch-site": "same-origin", ...headers },
  });
}
