import { sql } from "drizzle-orm";
import { integer, PgDialect, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../test/test-app";
import { type DatabaseHandle, type Executor, openDatabase } from "./client";
import { columnNames, executeNamed, executeRows } from "./prepared";

/**
 * `executeNamed` (db/prepared.ts) reaches past Drizzle's query builders: it compiles a statement with a
 * `PgDialect` and runs it through the handle's session (`db._.session.prepareQuery(query, fields, name,
 * arrayMode).execute()`), the call Drizzle's own prepared queries make. These tests pin that path on the
 * embedded database and, with DATABASE_URL set, on PostgreSQL, so a Drizzle upgrade that changes it fails
 * here, by name, instead of in every hot write at once.
 */

/** A table of the tests' own, made in the tests' own database. */
const probes = pgTable("prepared_probes", {
  id: integer("id").primaryKey(),
  label: text("label").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }),
});
const probe = columnNames(probes);

interface Opened {
  handle: DatabaseHandle;
  /** Every statement the handle sent, as its logger saw it. */
  sent: string[];
  close(): Promise<void>;
}

async function openEmbedded(): Promise<Opened> {
  const sent: string[] = [];
  const handle = await openDatabase({ onStatement: (text) => sent.push(text) });
  return { handle, sent, close: () => handle.close() };
}

async function openPostgres(serverUrl: string): Promise<Opened> {
  const scratch = await createScratchDatabase(serverUrl);
  const sent: string[] = [];
  const handle = await openDatabase({
    databaseUrl: scratch.url,
    poolSize: 2,
    onStatement: (text) => sent.push(text),
  });
  return {
    handle,
    sent,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

const serverUrl = process.env.DATABASE_URL;
const databases = [
  { kind: "embedded", open: openEmbedded },
  ...(serverUrl ? [{ kind: "postgres", open: () => openPostgres(serverUrl) }] : []),
];

describe.each(databases)("executeNamed on the $kind database", ({ kind, open }) => {
  let opened: Opened;
  let db: Executor;
  beforeAll(async () => {
    opened = await open();
    db = opened.handle.db;
    await db.execute(
      sql`create table ${probes} (id integer primary key, label text not null, seen_at timestamptz)`,
    );
  });
  afterAll(() => opened?.close());

  it("finds Drizzle's session and dialect as it uses them", async () => {
    const session = db._?.session;
    expect(
      typeof session?.prepareQuery,
      "Drizzle's handle no longer has `_.session.prepareQuery`: db/prepared.ts's executeNamed needs a new way in",
    ).toBe("function");
    const compiled = new PgDialect().sqlToQuery(sql`select ${41}::integer + 1 as answer`);
    expect(compiled, "PgDialect.sqlToQuery no longer answers { sql, params } with $n placeholders").toEqual(
      expect.objectContaining({ sql: "select $1::integer + 1 as answer", params: [41] }),
    );
    // The call executeNamed makes: no fields (the driver's own result), a name, rows as objects.
    const result: unknown = await session
      .prepareQuery(compiled, undefined, "prepared_probe_raw", false)
      .execute();
    expect(
      result,
      "prepareQuery(query, undefined, name, false).execute() no longer answers the driver's { rows } with rows as objects",
    ).toEqual(expect.objectContaining({ rows: [{ answer: 42 }] }));
  });

  it("compiles a statement to the text the handle itself sends", async () => {
    const query = sql`select ${probe.id}, ${probes.label} from ${probes} where ${probe.id} = ${7}::integer`;
    opened.sent.length = 0;
    await db.execute(query);
    await executeNamed(db, "prepared_probe_text", query);
    expect(opened.sent).toHaveLength(2);
    expect(opened.sent[1]).toBe(opened.sent[0]);
    expect(opened.sent[0]).toBe(
      'select "id", "prepared_probes"."label" from "prepared_probes" where "id" = $1::integer',
    );
  });

  it("writes with bare column names and answers the statement's rows", async () => {
    const { rows } = await executeNamed<{ id: number; label: string }>(
      db,
      "prepared_probe_upsert",
      sql`insert into ${probes} (${probe.id}, ${probe.label}, ${probe.seenAt})
        values (${1}::integer, ${"first"}::text, ${"2026-01-02T03:04:05Z"}::timestamptz)
        on conflict (${probe.id}) do update set ${probe.label} = excluded.${probe.label}
        returning ${probe.id}, ${probe.label}`,
    );
    expect(rows).toEqual([{ id: 1, label: "first" }]);
  });

  it("answers each type as the rows' interfaces say", async () => {
    const { rows } = await executeNamed<Record<string, unknown>>(
      db,
      "prepared_probe_types",
      sql`select ${probe.id} as int4, count(*) over () as int8, ${probe.seenAt} as timestamptz,
        ${probe.seenAt}::date as date, '{"a":1}'::jsonb as jsonb, array['a', 'b']::text[] as text_array,
        ${probe.label} = 'first' as bool, null::integer as missing
        from ${probes} where ${probe.id} = ${1}::integer`,
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.int4).toBe(1);
    // node-postgres hands a bigint back as its text (it may not fit a number); the embedded database as a number.
    expect(row?.int8).toBe(kind === "postgres" ? "1" : 1);
    // Drizzle's drivers keep timestamps and dates as PostgreSQL's text: callers make Dates of them.
    expect(row?.timestamptz).toEqual(expect.any(String));
    expect(new Date(row?.timestamptz as string).toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(row?.date).toBe("2026-01-02");
    expect(row?.jsonb).toEqual({ a: 1 });
    expect(row?.text_array).toEqual(["a", "b"]);
    expect(row?.bool).toBe(true);
    expect(row?.missing).toBeNull();
  });

  it.runIf(kind === "postgres")(
    "prepares each variant of a statement once per connection, under its name",
    async () => {
      // In one transaction, so every statement runs on one connection and sees its prepared statements.
      const names = await db.transaction(async (tx) => {
        const find = (id: number) =>
          sql`select ${probe.label} from ${probes} where ${probe.id} = ${id}::integer`;
        await executeNamed(tx, "prepared_probe_named", find(1));
        await executeNamed(tx, "prepared_probe_named", find(2));
        await executeNamed(tx, "prepared_probe_named", sql`${find(1)} and ${probe.seenAt} is not null`);
        const { rows } = await executeNamed<{ name: string }>(
          tx,
          "prepared_probe_list",
          sql`select name from pg_prepared_statements where name like 'prepared_probe_named%' order by name`,
        );
        return rows.map((row) => row.name);
      });
      // Two texts, two statements (the name carries a hash of the text); the same text twice is one.
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^prepared_probe_named_[0-9a-f]{12}$/);
    },
  );

  it("answers an unnamed statement's rows through executeRows, in a transaction too", async () => {
    const read = sql`select ${probe.id} as id, ${probe.label} as label from ${probes} where ${probe.id} = ${1}::integer`;
    expect(await executeRows<{ id: number; label: string }>(db, read)).toEqual([{ id: 1, label: "first" }]);
    const inTransaction = await db.transaction((tx) => executeRows<{ id: number }>(tx, read));
    expect(inTransaction).toEqual([{ id: 1, label: "first" }]);
    expect(await executeRows(db, sql`select 1 as one where false`)).toEqual([]);
  });

  it("refuses a handle without Drizzle's session, saying what it missed", async () => {
    const notDrizzle = {} as Executor;
    await expect(executeNamed(notDrizzle, "prepared_probe_none", sql`select 1`)).rejects.toThrow(
      /no `_\.session\.prepareQuery`/,
    );
  });
});
