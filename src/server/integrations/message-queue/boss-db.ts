import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import type PgBoss from "pg-boss";
import type { Database, Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";

/**
 * pg-boss talks to the database through `executeSql(text, values)`. These adapters let it use the app's
 * own connections: the PostgreSQL pool or the embedded PGlite (and, for enqueueing, a transaction).
 */
export function bossDbFor(db: Database): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return pgliteBossDb(client);
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * PGlite's `query` takes one statement with parameters; pg-boss's installation and maintenance send
 * several statements without any, which only `exec` takes. Arrays are passed as PostgreSQL array text.
 */
function pgliteBossDb(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const { rows } = await client.query(text, values.map(encodeArray));
      return { rows };
    },
  };
}

/** pg-boss's statements run inside the caller's transaction (or on its database): `send` then commits or rolls back with it. */
export function bossDbForExecutor(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await executeRows<unknown>(executor, withParameters(text, values ?? [])) };
    },
  };
}

/** `$1`, `$2`… placeholders become Drizzle parameters (which renumbers them). */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, index) =>
    index % 2 === 0 ? sql.raw(part) : sql`${sql.param(encodeValue(values[Number(part) - 1]))}`,
  );
  return sql.join(chunks);
}

function encodeValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return encodeArray(value);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

function encodeArray(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const items = value.map((item) =>
    item === null || item === undefined
      ? "NULL"
      : `"${String(item).replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}
