import { eq, sql } from "drizzle-orm";
import { integer, PgDialect, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { columnNames } from "./prepared";
import { StatementShapes } from "./statement-shapes";

/**
 * Statements compiled once per shape (statement-shapes.ts): each must come out as Drizzle compiles it,
 * text and values, while the text is worked out only the first time a shape is seen.
 */
const cards = pgTable("shape_cards", {
  id: integer("id").primaryKey(),
  label: text("label").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }),
});
const card = columnNames(cards);
const dialect = new PgDialect();

function shapes() {
  let compiledTexts = 0;
  const compiler = new StatementShapes(dialect, (name, text) => {
    compiledTexts++;
    return `${name}_${text.length}`;
  });
  return { compiler, compiledTexts: () => compiledTexts };
}

/** A statement as the hot writes build them: fragments, columns, names, nested parts and typed values. */
function stampLike(id: number, label: string | null, seenAt: Date, completed: boolean) {
  const when = sql`${seenAt.toISOString()}::timestamptz`;
  const finished = completed ? sql`and ${cards.seenAt} is not null` : sql``;
  return sql`with moved as (
      update ${cards} set ${card.label} = coalesce(${label}::text, ${card.label}), ${card.seenAt} = ${when}
      where ${eq(cards.id, id)} ${finished} returning ${card.id}
    )
    select ${sql.raw(String(completed))} as completed, (select id from moved) as ${sql.identifier("moved_id")},
      ${eq(cards.seenAt, seenAt)} as at_time`;
}

describe("statements compiled once per shape", () => {
  it("answers Drizzle's own text and values, for every value, compiling each shape's text once", () => {
    const { compiler, compiledTexts } = shapes();
    const calls = [
      stampLike(1, "first", new Date("2026-11-29T10:00:00Z"), false),
      stampLike(2, null, new Date("2026-11-29T11:00:00Z"), false),
      stampLike(3, "third", new Date("2026-11-30T09:00:00Z"), false),
    ];
    const texts = calls.map((query) => {
      const ours = compiler.compile("stamp_like", query);
      const drizzles = dialect.sqlToQuery(query);
      expect(ours.sql).toBe(drizzles.sql);
      expect(ours.params).toEqual(drizzles.params);
      return ours.sql;
    });
    expect(compiledTexts()).toBe(1);
    // The same string each time, so the driver's check of a prepared statement's text is one comparison.
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
  });

  it("keeps each variant of a statement apart, and stops growing once every variant is seen", () => {
    const { compiler, compiledTexts } = shapes();
    const at = new Date("2026-11-29T10:00:00Z");
    const open = compiler.compile("stamp_like", stampLike(1, "a", at, false));
    const done = compiler.compile("stamp_like", stampLike(1, "a", at, true));
    expect(done.sql).not.toBe(open.sql);
    expect(done.sql).toBe(dialect.sqlToQuery(stampLike(1, "a", at, true)).sql);
    expect(done.preparedName).not.toBe(open.preparedName);
    const grown = compiler.size;
    for (let id = 2; id < 50; id++)
      compiler.compile("stamp_like", stampLike(id, `card ${id}`, at, id % 2 === 0));
    expect(compiler.size).toBe(grown);
    expect(compiledTexts()).toBe(2);
  });

  it("leaves to Drizzle, every time, what renders by its value (a list, an inlined value, a placeholder)", () => {
    const { compiler, compiledTexts } = shapes();
    const withList = (ids: number[]) => sql`select 1 from ${cards} where ${card.id} in ${ids}`;
    const two = compiler.compile("listed", withList([1, 2]));
    const three = compiler.compile("listed", withList([1, 2, 3]));
    expect(two.sql).toBe(dialect.sqlToQuery(withList([1, 2])).sql);
    expect(three.sql).toBe(dialect.sqlToQuery(withList([1, 2, 3])).sql);
    expect(three.params).toEqual([1, 2, 3]);
    const inlined = sql`select ${"it's"}::text`.inlineParams();
    expect(compiler.compile("inlined", inlined).sql).toBe("select 'it''s'::text");
    const placeholder = sql`select ${sql.placeholder("id")}::int`;
    expect(compiler.compile("placeholder", placeholder).sql).toBe("select $1::int");
    expect(compiledTexts()).toBe(4);
  });

  it("keeps at most 64 shapes of a statement whose text carries a value, and still compiles it right", () => {
    const { compiler } = shapes();
    const carrying = (n: number) =>
      sql`select ${card.label} from ${cards} where ${card.id} = ${sql.raw(String(n))}`;
    for (let n = 0; n < 64; n++) compiler.compile("carrying", carrying(n));
    const kept = compiler.stepsOf("carrying");
    for (let n = 64; n < 200; n++) {
      expect(compiler.compile("carrying", carrying(n)).sql).toBe(dialect.sqlToQuery(carrying(n)).sql);
    }
    expect(compiler.stepsOf("carrying")).toBe(kept);
    // A shape kept before the limit is still answered from its text.
    expect(compiler.compile("carrying", carrying(3)).sql).toBe(dialect.sqlToQuery(carrying(3)).sql);
  });

  it("tells a name from the same text written as a fragment", () => {
    const { compiler } = shapes();
    const named = compiler.compile("naming", sql`select 1 as ${sql.identifier("total")}`);
    const plain = compiler.compile("naming", sql`select 1 as ${sql.raw("total")}`);
    expect(named.sql).toBe('select 1 as "total"');
    expect(plain.sql).toBe("select 1 as total");
  });

  it("under test, checks each statement against Drizzle's compile", () => {
    const checking = new StatementShapes(dialect, (name) => name, true);
    const at = new Date("2026-11-29T10:00:00Z");
    expect(checking.compile("checked", stampLike(1, "a", at, false)).params).toEqual(
      dialect.sqlToQuery(stampLike(1, "a", at, false)).params,
    );
    // Under Vitest the app's own statements are checked (db/prepared.ts turns it on for NODE_ENV=test).
    expect(process.env.NODE_ENV).toBe("test");
  });
});
