import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../lib/project-root";
import { type MemberChanges, pgliteMemberChanges, postgresMemberChanges } from "./member-changes";
import { clientNamingRepeatedStatements, RepeatedStatements } from "./repeated-statements";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: services accept this so callers can compose them. */
export type Executor = Database | Transaction;

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
export function withinTransaction<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db) : db.transaction(work);
}

/** How busy the connection pool is (PostgreSQL only; the embedded database has one connection). */
export interface PoolStats {
  size: number;
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  poolStats?: () => PoolStats;
  /** Which members changed, as the database's triggers tell every instance. */
  memberChanges: MemberChanges;
  migrate(): Promise<void>;
  /** The embedded database's files as a tarball (`pgliteImage` opens a copy); PGlite only. */
  dumpImage?: () => Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, "src/server/db/migrations");
// Any fixed number works; every instance must agree so only one of them migrates at a time.
const migrationLockId = 727_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite files; when absent (and no URL), PGlite runs in memory. */
  pgliteDir?: string;
  poolSize?: number;
  /** Called with every statement sent (tests count what an operation costs; see statement-budget.test.ts). */
  onStatement?: (text: string) => void;
  /**
   * An embedded database to start from (a `dumpDataDir` tarball), in memory only: the tests open one
   * already migrated instead of creating and migrating a database per test file.
   */
  pgliteImage?: Blob;
}

function statementLogger(onStatement: DatabaseOptions["onStatement"]) {
  return onStatement ? { logQuery: (text: string) => onStatement(text) } : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onStatement);
  return openPglite(options.pgliteDir, options.onStatement, options.pgliteImage);
}

async function openPostgres(
  url: string,
  poolSize: number,
  onStatement: DatabaseOptions["onStatement"],
): Promise<DatabaseHandle> {
  // While the database is down (a restart, a failover) a request fails after 5 s instead of waiting forever.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // Builder statements the app sends again and again are prepared once per connection, as executeNamed's are.
    Client: clientNamingRepeatedStatements(new RepeatedStatements()),
  });
  // An idle connection can die (database restart, failover); without a listener that would crash the
  // process. The pool replaces the connection on the next query.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  const db = drizzleNodePg(pool, { schema, logger: statementLogger(onStatement) }) as unknown as Database;
  const memberChanges = postgresMemberChanges(url);
  return {
    db,
    kind: "postgres",
    memberChanges,
    poolStats: () => ({
      size: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate() {
      // Several app instances may start together; an advisory lock lets exactly one migrate.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [migrationLockId]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [migrationLockId]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await memberChanges.close();
      await pool.end();
    },
  };
}

/**
 * The embedded database lives inside the app's own memory: PostgreSQL's defaults (128 MB of shared
 * buffers among them) sized for a dedicated server would double a laptop install's footprint.
 */
const embeddedSettings = [
  "shared_buffers = 16MB",
  "work_mem = 4MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 4MB",
];

async function openPglite(
  dir: string | undefined,
  onStatement: DatabaseOptions["onStatement"],
  image?: Blob,
): Promise<DatabaseHandle> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, loadDataDir: image, postgresqlconf: embeddedSettings });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: statementLogger(onStatement) }) as unknown as Database;
  const memberChanges = pgliteMemberChanges(client);
  return {
    db,
    kind: "pglite",
    memberChanges,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    dumpImage: () => client.dumpDataDir("none"),
    async close() {
      await memberChanges.close();
      await client.close();
    },
  };
}
