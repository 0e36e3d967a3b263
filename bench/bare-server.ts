import Fastify from "fastify";
import pg from "pg";

/**
 * The yardsticks for bench/load.ts, each in its own process like the app: a bare Fastify JSON route, and,
 * when BARE_DATABASE_URL is set, a bare write route that commits one single-row UPDATE on PostgreSQL
 * through a pool of the app's size (no session, no ORM, no validation): the most any write route can do
 * on the same machine.
 */
const app = Fastify();
app.get("/bare", async () => ({ ok: true }));

const databaseUrl = process.env.BARE_DATABASE_URL;
const rows = 1000;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.BARE_POOL_SIZE ?? 10) });
  await pool.query("create table if not exists bench_bare_writes (id int primary key, n int not null)");
  await pool.query(
    `insert into bench_bare_writes select g, 0 from generate_series(1, ${rows}) g on conflict do nothing`,
  );
  let next = 0;
  app.post("/bare-write", async () => {
    const id = (next++ % rows) + 1;
    const { rows: updated } = await pool.query({
      name: "bare_write",
      text: "update bench_bare_writes set n = n + 1 where id = $1 returning n",
      values: [id],
    });
    return { id, n: updated[0].n };
  });
  app.addHook("onClose", () => pool.end());
}

await app.listen({ port: Number(process.env.BARE_PORT ?? 5611), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
