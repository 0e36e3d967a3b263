import { createHash } from "node:crypto";
import { type Column, getTableColumns, type Name, type SQL, sql, type Table } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Executor } from "./client";
import { StatementShapes } from "./statement-shapes";

/**
 * A hot query built once per database handle (or transaction) and prepared, then run with
 * `sql.placeholder` values. Drizzle's builder costs about 0.5 ms of CPU per call on a wide table, more
 * than the query itself (a CPU profile of the session and member reads behind every signed-in call).
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db as Database);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A table's columns by their names in the schema, each rendering its bare SQL name (`"scan_count"`).
 * Hand-written SQL names its columns through these, so renaming a column in the schema fails to compile
 * instead of failing at run time. `${table.column}` renders qualified (`"daily_scan_limits"."scan_count"`),
 * which SQL refuses in an INSERT's column list, in `set column =` and in `on conflict (…)`, and which
 * can't follow another qualifier (`excluded.`, a table's alias); these fit everywhere the bare name does.
 */
export function columnNames<T extends Table>(table: T): ColumnNames<T> {
  const columns: Record<string, Column> = getTableColumns(table);
  const names = Object.entries(columns).map(([key, column]) => [key, sql.identifier(column.name)] as const);
  // One entry for every column of the table, by the same keys: the shape ColumnNames<T> describes.
  return Object.fromEntries(names) as ColumnNames<T>;
}

type ColumnNames<T extends Table> = { readonly [K in keyof T["_"]["columns"]]: Name };

/**
 * Compiles statements to text and parameters, as the handle's own dialect does (the app sets no casing
 * option, the only thing a dialect is configured with).
 */
const dialect = new PgDialect();

/** The result `executeNamed` asks Drizzle's session for: the driver's own, with its rows as objects. */
interface NamedResult<Row> {
  execute: { rows: Row[] };
  all: unknown;
  values: unknown;
}

/**
 * Runs a hot write's statement as a named prepared statement on PostgreSQL: parsed and planned once per
 * connection, then only its parameters go over the wire (the counter's profile: a quarter of the app's CPU
 * was sending statements). The name carries a hash of the text, so each variant of a statement is its own.
 * The embedded database ignores the name. Answers `{ rows }` as `db.execute` does.
 *
 * `Row` is what the statement's select list (or `returning`) names, as the drivers hand it back: nothing
 * checks it at run time, so write it from the SQL. Through this path both drivers answer an integer as a
 * number, a bigint (`count(*)`) as a string on PostgreSQL and a number on the embedded database, a
 * timestamp or a date as its text, jsonb parsed and an array as an array (prepared.test.ts pins these).
 *
 * It reaches past Drizzle's query builders to the handle's session (`db._.session.prepareQuery`, the call
 * Drizzle's own prepared queries make) with the statement compiled by a `PgDialect`; prepared.test.ts pins
 * that these still work as used here, so a Drizzle upgrade that changes them fails loudly.
 */
export async function executeNamed<Row>(db: Executor, name: string, query: SQL): Promise<{ rows: Row[] }> {
  const session = db._?.session;
  if (typeof session?.prepareQuery !== "function") {
    throw new Error(
      "executeNamed: this Drizzle handle has no `_.session.prepareQuery` (db/prepared.ts relies on it; see prepared.test.ts)",
    );
  }
  const { preparedName, ...compiled } = shapes.compile(name, query);
  const prepared = session.prepareQuery<NamedResult<Row>>(compiled, undefined, preparedName, false);
  const result = await prepared.execute();
  if (!Array.isArray(result?.rows)) {
    throw new Error(
      "executeNamed: Drizzle's prepared query answered without `rows` (db/prepared.ts relies on it; see prepared.test.ts)",
    );
  }
  return result;
}

/**
 * Runs a statement unnamed (planned every time: for statements that aren't hot) and answers its rows as
 * `Row`. As with executeNamed, `Row` is written from the statement's select list (or `returning`) and
 * nothing checks it at run time: this is the one place outside executeNamed that reads the driver's
 * untyped result.
 */
export async function executeRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(query)) as { rows?: unknown };
  if (!Array.isArray(rows)) {
    throw new Error("executeRows: the driver answered without `rows` (see prepared.test.ts)");
  }
  return rows as Row[];
}

/**
 * Each statement's text, compiled once per shape. Under test every statement is compiled by Drizzle too
 * and checked against its shape's text and values.
 */
const shapes = new StatementShapes(dialect, statementName, process.env.NODE_ENV === "test");

/** How many steps a statement's shapes hold (the statement budgets check hot ones stop growing). */
export function statementShapeSteps(name: string): number {
  return shapes.stepsOf(name);
}

/** Each statement's text → its prepared name: the hash is computed once per text, not on every call. */
const statementNames = new Map<string, string>();
const mostStatementNames = 10_000;

function statementName(name: string, text: string): string {
  const key = `${name}\n${text}`;
  let named = statementNames.get(key);
  if (named === undefined) {
    named = `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 12)}`;
    // A statement whose text carried values (none should) would grow the map without end: start afresh.
    if (statementNames.size >= mostStatementNames) statementNames.clear();
    statementNames.set(key, named);
  }
  return named;
}
