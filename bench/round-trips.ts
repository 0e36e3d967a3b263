import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import Fastify from "fastify";
import pg from "pg";
import { withScratchDatabase } from "./scratch-database";

/**
 * How a hot write should reach PostgreSQL (docs/decisions/021-hot-writes-round-trips-and-batches.md): the
 * work of a counter stamp (the logged answer for its key, the member, the day's stamp and the card, the
 * check-in, the XP with the member's balance, the notice, the log row) sent four ways, beside the bare
 * one-statement write, each a route of a bare Fastify + pg server (pool 10) in its own process, under autocannon
 * at 100 connections:
 * - `statements`: the app's shape today: 6 named prepared statements, 4 of them in a transaction
 *   (8 round trips with BEGIN and COMMIT), their text fixed;
 * - `statements, built per call`: the same, each statement built with Drizzle's `sql` and compiled per
 *   call, as `executeNamed` does (the app's real cost);
 * - `one statement, built per call`: all of it as one data-modifying statement (one round trip, its own
 *   transaction), built and compiled per call;
 * - `one SQL function call`: all of it in a PL/pgSQL function, `select bench_rt_stamp($1, $2)`: one round
 *   trip with a fixed short text.
 * `npx tsx bench/round-trips.ts` (BENCH_SECONDS, BENCH_CONNECTIONS override); results in bench/README.md.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const port = Number(process.env.ROUND_TRIPS_PORT ?? 5621);
const members = 200_000;

const schema = `
  create table bench_rt_members (id integer primary key, name text not null, xp integer not null default 0);
  insert into bench_rt_members (id, name) select n, 'Member ' || n from generate_series(1, ${members}) n;
  create table bench_rt_log (key text primary key, response jsonb not null, created_at timestamptz not null default now());
  create table bench_rt_daily (user_id integer not null, day date not null, count integer not null,
    primary key (user_id, day));
  create table bench_rt_cards (user_id integer primary key, stamps integer not null);
  create table bench_rt_checkins (id bigint generated always as identity primary key, user_id integer not null,
    created_at timestamptz not null default now());
  create table bench_rt_ledger (id bigint generated always as identity primary key, user_id integer not null,
    amount integer not null, key text not null unique);
  create table bench_rt_notices (id bigint generated always as identity primary key, user_id integer not null,
    key text not null unique, message text not null);
  create table bench_bare_writes (id bigint generated always as identity primary key, note text not null);
  create function bench_rt_stamp(p_user integer, p_key text) returns jsonb language plpgsql as $$
  declare
    logged jsonb;
    member_name text;
    stamps integer;
    check_in bigint;
    balance integer;
    answer jsonb;
  begin
    select response into logged from bench_rt_log where key = p_key;
    if found then return logged; end if;
    select name into member_name from bench_rt_members where id = p_user;
    insert into bench_rt_daily (user_id, day, count) values (p_user, current_date, 1)
      on conflict (user_id, day) do update set count = bench_rt_daily.count + 1;
    insert into bench_rt_cards (user_id, stamps) values (p_user, 1)
      on conflict (user_id) do update set stamps = bench_rt_cards.stamps + 1 returning bench_rt_cards.stamps into stamps;
    insert into bench_rt_checkins (user_id) values (p_user) returning id into check_in;
    with entry as (insert into bench_rt_ledger (user_id, amount, key) values (p_user, 10, 'stamp:' || check_in)
      on conflict do nothing returning user_id, amount)
    update bench_rt_members m set xp = m.xp + entry.amount from entry where m.id = entry.user_id
      returning m.xp into balance;
    insert into bench_rt_notices (user_id, key, message) values (p_user, 'stamp:' || check_in,
      'Stamp ' || stamps || ' for ' || member_name) on conflict do nothing;
    answer := jsonb_build_object('name', member_name, 'stamps', stamps, 'checkIn', check_in, 'xp', balance);
    insert into bench_rt_log (key, response) values (p_key, answer);
    return answer;
  end $$;`;

// --- The server (a child process, like the app) -------------------------------------------------------

const dialect = new PgDialect();

async function serve(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  let next = 0;
  const nextMember = () => (next++ % members) + 1;

  /** Runs a Drizzle-built statement as executeNamed does: compiled and hashed per call, named. */
  async function runBuilt(client: pg.Pool | pg.PoolClient, name: string, query: SQL) {
    const compiled = dialect.sqlToQuery(query);
    const variant = createHash("sha1").update(compiled.sql).digest("hex").slice(0, 12);
    return client.query({ name: `${name}_${variant}`, text: compiled.sql, values: compiled.params });
  }

  /** BEGIN, the work, COMMIT (ROLLBACK on an error) on one pooled connection. */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const result = await work(client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  }

  app.post("/bare-write", async () => {
    const { rows } = await pool.query({
      name: "bare_write",
      text: "insert into bench_bare_writes (note) values ($1) returning id",
      values: ["bench"],
    });
    return { id: rows[0].id };
  });

  const statementTexts = {
    readLog: "select response from bench_rt_log where key = $1",
    member: "select id, name from bench_rt_members where id = $1",
    stamp: `with daily as (insert into bench_rt_daily (user_id, day, count) values ($1, current_date, 1)
        on conflict (user_id, day) do update set count = bench_rt_daily.count + 1 returning count),
      card as (insert into bench_rt_cards (user_id, stamps) select $1, 1 from daily
        on conflict (user_id) do update set stamps = bench_rt_cards.stamps + 1 returning stamps),
      check_in as (insert into bench_rt_checkins (user_id) select $1 from card returning id)
      select (select stamps from card) as stamps, (select id from check_in) as check_in`,
    xp: `with entry as (insert into bench_rt_ledger (user_id, amount, key) values ($1, 10, $2)
        on conflict do nothing returning user_id, amount)
      update bench_rt_members m set xp = m.xp + entry.amount from entry where m.id = entry.user_id returning m.xp`,
    notice: "insert into bench_rt_notices (user_id, key, message) values ($1, $2, $3) on conflict do nothing",
    log: "insert into bench_rt_log (key, response) values ($1, $2)",
  };

  app.post("/statements", async () => {
    const user = nextMember();
    const key = randomUUID();
    const logged = await pool.query({ name: "rt_read_log", text: statementTexts.readLog, values: [key] });
    if (logged.rows[0]) return logged.rows[0].response;
    return inTransaction(async (client) => {
      const member = await client.query({ name: "rt_member", text: statementTexts.member, values: [user] });
      const stamp = await client.query({ name: "rt_stamp", text: statementTexts.stamp, values: [user] });
      const { stamps, check_in } = stamp.rows[0];
      const xp = await client.query({
        name: "rt_xp",
        text: statementTexts.xp,
        values: [user, `stamp:${check_in}`],
      });
      const name = member.rows[0].name;
      await client.query({
        name: "rt_notice",
        text: statementTexts.notice,
        values: [user, `stamp:${check_in}`, `Stamp ${stamps} for ${name}`],
      });
      const answer = { name, stamps, checkIn: check_in, xp: xp.rows[0]?.xp };
      await client.query({ name: "rt_log", text: statementTexts.log, values: [key, JSON.stringify(answer)] });
      return answer;
    });
  });

  app.post("/statements-built", async () => {
    const user = nextMember();
    const key = randomUUID();
    const logged = await runBuilt(
      pool,
      "rtb_read_log",
      sql`select response from bench_rt_log where key = ${key}::text`,
    );
    if (logged.rows[0]) return logged.rows[0].response;
    return inTransaction(async (client) => {
      const member = await runBuilt(
        client,
        "rtb_member",
        sql`select id, name from bench_rt_members where id = ${user}::integer`,
      );
      const stamp = await runBuilt(
        client,
        "rtb_stamp",
        stampCtes(
          user,
          sql`select (select stamps from card) as stamps, (select id from check_in) as check_in`,
        ),
      );
      const { stamps, check_in } = stamp.rows[0];
      const xp = await runBuilt(
        client,
        "rtb_xp",
        sql`with entry as (insert into bench_rt_ledger (user_id, amount, key)
          values (${user}::integer, 10, ${`stamp:${check_in}`}::text) on conflict do nothing returning user_id, amount)
        update bench_rt_members m set xp = m.xp + entry.amount from entry where m.id = entry.user_id returning m.xp`,
      );
      const name = member.rows[0].name;
      await runBuilt(
        client,
        "rtb_notice",
        sql`insert into bench_rt_notices (user_id, key, message)
        values (${user}::integer, ${`stamp:${check_in}`}::text, ${`Stamp ${stamps} for ${name}`}::text) on conflict do nothing`,
      );
      const answer = { name, stamps, checkIn: check_in, xp: xp.rows[0]?.xp };
      await runBuilt(
        client,
        "rtb_log",
        sql`insert into bench_rt_log (key, response) values (${key}::text, ${JSON.stringify(answer)}::jsonb)`,
      );
      return answer;
    });
  });

  function stampCtes(user: number, then: SQL) {
    return sql`with daily as (insert into bench_rt_daily (user_id, day, count) values (${user}::integer, current_date, 1)
        on conflict (user_id, day) do update set count = bench_rt_daily.count + 1 returning count),
      card as (insert into bench_rt_cards (user_id, stamps) select ${user}::integer, 1 from daily
        on conflict (user_id) do update set stamps = bench_rt_cards.stamps + 1 returning stamps),
      check_in as (insert into bench_rt_checkins (user_id) select ${user}::integer from card returning id)
      ${then}`;
  }

  app.post("/one-statement-built", async () => {
    const user = nextMember();
    const key = randomUUID();
    const { rows } = await runBuilt(
      pool,
      "rtb_one",
      sql`with logged as (select response from bench_rt_log where key = ${key}::text),
      member as (select id, name from bench_rt_members where id = ${user}::integer and not exists (select 1 from logged)),
      daily as (insert into bench_rt_daily (user_id, day, count) select id, current_date, 1 from member
        on conflict (user_id, day) do update set count = bench_rt_daily.count + 1 returning user_id),
      card as (insert into bench_rt_cards (user_id, stamps) select user_id, 1 from daily
        on conflict (user_id) do update set stamps = bench_rt_cards.stamps + 1 returning user_id, stamps),
      check_in as (insert into bench_rt_checkins (user_id) select user_id from card returning id, user_id),
      entry as (insert into bench_rt_ledger (user_id, amount, key) select user_id, 10, 'stamp:' || id from check_in
        on conflict do nothing returning user_id, amount),
      moved as (update bench_rt_members m set xp = m.xp + entry.amount from entry where m.id = entry.user_id returning m.xp),
      answer as (select jsonb_build_object('name', member.name, 'stamps', card.stamps, 'checkIn', check_in.id,
          'xp', (select xp from moved)) as response, check_in.id as check_in, card.stamps, member.name
        from member, card, check_in),
      notice as (insert into bench_rt_notices (user_id, key, message)
        select ${user}::integer, 'stamp:' || check_in, 'Stamp ' || stamps || ' for ' || name from answer on conflict do nothing),
      logged_now as (insert into bench_rt_log (key, response) select ${key}::text, response from answer)
      select response from logged union all select response from answer`,
    );
    return rows[0].response;
  });

  app.post("/function", async () => {
    const { rows } = await pool.query({
      name: "rt_function",
      text: "select bench_rt_stamp($1, $2) as response",
      values: [nextMember(), randomUUID()],
    });
    return rows[0].response;
  });

  await app.listen({ port, host: "127.0.0.1" });
  process.send?.("ready");
}

// --- The runner ----------------------------------------------------------------------------------------

const routes = [
  ["/bare-write", "bare write: one INSERT … RETURNING id"],
  ["/statements", "statements: 6, 4 in a transaction (8 round trips), fixed text"],
  ["/statements-built", "statements: 6, 4 in a transaction (8 round trips), built per call (the app today)"],
  ["/one-statement-built", "one statement (1 round trip), built per call"],
  ["/function", "one SQL function call (1 round trip), fixed text"],
] as const;

async function run() {
  await withScratchDatabase(async (url) => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(schema);
    await setup.end();
    const server = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
      env: { ...process.env, ROUND_TRIPS_SERVE: url },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    await new Promise<void>((resolve) => server.once("message", () => resolve()));
    try {
      console.log(`## Round trips (${connections} connections, ${seconds} s each, pool 10, PostgreSQL)`);
      console.log("| route | req/s | p50 ms | p99 ms | non-2xx | share of the bare write |");
      console.log("|---|---|---|---|---|---|");
      let bare = 0;
      for (const [path, name] of routes) {
        const result = await autocannon({
          url: `http://127.0.0.1:${port}${path}`,
          method: "POST",
          connections,
          duration: seconds,
        });
        const perSecond = Math.round(result.requests.average);
        if (path === "/bare-write") bare = perSecond;
        const share = `${((100 * perSecond) / bare).toFixed(1)} %`;
        console.log(
          `| ${name} | ${perSecond} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${share} |`,
        );
      }
      const [load1 = 0, load5 = 0] = (await import("node:os")).loadavg();
      console.log(
        `- measured ${new Date().toISOString()}, load average ${load1.toFixed(2)} / ${load5.toFixed(2)} at the end`,
      );
    } finally {
      server.kill("SIGTERM");
    }
  });
}

if (process.env.ROUND_TRIPS_SERVE) await serve(process.env.ROUND_TRIPS_SERVE);
else await run();
