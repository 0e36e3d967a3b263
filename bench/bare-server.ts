import Fastify from "fastify";
import pg from "pg";

/**
 * The yardsticks for bench/load.ts, each in its own process like the app: a bare Fastify JSON route, and,
 * when BARE_DATABASE_URL is set, a bare write: `POST /bare-write` commits one
 * `INSERT … RETURNING id` into a scratch table on the same PostgreSQL, through a pool of the app's size
 * (no session, no ORM, no validation): the most any write route can do on the same machine.
 */
const app = Fastify();
app.get("/bare", async () => ({ ok: true }));

const databaseUrl = process.env.BARE_DATABASE_URL;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BARE_POOL_SIZE ?? 10) });
  await pool.query(`create table if not exists bench_bare_writes (
    id bigint generated always as identity primary key,
    note text not null,
    created_at timestamptz not null default now()
  )`);
  app.post<{ Body: { note?: string } }>("/bare-write", async (request) => {
    const { rows } = await pool.query({
      name: "bare_write",
      text: "insert into bench_bare_writes (note) values ($1) returning id",
      values: [request.body?.note ?? ""],
    });
    return { id: rows[0].id };
  });
  app.addHook("onClose", () => pool.end());
}

await app.listen({ port: Number(process.env.BARE_PORT ?? 5611), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
