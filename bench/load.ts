import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { companyStaff, loyaltyPrograms } from "../src/server/db/schema";
import { createCompany } from "../src/server/db/seed/factories";
import { hashPassword } from "../src/server/lib/password";
import { createSession } from "../src/server/modules/auth";
import { withScratchDatabase } from "./scratch-database";

/**
 * Issue 14: `npm run bench:load`. The real server (a separate process, as in production) on PostgreSQL
 * with 100,000 members and 10,000 ads, under autocannon at 100 connections, beside a bare Fastify route
 * (also its own process) in the same run: Discover signed in, watch progress, the counter scan and the
 * public stats. Results and their ratios to the bare route go into bench/README.md.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const memberCount = Number(process.env.BENCH_MEMBERS ?? 100_000);
const adCount = Number(process.env.BENCH_ADS ?? 10_000);
/** BENCH_ONLY=stats,discovery runs only the routes named (stats, carousel, discovery, progress, scans). */
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
/** Members with a session who poll Discover and watch (one per connection is plenty). */
const activeMembers = 500;

interface Result {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Answered 304 (the member's copy is current), not counted in non2xx. */
  notModified: number;
  /** Refused at once by load shedding (503), counted within non-2xx. */
  shed: number;
  errors: number;
  kilobytes: number;
}

async function hammer(url: string, requests?: autocannon.Request[]): Promise<Result> {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  const byStatus = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  const notModified = byStatus?.["304"]?.count ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx - notModified,
    notModified,
    shed: byStatus?.["503"]?.count ?? 0,
    errors: result.errors,
    kilobytes: Math.round(result.throughput.total / Math.max(1, result.requests.total) / 102.4) / 10,
  };
}

async function waitUntilUp(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

/** BENCH_PROFILE_DIR=dir writes the app server's CPU profile there (open it in Chrome's DevTools). */
const profileDir = process.env.BENCH_PROFILE_DIR;

function startProcess(args: string[], env: Record<string, string>, profiled = false): ChildProcess {
  const profiling = profiled && profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profiling, "--import", "tsx", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function stopProcess(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function fill(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await database.migrate();
  const db = database.db;
  const companyCount = Math.max(10, Math.round(adCount / 20));
  await db.execute(sql`
    insert into companies (name, username, category, city, latitude, longitude, plan, max_ads, paid_until, logo)
    select 'Shop ' || g, 'shop-' || g, 'Food & Dining', (array['Accra','Kumasi','Tamale','Cape Coast'])[1 + g % 4],
           5 + (g % 50) / 10.0, -1 + (g % 30) / 10.0, 'enterprise', 999, now() + interval '30 days', '/media/logo.webp'
    from generate_series(1, ${companyCount}) g`);
  await db.execute(sql`
    insert into ads (company_id, title, description, category, ad_type, image_url, thumbnail_url, duration_seconds,
                     is_featured, is_plus, required_tier, created_at, reward_type, discount_percent, xp_points_reward)
    select 1 + (g % ${companyCount}), 'Ad ' || g, 'Offer number ' || g, 'Food & Dining', 'image',
           '/media/a.webp', '/media/t.webp', 8, g % 97 = 0, g % 13 = 0,
           (case when g % 29 = 0 then 'gold' else 'bronze' end)::tier,
           now() - (g || ' minutes')::interval, 'xp'::reward_type, null, 10
    from generate_series(1, ${adCount}) g`);
  await db.execute(sql`
    insert into users (anigye_id, username, email, display_name, city, activated_at, is_email_verified,
                       onboarding_completed, referral_code)
    select 'ANG-B' || lpad(g::text, 7, '0'), 'member-' || g, 'member' || g || '@example.com', 'Member ' || g,
           (array['Accra','Kumasi','Tamale','Cape Coast'])[1 + g % 4], now(), true, true, 'REF' || g
    from generate_series(1, ${memberCount}) g`);
  await db.execute(sql`analyze`);

  const memberSessions: string[] = [];
  for (let id = 1; id <= activeMembers; id++) {
    const { token } = await createSession(
      db,
      { kind: "user", userId: id },
      { ipAddress: "127.0.0.1", userAgent: "bench" },
    );
    memberSessions.push(`anigye_sid=${token}`);
  }

  const shop = await createCompany(db, { username: "bench-counter", plan: "pro" });
  await db.insert(loyaltyPrograms).values({
    companyId: shop.id,
    programName: "Regulars",
    requiredVisits: 10,
    rewardTitle: "A free plate",
  });
  const staffCookies: string[] = [];
  const pinHash = await hashPassword("2580");
  for (let i = 0; i < 10; i++) {
    const [staff] = await db
      .insert(companyStaff)
      .values({ companyId: shop.id, name: `Staff ${i}`, pinHash, staffCode: String(200000 + i) })
      .returning();
    const { token } = await createSession(
      db,
      { kind: "company_staff", companyStaffId: staff!.id, companyId: shop.id },
      { ipAddress: "127.0.0.1", userAgent: "bench" },
    );
    staffCookies.push(`anigye_biz=${token}`);
  }
  await database.close();
  return { memberSessions, staffCookies };
}

const json = { "content-type": "application/json", "x-requested-with": "anigye" };

async function measureApp(baseUrl: string, data: Awaited<ReturnType<typeof fill>>) {
  const results: Record<string, Result> = {};
  let n = 0;
  const member = () => data.memberSessions[n++ % data.memberSessions.length]!;

  const wanted = (name: string) => only.length === 0 || only.some((part) => name.includes(part));
  if (wanted("stats")) results["GET /api/stats/public"] = await hammer(`${baseUrl}/api/stats/public`);
  if (wanted("carousel"))
    results["GET /api/companies/carousel"] = await hammer(`${baseUrl}/api/companies/carousel`);
  if (wanted("discovery")) {
    results["GET /api/ads/discovery (signed in, first load)"] = await hammer(`${baseUrl}/api/ads/discovery`, [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, headers: { cookie: member(), "accept-encoding": "gzip" } }),
      },
    ]);
    // What members' phones do every 30 s: revalidate with the ETag of the copy they hold (browsers do it
    // on their own for a no-cache answer). Each member's tag is the one their last load gave.
    const tags = new Map<string, string>();
    for (const cookie of data.memberSessions) {
      const first = await fetch(`${baseUrl}/api/ads/discovery`, { headers: { cookie } });
      tags.set(cookie, first.headers.get("etag") ?? "");
    }
    results["GET /api/ads/discovery (signed in, poll with If-None-Match)"] = await hammer(
      `${baseUrl}/api/ads/discovery`,
      [
        {
          method: "GET",
          setupRequest: (request) => {
            const cookie = member();
            return {
              ...request,
              headers: { cookie, "accept-encoding": "gzip", "if-none-match": tags.get(cookie) ?? "" },
            };
          },
        },
      ],
    );
  }
  if (!wanted("progress") && !wanted("scans")) return results;

  // Each connection watches its own ad as a member, reporting progress at the real pace.
  const sessions: { cookie: string; id: number; startedAt: number }[] = [];
  // Ads any bronze member may watch (every 13th is Anigye+ only, every 29th needs gold).
  const openAds = Array.from({ length: connections * 2 }, (_, i) => i + 1).filter((g) => g % 13 && g % 29);
  for (let c = 0; c < connections; c++) {
    const cookie = data.memberSessions[c % data.memberSessions.length]!;
    const started = await fetch(`${baseUrl}/api/watch/sessions`, {
      method: "POST",
      headers: { ...json, cookie, "x-device-fingerprint": `bench-${c}` },
      body: JSON.stringify({ adId: openAds[c] }),
    });
    if (!started.ok) throw new Error(`could not start a view: ${await started.text()}`);
    sessions.push({ cookie, id: (await started.json()).sessionId, startedAt: Date.now() });
  }
  let s = 0;
  if (wanted("progress"))
    results["POST /api/watch/sessions/:id/progress"] = await hammer(
      `${baseUrl}/api/watch/sessions/1/progress`,
      [
        {
          method: "POST",
          setupRequest: (request) => {
            const session = sessions[s++ % sessions.length]!;
            const watched = Math.min(8, Math.max(0, (Date.now() - session.startedAt) / 1000 - 0.5));
            return {
              ...request,
              path: `/api/watch/sessions/${session.id}/progress`,
              headers: { ...json, cookie: session.cookie, "x-device-fingerprint": "bench" },
              body: JSON.stringify({ watchedSeconds: Math.round(watched * 10) / 10 }),
            };
          },
        },
      ],
    );

  // A yardstick for the write targets: a signed-in report on a view that doesn't exist costs the app's
  // fixed work for a write (session, checks, validation, the error answer) and one indexed read, nothing
  // else. No write route can be faster than this.
  if (wanted("progress"))
    results["POST progress on a view that doesn't exist (answered 404)"] = await hammer(
      `${baseUrl}/api/watch/sessions/999999999/progress`,
      [
        {
          method: "POST",
          setupRequest: (request) => ({
            ...request,
            headers: { ...json, cookie: member(), "x-device-fingerprint": "bench" },
            body: JSON.stringify({ watchedSeconds: 1 }),
          }),
        },
      ],
    );

  // Members open their loyalty QR (valid 60 s) just before the counters scan them.
  const qrCodes: string[] = [];
  for (const cookie of data.memberSessions) {
    const qr = await fetch(`${baseUrl}/api/loyalty/qr`, { headers: { cookie } });
    if (!qr.ok) throw new Error(`could not open a member QR: ${await qr.text()}`);
    qrCodes.push((await qr.json()).qrData);
  }
  let q = 0;
  if (wanted("scans"))
    results["POST /api/merchant/scans (stamp)"] = await hammer(`${baseUrl}/api/merchant/scans`, [
      {
        method: "POST",
        setupRequest: (request) => {
          const i = q++;
          return {
            ...request,
            headers: { ...json, cookie: data.staffCookies[i % data.staffCookies.length]! },
            body: JSON.stringify({
              qrData: qrCodes[i % qrCodes.length],
              action: "stamp",
              purchaseAmount: 30,
            }),
          };
        },
      },
    ]);
  return results;
}

await withScratchDatabase(async (databaseUrl) => {
  const started = Date.now();
  const data = await fill(databaseUrl);
  console.error(
    `filled ${memberCount} members and ${adCount} ads in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  const barePort = 5611;
  const bare = startProcess(["bench/bare-server.ts"], {
    BARE_PORT: String(barePort),
    BARE_DATABASE_URL: databaseUrl,
  });
  await waitUntilUp(`http://127.0.0.1:${barePort}/bare`);
  const bareResult = await hammer(`http://127.0.0.1:${barePort}/bare`);
  const bareWriteResult = await hammer(`http://127.0.0.1:${barePort}/bare-write`, [
    { method: "POST", headers: json, body: "{}" },
  ]);
  await stopProcess(bare);

  const port = 5612;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-load-"));
  const server = startProcess(
    ["src/server/main.ts"],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10",
      // The measurement wants the server's full speed: shedding load would hide it.
      MAX_EVENT_LOOP_DELAY_MS: "0",
    },
    true,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/api/health`);
    const results = await measureApp(baseUrl, data);
    console.log(
      `\n## Load (${connections} connections, ${seconds} s each, PostgreSQL, ${memberCount} members, ${adCount} ads)`,
    );
    console.log(
      "| route | req/s | p50 ms | p99 ms | KB/response | 304 | other non-2xx (503) | share of bare |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    const row = (name: string, r: Result) =>
      `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.kilobytes} | ${r.notModified} | ${r.non2xx} (${r.shed}) | ${((100 * r.requestsPerSecond) / bareResult.requestsPerSecond).toFixed(1)} % |`;
    console.log(row("bare Fastify GET (own process)", bareResult));
    console.log(row("bare write: one UPDATE through pg, no app (own process)", bareWriteResult));
    for (const [name, result] of Object.entries(results)) console.log(row(name, result));
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
