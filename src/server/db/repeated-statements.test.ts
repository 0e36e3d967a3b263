import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../test/test-app";
import { type DatabaseHandle, type Executor, openDatabase } from "./client";
import { executeRows } from "./prepared";
import { RepeatedStatements } from "./repeated-statements";

describe("RepeatedStatements", () => {
  it("names a text on its second sighting, and the same text the same name after", () => {
    const statements = new RepeatedStatements();
    const find = "select label from probes where id = $1";
    expect(statements.nameOf(find)).toBeUndefined();
    const name = statements.nameOf(find);
    expect(name).toMatch(/^repeated_\d+$/);
    expect(statements.nameOf(find)).toBe(name);
    // The text itself is the key: an equal string built anew finds the same name.
    expect(statements.nameOf(["select label from probes", "where id = $1"].join(" "))).toBe(name);
  });

  it("gives each text its own name", () => {
    const statements = new RepeatedStatements();
    const texts = ["select 1 where $1", "select 2 where $1", "select 3 where $1"];
    for (const text of texts) statements.nameOf(text);
    const names = texts.map((text) => statements.nameOf(text));
    expect(new Set(names).size).toBe(3);
  });

  it("names no text it has seen only once, however many such texts pass", () => {
    const statements = new RepeatedStatements();
    for (let n = 0; n < 20_000; n++) {
      expect(statements.nameOf(`select ${n} where $1`)).toBeUndefined();
    }
    expect(statements.namedCount).toBe(0);
  });

  it("stops naming new texts at its limit and keeps the names it gave", () => {
    const statements = new RepeatedStatements();
    const textOf = (n: number) => `select ${n} where $1`;
    let n = 0;
    for (; statements.namedCount < 500; n++) {
      statements.nameOf(textOf(n));
      statements.nameOf(textOf(n));
    }
    statements.nameOf(textOf(n));
    expect(statements.nameOf(textOf(n))).toBeUndefined();
    expect(statements.namedCount).toBe(500);
    expect(statements.nameOf(textOf(0))).toBe("repeated_1");
  });
});

const probes = pgTable("repeated_probes", { id: integer("id").primaryKey(), label: text("label").notNull() });
const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)("statements sent again and again, on PostgreSQL", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    drop = scratch.drop;
    // One connection, so every statement below meets the ones prepared before it.
    handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    await handle.db.execute(sql`create table ${probes} (id integer primary key, label text not null)`);
    await handle.db.insert(probes).values([
      { id: 1, label: "first" },
      { id: 2, label: "second" },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const prepared = async () => {
    return executeRows<{ name: string; statement: string; runs: number }>(
      handle.db,
      sql`select name, statement, generic_plans + custom_plans as runs from pg_prepared_statements
          where statement like '%repeated_probes%' order by name`,
    );
  };

  it("prepares a builder's statement once it repeats, and answers the same rows", async () => {
    const label = async (id: number) =>
      (await handle.db.select({ label: probes.label }).from(probes).where(eq(probes.id, id)))[0]?.label;
    expect(await label(1)).toBe("first");
    expect(await prepared()).toEqual([]);
    expect(await label(2)).toBe("second");
    expect(await label(1)).toBe("first");
    expect(await label(3)).toBeUndefined();
    const [statement, ...others] = await prepared();
    expect(others).toEqual([]);
    expect(statement?.name).toMatch(/^repeated_\d+$/);
    expect(statement?.statement).toContain('where "repeated_probes"."id" = $1');
    // Prepared on the second call, then run by name on the second, third and fourth.
    expect(Number(statement?.runs)).toBe(3);
  });

  it("prepares a statement again after PostgreSQL lost it, on a connection kept by a transaction", async () => {
    // In transactions: the pool keeps their connection after a failure (a failed query outside one
    // replaces its connection, which would hide what node-postgres remembers).
    const echo = (tx: Executor, value: string) =>
      executeRows<{ echoed: string }>(tx, sql`select ${value}::text as echoed, 'lost_probe' as probe`);
    const name = await handle.db.transaction(async (tx) => {
      await echo(tx, "one");
      await echo(tx, "two");
      const [named] = await executeRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like '%lost_probe%'`,
      );
      return named?.name;
    });
    expect(name).toMatch(/^repeated_\d+$/);
    // Dropped on the server (a DISCARD, a pooler's reset): the call that meets it fails...
    const failed = handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`deallocate ${name}`));
      await echo(tx, "three");
    });
    await expect(failed).rejects.toMatchObject({ cause: { code: "26000" } });
    // ...and the next, on the same connection, prepares it again.
    expect(await handle.db.transaction((tx) => echo(tx, "four"))).toEqual([
      { echoed: "four", probe: "lost_probe" },
    ]);
  });

  it("leaves a statement with very many parameters unnamed", async () => {
    const ids = Array.from({ length: 501 }, (_, n) => n);
    const many = sql`select count(*)::integer as found from ${probes} where ${probes.id} in (${sql.join(
      ids.map((id) => sql`${id}::integer`),
      sql`, `,
    )})`;
    for (let n = 0; n < 3; n++) expect(await executeRows(handle.db, many)).toEqual([{ found: 2 }]);
    const named = await executeRows(
      handle.db,
      sql`select count(*)::integer as named from pg_prepared_statements where statement like '%in ($1::integer, $2::integer%'`,
    );
    expect(named).toEqual([{ named: 0 }]);
  });

  it("leaves a text without parameters unnamed, several statements in one included", async () => {
    const both = sql.raw("select count(*) from repeated_probes; select 2 as two");
    for (let n = 0; n < 3; n++) await handle.db.execute(both);
    const named = await executeRows(
      handle.db,
      sql`select count(*)::integer as named from pg_prepared_statements where statement like '%select 2 as two%'`,
    );
    expect(named).toEqual([{ named: 0 }]);
  });
});
