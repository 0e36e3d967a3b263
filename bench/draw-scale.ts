import { count, eq, sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { drawEntries, notifications, prizeDraws, users } from "../src/server/db/schema";
import { createSession } from "../src/server/modules/auth";
import { setDrawSeedKey } from "../src/server/modules/draws";
import { addMonthlyDrawEntry } from "../src/server/modules/draws/draws.service";
import { verifyDrawRecord } from "../src/shared/draw-verification";
import { round, withScratchDatabase } from "./scratch-database";

/**
 * Running a monthly draw with many entrants on PostgreSQL. BENCH_ENTRANTS members (default
 * 20,000; tiers spread over bronze to diamond) each earn 1 to 12 entries in October; in November an admin
 * draws it through the API. Measures the draw call, the public page and record reads, and checks the
 * record verifies and every entrant got exactly one notice.
 */
const entrants = Number(process.env.BENCH_ENTRANTS ?? 20_000);
const tiers = ["bronze", "silver", "gold", "diamond"] as const;
let now = new Date("2026-10-15T10:00:00Z");

const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "/tmp/anigye-bench-draws" });
// The first entry opens October's draw, whose seed is sealed with the configuration's key.
setDrawSeedKey(config.configEncryptionKey);

const result = await withScratchDatabase(async (databaseUrl) => {
  const database = await openDatabase({ databaseUrl, poolSize: 20 });
  await database.migrate();
  const db = database.db;
  // Members in bulk (the factory's one-by-one insert would dominate the set-up).
  await db.execute(sql`
    insert into users (anigye_id, username, email, display_name, is_email_verified, activated_at, tier)
    select 'ANG-B' || n, 'bench' || n, 'bench' || n || '@example.com', 'Bench member ' || n, true, now(),
           (array['bronze','silver','gold','diamond'])[1 + n % 4]::tier
    from generate_series(1, ${entrants}) as n`);
  const members = await db.select({ id: users.id, tier: users.tier }).from(users);
  const setUpStarted = performance.now();
  for (let start = 0; start < members.length; start += 500) {
    await db.transaction(async (tx) => {
      for (const member of members.slice(start, start + 500)) {
        const earned = 1 + (member.id % 12);
        for (let n = 0; n < earned; n++) {
          await addMonthlyDrawEntry(tx, member.id, member.tier ?? tiers[0], now, {
            kind: "prize_entry",
            key: `bench:${member.id}:${n}`,
          });
        }
      }
    });
  }
  const setUpSeconds = (performance.now() - setUpStarted) / 1000;

  const [admin] = await db
    .insert(users)
    .values({
      anigyeId: "ANG-ADMIN",
      username: "bench-admin",
      email: "admin@bench.example",
      displayName: "Admin",
      role: "admin",
    })
    .returning();
  const { token } = await createSession(
    db,
    { kind: "user", userId: admin!.id },
    { ipAddress: "127.0.0.1", userAgent: "bench" },
  );
  now = new Date("2026-11-01T09:00:00Z");
  const app = await buildApp({ config, db, now: () => now });
  const [draw] = await db.select().from(prizeDraws).where(eq(prizeDraws.drawMonth, 10));
  // Measured as before monthly draws announced a drand round: drawn at once, without that round.
  await db.update(prizeDraws).set({ publicRandomnessSource: null }).where(eq(prizeDraws.id, draw!.id));

  const t0 = performance.now();
  const drawn = await app.inject({
    method: "POST",
    url: `/api/admin/draws/${draw!.id}/draw`,
    cookies: { anigye_sid: token },
    headers: { "x-requested-with": "anigye" },
    payload: {},
  });
  const drawMs = performance.now() - t0;
  const t1 = performance.now();
  const page = await app.inject({ method: "GET", url: `/api/draws/${draw!.id}` });
  const pageMs = performance.now() - t1;
  const t2 = performance.now();
  const record = await app.inject({ method: "GET", url: `/api/draws/${draw!.id}/record` });
  const recordMs = performance.now() - t2;
  const t3 = performance.now();
  const check = verifyDrawRecord(record.json());
  const verifyMs = performance.now() - t3;
  const [entryRows] = await db.select({ total: count() }).from(drawEntries);
  const [notices] = await db.select({ total: count() }).from(notifications);
  await app.close();
  await database.close();
  return {
    status: drawn.statusCode,
    setUpSeconds: Math.round(setUpSeconds),
    entrants: entryRows?.total ?? 0,
    tickets: page.json().totalEntries as number,
    drawMs: round(drawMs),
    pageMs: round(pageMs),
    pageKb: Math.round(page.body.length / 1024),
    recordMs: round(recordMs),
    verifyMs: round(verifyMs),
    holds: check.holds,
    notices: notices?.total ?? 0,
  };
});

console.log(`\n## A monthly draw with ${entrants} entrants (PostgreSQL)`);
console.log(
  "| entrants | tickets | draw call ms | public page ms (KB) | record ms | verify ms | record holds | notices |",
);
console.log("|---|---|---|---|---|---|---|---|");
console.log(
  `| ${result.entrants} | ${result.tickets} | ${result.drawMs} | ${result.pageMs} (${result.pageKb}) | ${result.recordMs} | ${result.verifyMs} | ${result.holds} | ${result.notices} |`,
);
console.log(`(setting up the entries took ${result.setUpSeconds} s; the draw answered ${result.status})`);
if (result.status !== 200 || !result.holds || result.notices !== result.entrants) process.exitCode = 1;
