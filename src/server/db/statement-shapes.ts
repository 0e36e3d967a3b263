import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";

/**
 * Compiled statements by shape. A hot write's statement is rebuilt with new values on every call, but its
 * text depends only on its shape: the SQL fragments, the tables, columns and names, and where the values
 * go. Drizzle's compiler works the text out again on every call (a stamp's 9,000-character statement
 * took 0.6 ms of the app's CPU, and its garbage more). Here the statement's parts are walked once per call
 * to find its shape and collect its values in order; the text is Drizzle's own, compiled the first time
 * a shape is seen and reused after, the same string each time (docs/decisions/021, "Fourth slice").
 *
 * Shapes are a tree: each step is a fragment's text, a name, a table or column, or "a value here". Only
 * parts whose rendering doesn't depend on their value are walked; a statement holding anything else (an
 * inlined value, a placeholder, a subquery, a list) is compiled by Drizzle every time, as before.
 */

/** What a shape compiles to: Drizzle's text, and the prepared statement's name carrying its hash. */
export interface ShapeText {
  sql: string;
  preparedName: string;
}

interface ShapeNode {
  next: Map<unknown, ShapeNode>;
  compiled?: ShapeText;
}

/** Steps that aren't a fragment's text: a value, and a name (which renders quoted). */
const valueHere = Symbol("value");
const nameNext = Symbol("name");

/**
 * More shapes than a hot statement could ever make means its text carries something that varies (a
 * `sql.raw` of a value, a column of a table alias, which Drizzle makes anew on every read): past this many
 * a statement's new shapes are compiled by Drizzle each time and not kept. And past this many steps in
 * all, start afresh rather than grow without end.
 */
const mostShapesPerStatement = 64;
const mostSteps = 50_000;

/** One statement's shapes, and how many it has compiled. */
interface ShapeRoot {
  node: ShapeNode;
  shapes: number;
}

/** Where a walk has got to: its node, the values so far, and whether it may add steps. */
interface Walk {
  node: ShapeNode;
  params: unknown[];
  growing: boolean;
}

export class StatementShapes {
  private readonly roots = new Map<string, ShapeRoot>();
  private steps = 0;

  constructor(
    private readonly dialect: PgDialect,
    private readonly nameOf: (name: string, text: string) => string,
    /** Compiles every statement with Drizzle too and throws where the two differ (the tests turn it on). */
    private readonly verify = false,
  ) {}

  /** The statement's text (Drizzle's), its values in order and its prepared name. */
  compile(name: string, query: SQL): { sql: string; params: unknown[]; preparedName: string } {
    const walked = this.walk(name, query);
    if (!walked) {
      const compiled = this.dialect.sqlToQuery(query);
      return { ...compiled, preparedName: this.nameOf(name, compiled.sql) };
    }
    const { root, node, params } = walked;
    if (!node.compiled || this.verify) {
      const compiled = this.dialect.sqlToQuery(query);
      if (node.compiled && node.compiled.sql !== compiled.sql) {
        throw new Error(`statement ${name}: its shape's text differs from Drizzle's:\n${compiled.sql}`);
      }
      if (!sameValues(compiled.params, params)) {
        throw new Error(`statement ${name}: its values differ from Drizzle's`);
      }
      if (!node.compiled) {
        node.compiled = { sql: compiled.sql, preparedName: this.nameOf(name, compiled.sql) };
        root.shapes++;
      }
    }
    return { sql: node.compiled.sql, params, preparedName: node.compiled.preparedName };
  }

  /** How many steps the shapes hold (a test checks hot statements stop adding any once warm). */
  get size(): number {
    return this.steps;
  }

  /** How many steps one statement's shapes hold. */
  stepsOf(name: string): number {
    const count = (node: ShapeNode): number =>
      [...node.next.values()].reduce((sum, next) => sum + 1 + count(next), 0);
    const root = this.roots.get(name);
    return root ? count(root.node) : 0;
  }

  private walk(name: string, query: SQL): (Walk & { root: ShapeRoot }) | undefined {
    if (this.steps > mostSteps) {
      this.roots.clear();
      this.steps = 0;
    }
    let root = this.roots.get(name);
    if (!root) {
      root = { node: { next: new Map() }, shapes: 0 };
      this.roots.set(name, root);
    }
    const state = {
      root,
      node: root.node,
      params: [] as unknown[],
      growing: root.shapes < mostShapesPerStatement,
    };
    if (inlinesValues(query)) return undefined;
    return this.walkChunks(query.queryChunks, state) ? state : undefined;
  }

  /** One step along the shape; false when it is new and the statement keeps no more shapes. */
  private step(state: Walk, key: unknown): boolean {
    let next = state.node.next.get(key);
    if (!next) {
      if (!state.growing) return false;
      next = { next: new Map() };
      state.node.next.set(key, next);
      this.steps++;
    }
    state.node = next;
    return true;
  }

  /**
   * Walks the parts in Drizzle's order (sql.js, buildQueryFromSourceParams), so the values come out in
   * the order of its $1, $2…; false for a part whose rendering this doesn't reproduce.
   */
  private walkChunks(chunks: unknown[], state: Walk): boolean {
    for (const chunk of chunks) {
      if (!this.walkChunk(chunk, state)) return false;
    }
    return true;
  }

  private walkChunk(chunk: unknown, state: Walk): boolean {
    if (chunk instanceof StringChunk) return chunk.value.every((text) => this.step(state, text));
    if (chunk instanceof Name) return this.step(state, nameNext) && this.step(state, chunk.value);
    if (chunk === undefined) return true; // renders nothing
    if (chunk instanceof SQL) return !inlinesValues(chunk) && this.walkChunks(chunk.queryChunks, state);
    if (chunk instanceof Table || chunk instanceof Column) return this.step(state, chunk);
    if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      return isPlainValue(mapped) && this.value(state, mapped);
    }
    return isPlainValue(chunk) && this.value(state, chunk);
  }

  private value(state: Walk, value: unknown): boolean {
    state.params.push(value);
    return this.step(state, valueHere);
  }
}

/** `sql.inlineParams()` writes its values into the text: no shape can stand for it. */
function inlinesValues(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

/** A value Drizzle sends as a parameter whatever it is (no list, no SQL, nothing with its own rendering). */
function isPlainValue(value: unknown): boolean {
  if (value === null) return true;
  const type = typeof value;
  return (
    type === "string" || type === "number" || type === "boolean" || type === "bigint" || value instanceof Date
  );
}

function sameValues(drizzles: unknown[], ours: unknown[]): boolean {
  if (drizzles.length !== ours.length) return false;
  return drizzles.every((value, index) => {
    const other = ours[index];
    if (value instanceof Date && other instanceof Date) return value.getTime() === other.getTime();
    return Object.is(value, other);
  });
}
