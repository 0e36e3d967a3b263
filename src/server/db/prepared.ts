import type { Database, Executor } from "./client";

/**
 * A hot query built once per database handle (or transaction) and prepared, then run with
 * `sql.placeholder` values. Drizzle's builder costs about 0.5 ms of CPU per call on a wide table, more
 * than the query itself (issue 14's profile of the session and member reads behind every signed-in call).
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
