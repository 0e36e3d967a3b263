import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../src/server/db/client";
import { companyPointAllocations, companyStaff, loyaltyPrograms } from "../src/server/db/schema";
import { createCompany, findUserByEmail } from "../src/server/db/seed/factories";
import { demoAccounts } from "../src/server/db/seed/seed";
import { hashPassword } from "../src/server/lib/password";
import { createSession } from "../src/server/modules/auth";
import { accraMonth } from "../src/shared/accra-time";
import { withScratchDatabase } from "./scratch-database";

/**
 * `npm run bench:load`. The real server (a separate process, as in production) on
 * PostgreSQL with 100,000 members and 10,000 ads, under autocannon at 100 connections, beside two
 * yardsticks measured in the same run in their own process: a bare Fastify GET (for the reads) and a bare
 * one-statement write, Fastify + `pg` (pool 10) doing one `INSERT … RETURNING id` per POST (for the
 * writes). Reads: public stats, the carousel, Discover signed in. Writes: watch progress, the report that
 * completes a view, the counter's stamps that succeed, stamps refused (a second stamp the same day), point
 * grants and USSD. Every row counts its answers by status, so a row meant to succeed shows that it did.
 * Results go into bench/README.md.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const memberCount = Number(process.env.BENCH_MEMBERS ?? 100_000);
const adCount = Number(process.env.BENCH_ADS ?? 10_000);
/**
 * BENCH_ONLY=stats,discovery runs only the rows named: stats, carousel, discovery, progress, stamps,
 * refusals (runs the stamps first: it re-stamps the members they stamped), points, ussd, completing (the
 * report that completes a view; BENCH_CAMPAIGNS=1 charges each to a campaign). `home` is measured
 * on its own (BENCH_ONLY=home): a signed-in member's home `GET /` rendered by the server, on the demo
 * seed, at each of BENCH_HOME_CONNECTIONS (default 1,10,50); it needs `npm run build` first.
 */
const only = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.includes(name);

/** Members 1 to 500 have a session and poll Discover and watch (one per connection is plenty). */
const activeMembers = 500;
/** The counter: shops, each with a loyalty program and staff phones signed in. */
const shopCount = 20;
const staffPerShop = 5;
/** Points per grant: a member may take 100 a day, so each member of the points pool can take ten. */
const pointsPerGrant = 10;
const dailyPointsLimit = 100;

interface Result {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  /** Answers other than 2xx and 304, by status. */
  non2xx: number;
  byStatus: Record<string, number>;
  /** Answered 304 (the member's copy is current), not counted in non2xx. */
  notModified: number;
  errors: number;
  kilobytes: number;
  /** CPU a request cost the server process, and PostgreSQL's processes together, in µs (from /proc). */
  serverCpuUs: number;
  postgresCpuUs: number;
}

/**
 * Runs one row. With `tallyCodes`, answers other than 2xx and 304 are counted by status and the error
 * code in their body ("409 DAILY_LIMIT"), so a refusal row shows it was refused for the right reason.
 */
async function hammer(
  url: string,
  requests?: autocannon.Request[],
  tallyCodes = false,
  atConnections = connections,
  /** Requests a second from each connection (a person's pace); unset, each sends its next on an answer. */
  connectionRate?: number,
): Promise<Result> {
  const codes: Record<string, number> = {};
  const tally = (status: number, body: string) => {
    if (status < 300 || status === 304) return;
    const key = `${status} ${codeOf(body)}`.trim();
    codes[key] = (codes[key] ?? 0) + 1;
  };
  const tallied = tallyCodes
    ? requests?.map((request) => ({
        ...request,
        onResponse: (status: number, body: string, context: object, headers?: IncomingHttpHeaders) => {
          if (typeof request.onResponse === "function") request.onResponse(status, body, context, headers);
          tally(status, body);
        },
      }))
    : requests;
  const cpuBefore = cpuTicks();
  const result = await autocannon({
    url,
    connections: atConnections,
    duration: seconds,
    requests: tallied,
    ...(connectionRate ? { connectionRate } : {}),
  });
  const cpuAfter = cpuTicks();
  const answered = Math.max(1, result.requests.total);
  const microsPerRequest = (ticks: number) => Math.round((ticks * 1_000_000) / ticksPerSecond / answered);
  const byStatus: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith("2") && status !== "304") byStatus[status] = stats.count ?? 0;
  }
  const notModified = result.statusCodeStats?.["304"]?.count ?? 0;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    non2xx: result.non2xx - notModified,
    byStatus: tallyCodes ? codes : byStatus,
    notModified,
    errors: result.errors + result.timeouts,
    kilobytes: Math.round(result.throughput.total / Math.max(1, result.requests.total) / 102.4) / 10,
    serverCpuUs: microsPerRequest(cpuAfter.server - cpuBefore.server),
    postgresCpuUs: microsPerRequest(cpuAfter.postgres - cpuBefore.postgres),
  };
}

/**
 * The server being measured (the app or the yardsticks' process): its CPU per request, beside the share
 * of a yardstick, doesn't move with what the load generator takes of this machine's cores.
 */
let measuredServer: ChildProcess | undefined;
/** Linux's clock ticks for /proc's CPU times (USER_HZ, 100 on every Linux this runs on). */
const ticksPerSecond = 100;

/** CPU ticks used so far (user and system) by the measured server, and by every PostgreSQL process. */
function cpuTicks(): { server: number; postgres: number } {
  const ticksOf = (pid: string | number) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0; // not Linux, or the process ended
    }
  };
  let postgres = 0;
  const pids = fs.existsSync("/proc") ? fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)) : [];
  for (const pid of pids) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") postgres += ticksOf(pid);
    } catch {
      // ended while listed
    }
  }
  return { server: measuredServer?.pid ? ticksOf(measuredServer.pid) : 0, postgres };
}

function codeOf(body: string): string {
  try {
    return String(JSON.parse(body).code ?? "");
  } catch {
    return "";
  }
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

// --- The data ------------------------------------------------------------------------------------

/**
 * The members the counter rows use, beyond the signed-in ones: the first half is stamped (each once, so
 * every stamp is the member's first of the day at their shop), the second half receives points.
 */
const counterMembers = memberCount - activeMembers;
const stampPool = Math.floor(counterMembers / 2);
const pointsPool = counterMembers - stampPool;
const stampMember = (n: number) => activeMembers + 1 + (n % stampPool);
const pointsMember = (n: number) => activeMembers + 1 + stampPool + (n % pointsPool);
/** Each member shops at one shop, so no stamp or grant is flagged as "two places minutes apart". */
const shopOf = (memberId: number) => memberId % shopCount;
/** The QR each counter member shows: made in setup, live for the whole run. */
const qrOf = (memberId: number) => `ANIGYE-M1.bench-${memberId}`;

async function fillCatalogue(db: Database) {
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
  await insertMembers(db, 1, memberCount);
  // Member QR codes live 60 s in the app; these are made directly with a long life so the run never
  // outlasts them (the lookup and its checks are the same).
  await db.execute(sql`
    insert into user_qr_codes (user_id, qr_data, short_code, expires_at, created_at, updated_at)
    select g, 'ANIGYE-M1.bench-' || g, upper(substr(md5(g::text), 1, 6)), now() + interval '6 hours', now(), now()
    from generate_series(${activeMembers + 1}::int, ${memberCount}::int) g`);
}

/** Active bronze members with ids `first` to `last`, each with a verified number (+23324 and the id). */
async function insertMembers(db: Database, first: number, last: number) {
  await db.execute(sql`
    insert into users (anigye_id, username, email, display_name, city, activated_at, is_email_verified,
                       onboarding_completed, referral_code, phone_number, is_phone_verified, language)
    select 'ANG-B' || lpad(g::text, 7, '0'), 'member-' || g, 'member' || g || '@example.com', 'Member ' || g,
           (array['Accra','Kumasi','Tamale','Cape Coast'])[1 + g % 4], now(), true, true, 'REF' || g,
           ${benchPhonePrefix} || lpad(g::text, 7, '0'), true, 'en'
    from generate_series(${first}::int, ${last}::int) g`);
}

async function memberSessions(db: Database) {
  const cookies: string[] = [];
  for (let id = 1; id <= activeMembers; id++) {
    const { token } = await createSession(
      db,
      { kind: "user", userId: id },
      { ipAddress: "127.0.0.1", userAgent: "bench" },
    );
    cookies.push(`anigye_sid=${token}`);
  }
  return cookies;
}

/**
 * The counter's shops: a loyalty program each (its card cap raised above the members stamped), a
 * month's points allocation far above what the run grants, and signed-in staff phones.
 */
async function counterShops(db: Database) {
  const pinHash = await hashPassword("2580");
  const { year, month } = accraMonth(new Date());
  const staffCookies: string[][] = [];
  for (let s = 0; s < shopCount; s++) {
    const shop = await createCompany(db, { username: `bench-counter-${s}`, plan: "pro" });
    await db.insert(loyaltyPrograms).values({
      companyId: shop.id,
      programName: "Regulars",
      requiredVisits: 10,
      rewardTitle: "A free plate",
      maxActiveCards: 1_000_000,
    });
    await db.insert(companyPointAllocations).values({
      companyId: shop.id,
      year,
      month,
      allocatedPoints: 100_000_000,
      remainingPoints: 100_000_000,
      plan: "pro",
    });
    const cookies: string[] = [];
    for (let i = 0; i < staffPerShop; i++) {
      const [staff] = await db
        .insert(companyStaff)
        .values({ companyId: shop.id, name: `Staff ${i}`, pinHash, staffCode: String(200000 + s * 10 + i) })
        .returning();
      const { token } = await createSession(
        db,
        { kind: "company_staff", companyStaffId: staff!.id, companyId: shop.id },
        { ipAddress: "127.0.0.1", userAgent: "bench" },
      );
      cookies.push(`anigye_biz=${token}`);
    }
    staffCookies.push(cookies);
  }
  return staffCookies;
}

/** Cards each shop already has, as a shop in use does: for the points pool's members, none of them stamped. */
const cardsPerShop = 1_000;

async function cardHistory(db: Database) {
  const firstMember = activeMembers + 1 + stampPool;
  await db.execute(sql`
    insert into loyalty_cards (user_id, company_id, program_id, current_stamps, required_stamps, is_active)
    select member.id, program.company_id, program.id, member.id % 9 + 1, 10, true
    from generate_series(${firstMember}::integer, ${firstMember + cardsPerShop * shopCount - 1}::integer) as member(id)
    join loyalty_programs as program
      on program.company_id = (select id from companies where username = 'bench-counter-' || (member.id % ${shopCount}))`);
}

async function fill(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  await database.migrate();
  await fillCatalogue(database.db);
  const data = {
    memberSessions: await memberSessions(database.db),
    staffCookies: await counterShops(database.db),
    completingCookies: wanted("completing") ? await completingMembers(database.db) : [],
  };
  await cardHistory(database.db);
  // Statistics as a database in use has them: the counter's statements are planned for shops with cards.
  await database.db.execute(sql`analyze`);
  await database.close();
  return data;
}

type Data = Awaited<ReturnType<typeof fill>>;

// --- The rows ------------------------------------------------------------------------------------

const json = { "content-type": "application/json", "x-requested-with": "anigye" };

/** What a row's answers should be: all 2xx, or (for refusals and the 404 floor) all this status. */
type Expected = "2xx" | "409 DAILY_LIMIT" | "404";

interface Row {
  name: string;
  kind: "read" | "write";
  expected: Expected;
  result: Result;
  note?: string;
}

async function readRows(baseUrl: string, data: Data): Promise<Row[]> {
  const rows: Row[] = [];
  const read = (name: string, result: Result): Row => ({ name, kind: "read", expected: "2xx", result });
  let n = 0;
  const member = () => data.memberSessions[n++ % data.memberSessions.length]!;
  if (wanted("stats")) rows.push(read("GET /api/stats/public", await hammer(`${baseUrl}/api/stats/public`)));
  if (wanted("carousel"))
    rows.push(read("GET /api/companies/carousel", await hammer(`${baseUrl}/api/companies/carousel`)));
  if (!wanted("discovery")) return rows;
  const firstLoad = await hammer(`${baseUrl}/api/ads/discovery`, [
    {
      method: "GET",
      setupRequest: (request) => ({ ...request, headers: { cookie: member(), "accept-encoding": "gzip" } }),
    },
  ]);
  rows.push(read("GET /api/ads/discovery (signed in, first load)", firstLoad));
  // What members' phones do every 30 s: revalidate with the ETag of the copy they hold (browsers do it
  // on their own for a no-cache answer). Each member's tag is the one their last load gave.
  const tags = new Map<string, string>();
  for (const cookie of data.memberSessions) {
    const first = await fetch(`${baseUrl}/api/ads/discovery`, { headers: { cookie } });
    tags.set(cookie, first.headers.get("etag") ?? "");
  }
  const poll = await hammer(`${baseUrl}/api/ads/discovery`, [
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
  ]);
  rows.push(read("GET /api/ads/discovery (signed in, poll with If-None-Match)", poll));
  return rows;
}

interface View {
  cookie: string;
  id: number;
  startedAt: number;
}

/** One view per connection, each its own member watching its own ad, started just before the row. */
async function startViews(baseUrl: string, data: Data): Promise<View[]> {
  const views: View[] = [];
  // Ads any bronze member may watch (every 13th is Anigye+ only, every 29th needs gold).
  const openAds = Array.from({ length: connections * 3 }, (_, i) => i + 1).filter((g) => g % 13 && g % 29);
  for (let c = 0; c < connections; c++) {
    const cookie = data.memberSessions[c % data.memberSessions.length]!;
    const started = await fetch(`${baseUrl}/api/watch/sessions`, {
      method: "POST",
      headers: { ...json, cookie, "x-device-fingerprint": `bench-${c}` },
      body: JSON.stringify({ adId: openAds[c] }),
    });
    if (!started.ok) throw new Error(`could not start a view: ${await started.text()}`);
    views.push({ cookie, id: (await started.json()).sessionId, startedAt: Date.now() });
  }
  return views;
}

/**
 * Each view reports the seconds really elapsed since it started (capped at the ad's 8 s). A view's
 * reports go one at a time, as a phone's do: each request takes a view no request is reporting on and
 * gives it back with the answer.
 */
async function progressRow(baseUrl: string, views: View[]): Promise<Row> {
  const idle = [...views];
  type ViewContext = { view?: View };
  let s = 0;
  const result = await hammer(
    `${baseUrl}/api/watch/sessions/1/progress`,
    [
      {
        method: "POST",
        setupRequest: (request, context) => {
          const view = idle.shift() ?? views[s++ % views.length]!;
          (context as ViewContext).view = view;
          const watched = Math.min(8, Math.max(0, (Date.now() - view.startedAt) / 1000 - 0.5));
          return {
            ...request,
            path: `/api/watch/sessions/${view.id}/progress`,
            headers: { ...json, cookie: view.cookie, "x-device-fingerprint": "bench" },
            body: JSON.stringify({ watchedSeconds: Math.round(watched * 10) / 10 }),
          };
        },
        onResponse: (_status, _body, context) => {
          const { view } = context as ViewContext;
          if (view) idle.push(view);
        },
      },
    ],
    true,
  );
  return {
    name: `POST /api/watch/sessions/:id/progress (${views.length} members, own view each, real pace)`,
    kind: "write",
    expected: "2xx",
    result,
  };
}

/**
 * The floor under every write: a signed-in report on a view that doesn't exist costs the app's fixed
 * work for a write (session, checks, validation, the error answer) and one indexed read, nothing else.
 */
async function floorRow(baseUrl: string, data: Data): Promise<Row> {
  let m = 0;
  const result = await hammer(
    `${baseUrl}/api/watch/sessions/999999999/progress`,
    [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...json,
            cookie: data.memberSessions[m++ % data.memberSessions.length]!,
            "x-device-fingerprint": "bench",
          },
          body: JSON.stringify({ watchedSeconds: 1 }),
        }),
      },
    ],
    true,
  );
  return {
    name: "POST progress on a view that doesn't exist (the floor: answered 404)",
    kind: "write",
    expected: "404",
    result,
  };
}

// --- The completing report --------------------------------------------------------------------

/**
 * BENCH_ONLY=completing: each request is the report that completes a view not completed yet. The pool
 * (BENCH_COMPLETING_VIEWS, default 6,000) is one view per member, its members (the ids after
 * BENCH_MEMBERS) used by no other row, each view on the next ad any bronze member may watch (8 s, 10 XP),
 * so the completions spread over the catalogue's ads and businesses. The first views warm the server up.
 */
const completingPool = Number(process.env.BENCH_COMPLETING_VIEWS ?? 6_000);
const completingWarmUp = 200;
const firstCompletingMember = memberCount + 1;
/** The first member of the measured views (the warm-up's come first). */
const firstMeasuredMember = firstCompletingMember + completingWarmUp;
/**
 * BENCH_CAMPAIGNS=1 (only on code with pay-per-view campaigns): every ad of the pool gets a live pay-per-view
 * campaign and its business a balance, all far above what the run spends, so every view is charged.
 */
const campaignsOn = process.env.BENCH_CAMPAIGNS === "1";
const campaignFundsPesewas = 100_000_000;

interface CompletingView {
  id: number;
  memberId: number;
  cookie: string;
}

/** The pool's members and their sessions, made with the rest of the data. */
async function completingMembers(db: Database): Promise<string[]> {
  await insertMembers(db, firstCompletingMember, memberCount + completingPool);
  const cookies: string[] = [];
  const batch = 50;
  for (let start = 0; start < completingPool; start += batch) {
    const ids = Array.from({ length: Math.min(batch, completingPool - start) }, (_, i) => start + i);
    const sessions = await Promise.all(
      ids.map((i) =>
        createSession(
          db,
          { kind: "user", userId: firstCompletingMember + i },
          { ipAddress: "127.0.0.1", userAgent: "bench" },
        ),
      ),
    );
    for (const { token } of sessions) cookies.push(`anigye_sid=${token}`);
  }
  return cookies;
}

/**
 * The pool's views, opened by SQL just before the row as the server reads an open view: started a minute
 * ago (past the ad's 6.4 s minimum, far from the 616 s after which a view ends), nothing watched yet, not
 * closed, each from its own device. Ordered by member, so the warm-up takes the first ones.
 */
async function openCompletingViews(db: Database, cookies: string[]): Promise<CompletingView[]> {
  const opened = (await db.execute(sql`
    with open_ads as (
      select id, (row_number() over (order by id))::int - 1 as k, count(*) over ()::int as total
      from ads where not is_plus and required_tier = 'bronze'
    )
    insert into watch_progress (user_id, ad_id, started_at, last_progress_at, ip, user_agent, device_fingerprint)
    select ${firstCompletingMember}::int + v, a.id, now() - interval '60 seconds', now() - interval '60 seconds',
           '127.0.0.1', 'bench', 'bench-completing-' || (${firstCompletingMember}::int + v)
    from generate_series(0, ${completingPool - 1}::int) v join open_ads a on a.k = v % a.total
    returning id, user_id`)) as unknown as { rows: { id: number; user_id: number }[] };
  return opened.rows
    .map((row) => ({
      id: row.id,
      memberId: row.user_id,
      cookie: cookies[row.user_id - firstCompletingMember]!,
    }))
    .sort((a, b) => a.memberId - b.memberId);
}

/**
 * BENCH_CAMPAIGNS=1: each business of the pool's ads gets its accounts (a balance, its revenue, and the
 * money received at minus the balance, so the books sum to zero) and each ad a live campaign.
 */
async function fundCampaigns(db: Database) {
  const poolAds = sql`select ad_id from watch_progress where user_id >= ${firstCompletingMember}`;
  await db.execute(sql`
    insert into money_accounts (kind, company_id, balance_pesewas)
    select k.kind::money_account_kind, c.company_id, k.sign * ${campaignFundsPesewas}::bigint
    from (select distinct company_id from ads where id in (${poolAds})) c
    cross join (values (1, 'company_balance', 1), (2, 'platform_revenue', 0), (3, 'money_received', -1)) k(n, kind, sign)
    order by c.company_id, k.n`);
  await db.execute(sql`
    insert into ad_campaigns (company_id, ad_id, price_per_view_pesewas, daily_cap_pesewas, total_budget_pesewas)
    select company_id, id, 10, ${campaignFundsPesewas}, ${campaignFundsPesewas}
    from ads where id in (${poolAds})`);
}

/** The report that completes a view: the ad's full 8 s (a view that doesn't exist once the pool is spent). */
function completingReport(view: CompletingView | undefined, spare: CompletingView) {
  return {
    path: `/api/watch/sessions/${view?.id ?? 999_999_999}/progress`,
    headers: {
      ...json,
      cookie: (view ?? spare).cookie,
      "x-device-fingerprint": `bench-completing-${(view ?? spare).memberId}`,
    },
    body: JSON.stringify({ watchedSeconds: 8 }),
  };
}

/** The warm-up's views complete ten at a time: the server's code and statements are warm for the row. */
async function warmUpCompleting(baseUrl: string, views: CompletingView[]) {
  for (let start = 0; start < views.length; start += 10) {
    const reports = views.slice(start, start + 10).map(async (view) => {
      const { path: viewPath, ...report } = completingReport(view, view);
      const answer = await fetch(`${baseUrl}${viewPath}`, { method: "POST", ...report });
      if (!answer.ok) throw new Error(`a completing report failed: ${await answer.text()}`);
    });
    await Promise.all(reports);
  }
}

async function completingRow(baseUrl: string, views: CompletingView[]): Promise<Row> {
  let sent = 0;
  const result = await hammer(
    `${baseUrl}/api/watch/sessions/1/progress`,
    [
      {
        method: "POST",
        setupRequest: (request) => ({ ...request, ...completingReport(views[sent++], views[0]!) }),
      },
    ],
    true,
  );
  return {
    name: `POST /api/watch/sessions/:id/progress, the completing report (a new member's view each, campaigns ${campaignsOn ? "on" : "off"})`,
    kind: "write",
    expected: "2xx",
    result,
    note:
      sent > views.length
        ? `${sent} sent of ${views.length} views: POOL EXHAUSTED, raise BENCH_COMPLETING_VIEWS`
        : `${sent} sent of ${views.length} views`,
  };
}

/**
 * What became of the measured views, in one statement (one snapshot): how many completed and, with
 * campaigns on, how many were charged and what all the accounts sum to.
 */
async function completingTally(db: Database): Promise<Tally> {
  const charges = campaignsOn
    ? sql`(select count(*) from campaign_views where user_id >= ${firstMeasuredMember} and outcome = 'charged')::int`
    : sql`null::int`;
  const books = campaignsOn ? sql`(select sum(balance_pesewas) from money_accounts)::text` : sql`null::text`;
  const [tally] = await rowsOf<Tally>(
    db,
    sql`select count(*) filter (where w.completed)::int as completed, count(distinct w.ad_id)::int as ads,
          count(distinct a.company_id)::int as businesses, ${charges} as charged, ${books} as books
        from watch_progress w join ads a on a.id = w.ad_id where w.user_id >= ${firstMeasuredMember}`,
  );
  return tally!;
}

interface Tally {
  completed: number;
  ads: number;
  businesses: number;
  charged: number | null;
  books: string | null;
}

/** The tally once the reports still in flight when the row ended have committed (no change for 0.5 s). */
async function settledTally(db: Database): Promise<Tally> {
  let tally = await completingTally(db);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await completingTally(db);
    if (next.completed === tally.completed) return next;
    tally = next;
  }
}

function tallyNote({ completed, ads, businesses, charged, books }: Tally, cpuSeconds: number) {
  const cpu = `server CPU ${((1000 * cpuSeconds) / Math.max(1, completed)).toFixed(1)} ms per completed view`;
  const spread = `${completed} views completed, the pool on ${ads} ads of ${businesses} businesses; ${cpu}`;
  if (!campaignsOn) return `${spread}; campaigns off`;
  return `${spread}; ${charged} campaign views charged; the books sum to ${books}`;
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Opens the pool's views (and with BENCH_CAMPAIGNS=1 funds their campaigns), warms up, runs the row, and
 * counts the server's CPU from the row's start until the last report committed.
 */
async function measureCompleting(baseUrl: string, databaseUrl: string, data: Data): Promise<Row> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const views = await openCompletingViews(database.db, data.completingCookies);
    if (campaignsOn) await fundCampaigns(database.db);
    await warmUpCompleting(baseUrl, views.slice(0, completingWarmUp));
    const cpuBefore = await serverCpuSeconds(baseUrl);
    const row = await completingRow(baseUrl, views.slice(completingWarmUp));
    const tally = await settledTally(database.db);
    const cpuSeconds = (await serverCpuSeconds(baseUrl)) - cpuBefore;
    return { ...row, note: `${row.note}; ${tallyNote(tally, cpuSeconds)}` };
  } finally {
    await database.close();
  }
}

/**
 * A counter request for a member, sent by one of their shop's staff phones. Every request carries its
 * own device fingerprint: a real phone scans every 10 to 30 s, so none of them is a burst.
 */
function counterRequest(data: Data, memberId: number, n: number, body: object) {
  const shop = data.staffCookies[shopOf(memberId)]!;
  return {
    headers: { ...json, cookie: shop[n % shop.length]!, "x-device-fingerprint": `bench-counter-${n}` },
    body: JSON.stringify({ qrData: qrOf(memberId), ...body }),
  };
}

type MemberContext = { memberId?: number };
const stamp = { action: "stamp", purchaseAmount: 30 };

/** Each request stamps a member not stamped yet, so each is the member's first stamp of the day there. */
async function stampRow(baseUrl: string, data: Data, stamped: number[]): Promise<Row> {
  let sent = 0;
  const result = await hammer(
    `${baseUrl}/api/merchant/scans`,
    [
      {
        method: "POST",
        setupRequest: (request, context) => {
          const n = sent++;
          const memberId = stampMember(n);
          (context as MemberContext).memberId = memberId;
          return { ...request, ...counterRequest(data, memberId, n, stamp) };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) stamped.push((context as MemberContext).memberId!);
        },
      },
    ],
    true,
  );
  return {
    name: "POST /api/merchant/scans, stamps that succeed (distinct members)",
    kind: "write",
    expected: "2xx",
    result,
    note: poolNote(sent, stampPool, "stamped members"),
  };
}

/** Each request stamps, at the same shop, a member the stamp row stamped: refused by the daily rule. */
async function refusalRow(baseUrl: string, data: Data, stamped: number[]): Promise<Row> {
  if (stamped.length === 0) throw new Error("no stamp succeeded, so there is nothing to refuse");
  let n = 0;
  const result = await hammer(
    `${baseUrl}/api/merchant/scans`,
    [
      {
        method: "POST",
        setupRequest: (request) => {
          const i = n++;
          return { ...request, ...counterRequest(data, stamped[i % stamped.length]!, i, stamp) };
        },
      },
    ],
    true,
  );
  return {
    name: "POST /api/merchant/scans, stamps refused (a second stamp the same day)",
    kind: "write",
    expected: "409 DAILY_LIMIT",
    result,
    note: `refused stamps cycled over the ${stamped.length} members stamped above`,
  };
}

/** Grants cycle over the points pool: a member comes round again only after the whole pool. */
async function pointsRow(baseUrl: string, data: Data): Promise<Row> {
  let n = 0;
  const result = await hammer(
    `${baseUrl}/api/merchant/points`,
    [
      {
        method: "POST",
        setupRequest: (request) => {
          const i = n++;
          const body = { points: pointsPerGrant, purchaseAmount: 30 };
          return { ...request, ...counterRequest(data, pointsMember(i), i, body) };
        },
      },
    ],
    true,
  );
  return {
    name: `POST /api/merchant/points, ${pointsPerGrant} points each (members under the daily limit)`,
    kind: "write",
    expected: "2xx",
    result,
    note: poolNote(n, pointsPool * (dailyPointsLimit / pointsPerGrant), "grants the points pool holds"),
  };
}

/** Every bench member has a verified number: +23324 and their id in seven digits. */
const benchPhonePrefix = "+23324";
const ussdToken = "bench-ussd-callback-token-0123456789";

/**
 * USSD by Hubtel's callback: each connection is one caller after another, each session three requests
 * as a caller makes them (dial, 1 for points and stamps, 0 back to the menu), from a member's number not
 * used before in the run, so no per-number limit is reached. Two paces: each caller pressing the next key
 * the moment the screen arrives (the server's capacity), and a key a second each (still faster than
 * anyone reads a 160-character screen: 100 callers at a person's pace).
 */
async function ussdRows(baseUrl: string): Promise<Row[]> {
  const saturated = await ussdRow(baseUrl, "each next key at once");
  const paced = await ussdRow(baseUrl, "a key a second each, all at the same instant", 1);
  const reading = await ussdReadingCallersRow(baseUrl);
  return [saturated, paced, reading];
}

/**
 * 100 callers as people use USSD: each reads a screen for 1 to 3 s (uniformly random) before the next key,
 * so their presses don't arrive in step; each session dial, 1, 0, then after a moment the next session.
 */
async function ussdReadingCallersRow(baseUrl: string): Promise<Row> {
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  let bytes = 0;
  const until = Date.now() + seconds * 1000;
  const cpuBefore = cpuTicks();
  const press = async (session: number, type: string, message: string, sequence: number) => {
    const started = performance.now();
    try {
      const answer = await fetch(`${baseUrl}/api/ussd/hubtel?token=${ussdToken}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: hubtelRequest(session, type, message, sequence),
      });
      bytes += (await answer.arrayBuffer()).byteLength;
      latencies.push(performance.now() - started);
      if (answer.ok) ok++;
      else byStatus[String(answer.status)] = (byStatus[String(answer.status)] ?? 0) + 1;
    } catch {
      errors++;
    }
  };
  const read = () => new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
  const caller = async () => {
    // Callers dial at their own moments, not all in the first millisecond.
    await read();
    while (Date.now() < until) {
      const session = ++ussdSessionsStarted;
      await press(session, "Initiation", "*713*4#", 1);
      await read();
      await press(session, "Response", "1", 2);
      await read();
      await press(session, "Response", "0", 3);
      await read();
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const cpuAfter = cpuTicks();
  const microsPerRequest = (ticks: number) =>
    Math.round((ticks * 1_000_000) / ticksPerSecond / Math.max(1, latencies.length));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const non2xx = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
  return {
    name: `USSD by Hubtel: the same sessions, ${connections} callers reading each screen 1 to 3 s before the next key`,
    kind: "write",
    expected: "2xx",
    result: {
      requestsPerSecond: Math.round(latencies.length / seconds),
      p50: at(0.5),
      p99: at(0.99),
      ok,
      non2xx,
      byStatus,
      notModified: 0,
      errors,
      kilobytes: Math.round(bytes / Math.max(1, latencies.length) / 102.4) / 10,
      serverCpuUs: microsPerRequest(cpuAfter.server - cpuBefore.server),
      postgresCpuUs: microsPerRequest(cpuAfter.postgres - cpuBefore.postgres),
    },
    note: `${latencies.length} answers timed (p99 target ≤ 300 ms)`,
  };
}

let ussdSessionsStarted = 0;

/** Hubtel's request for a key press in a bench session, from the number of the session's member. */
function hubtelRequest(session: number, type: string, message: string, sequence: number) {
  const member = 1 + (session % memberCount);
  return JSON.stringify({
    Type: type,
    Mobile: `${benchPhonePrefix.slice(1)}${String(member).padStart(7, "0")}`,
    SessionId: `bench-${session}`,
    ServiceCode: "*713*4#",
    Message: message,
    Operator: "mtn",
    Sequence: sequence,
    ClientState: "",
  });
}

async function ussdRow(baseUrl: string, pace: string, connectionRate?: number): Promise<Row> {
  let sessions = 0;
  let pointsScreens = 0;
  const step = (type: string, message: string, sequence: number): autocannon.Request => ({
    method: "POST",
    setupRequest: (request, context: { session?: number }) => {
      if (sequence === 1) {
        sessions++;
        context.session = ++ussdSessionsStarted;
      }
      return {
        ...request,
        headers: { "content-type": "application/json" },
        body: hubtelRequest(context.session ?? 0, type, message, sequence),
      };
    },
    onResponse: (status: number, body: string) => {
      if (sequence === 2 && status === 200 && body.includes("XP")) pointsScreens++;
    },
  });
  const result = await hammer(
    `${baseUrl}/api/ussd/hubtel?token=${ussdToken}`,
    [step("Initiation", "*713*4#", 1), step("Response", "1", 2), step("Response", "0", 3)],
    true,
    connections,
    connectionRate,
  );
  return {
    name: `USSD by Hubtel: dial, 1 (points and stamps), 0 (back), a new member's number each session, ${connections} callers, ${pace}`,
    kind: "write",
    expected: "2xx",
    result,
    note: `${sessions} sessions started, ${pointsScreens} answered "1" with the points screen (p99 target ≤ 300 ms)`,
  };
}

async function counterRows(baseUrl: string, data: Data): Promise<Row[]> {
  const rows: Row[] = [];
  const stamped: number[] = [];
  if (wanted("stamps") || wanted("refusals")) rows.push(await stampRow(baseUrl, data, stamped));
  if (wanted("refusals")) rows.push(await refusalRow(baseUrl, data, stamped));
  if (wanted("points")) rows.push(await pointsRow(baseUrl, data));
  return rows;
}

function poolNote(used: number, capacity: number, what: string) {
  const note = `${used} sent of ${capacity} ${what}`;
  return used > capacity ? `${note}: POOL EXHAUSTED, raise BENCH_MEMBERS` : note;
}

// --- The report ----------------------------------------------------------------------------------

function asExpected(expected: Expected, r: Result) {
  if (r.errors > 0) return "no (socket errors)";
  if (r.ok + r.non2xx + r.notModified === 0) return "no (no answer)";
  if (expected === "2xx") return r.non2xx === 0 ? "yes" : "no";
  const others = Object.keys(r.byStatus).filter((answer) => !answer.startsWith(expected));
  return r.ok === 0 && others.length === 0 ? "yes" : "no";
}

const statuses = (r: Result) =>
  Object.entries(r.byStatus)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ") || "0";

const share = (r: Result, yardstick: Result) =>
  `${((100 * r.requestsPerSecond) / yardstick.requestsPerSecond).toFixed(1)} %`;

function report(bareGet: Result, bareWrite: Result, rows: Row[]) {
  console.log(
    `\n## Load (${connections} connections, ${seconds} s each, PostgreSQL, ${memberCount} members, ${adCount} ads)`,
  );
  console.log(
    "| route | req/s | p50 ms | p99 ms | 2xx | non-2xx (by status) | 304 | as expected | KB/response | share of the bare write | share of the bare GET | server CPU µs/req | PostgreSQL CPU µs/req |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  const line = (name: string, r: Result, expected: Expected, writeShare: string, getShare: string) =>
    `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.ok} | ${statuses(r)} | ${r.notModified} | ${asExpected(expected, r)} | ${r.kilobytes} | ${writeShare} | ${getShare} | ${r.serverCpuUs} | ${r.postgresCpuUs} |`;
  console.log(line("bare Fastify GET (own process)", bareGet, "2xx", "", "100 %"));
  console.log(
    line(
      "bare write: Fastify + pg (pool 10), one INSERT … RETURNING id per POST (own process)",
      bareWrite,
      "2xx",
      "100 %",
      share(bareWrite, bareGet),
    ),
  );
  for (const row of rows) {
    const r = row.result;
    const writeShare = row.kind === "write" ? share(r, bareWrite) : "";
    console.log(line(row.name, r, row.expected, writeShare, share(r, bareGet)));
  }
  for (const row of rows) if (row.note) console.log(`- ${row.name}: ${row.note}`);
}

// --- The run -------------------------------------------------------------------------------------

async function measureBare(databaseUrl: string) {
  const barePort = 5611;
  const bare = startProcess(["bench/bare-server.ts"], {
    BARE_PORT: String(barePort),
    BARE_DATABASE_URL: databaseUrl,
  });
  measuredServer = bare;
  try {
    await waitUntilUp(`http://127.0.0.1:${barePort}/bare`);
    const bareGet = await hammer(`http://127.0.0.1:${barePort}/bare`);
    const bareWrite = await hammer(`http://127.0.0.1:${barePort}/bare-write`, [
      { method: "POST", headers: { "content-type": "application/json" }, body: '{"note":"bench"}' },
    ]);
    return { bareGet, bareWrite };
  } finally {
    await stopProcess(bare);
  }
}

async function measureApp(databaseUrl: string, data: Data) {
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
      USSD_CALLBACK_TOKEN: ussdToken,
      // The measurement wants the server's full speed: shedding load would hide it.
      MAX_EVENT_LOOP_DELAY_MS: "0",
    },
    true,
  );
  measuredServer = server;
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/api/health`);
    return [
      ...(await readRows(baseUrl, data)),
      ...(wanted("progress")
        ? [await progressRow(baseUrl, await startViews(baseUrl, data)), await floorRow(baseUrl, data)]
        : []),
      ...(await counterRows(baseUrl, data)),
      ...(wanted("ussd") ? await ussdRows(baseUrl) : []),
      ...(wanted("completing") ? [await measureCompleting(baseUrl, databaseUrl, data)] : []),
    ];
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The machine's state, printed with the results: other work on a small machine moves every figure. */
const machine = () =>
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ")} (1 / 5 / 15 min)`;

// --- The member's home --------------------------------------------------------------------------

const homeConnections = (process.env.BENCH_HOME_CONNECTIONS ?? "1,10,50").split(",").map(Number);

/**
 * The demo consumer's home, `GET /` signed in, brotli, as their phone asks for it. A page the server
 * rendered comes with `cache-control: private, no-cache`; the plain shell (the fallback) without: each
 * row says how many of its answers were the shell, since a shell is cheaper and would flatter the figure.
 */
async function measureHome(databaseUrl: string) {
  const port = 5613;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-home-"));
  const server = startProcess(
    ["src/server/main.ts"],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      SEED_DEMO: "true",
      MEMBER_HOME_RENDERING: "server",
      LOG_LEVEL: "warn",
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10",
      MAX_EVENT_LOOP_DELAY_MS: "0",
    },
    true,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/api/health`);
    const cookie = await demoConsumerSession(databaseUrl);
    const headers = { cookie, "accept-encoding": "br" };
    for (let i = 0; i < 20; i++) await fetch(`${baseUrl}/`, { headers });
    const rows: { connections: number; result: Result; shells: number; cpuMsPerPage: number }[] = [];
    for (const atConnections of homeConnections) {
      let shells = 0;
      const cpuBefore = await serverCpuSeconds(baseUrl);
      const result = await hammer(
        `${baseUrl}/`,
        [
          {
            method: "GET",
            headers,
            onResponse: (_status, _body, _context, answerHeaders) => {
              if (!String(answerHeaders?.["cache-control"] ?? "").includes("private")) shells++;
            },
          },
        ],
        false,
        atConnections,
      );
      const cpuMs = 1000 * ((await serverCpuSeconds(baseUrl)) - cpuBefore);
      rows.push({ connections: atConnections, result, shells, cpuMsPerPage: cpuMs / Math.max(1, result.ok) });
    }
    return rows;
  } finally {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The server's CPU time so far (its own /metrics): per page, what a page costs whatever else shares the
 * machine, where pages/s and latencies move with the other work.
 */
async function serverCpuSeconds(baseUrl: string): Promise<number> {
  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = metrics.split("\n").find((text) => text.startsWith("process_cpu_seconds_total "));
  return Number(line?.split(" ")[1]);
}

async function demoConsumerSession(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const member = await findUserByEmail(database.db, demoAccounts.consumer.email);
    if (!member) throw new Error("the demo consumer is missing: was the demo seeded?");
    const owner = { kind: "user" as const, userId: member.id };
    const { token } = await createSession(database.db, owner, { ipAddress: "127.0.0.1", userAgent: "bench" });
    return `anigye_sid=${token}`;
  } finally {
    await database.close();
  }
}

function reportHome(rows: Awaited<ReturnType<typeof measureHome>>) {
  console.log(`\n## Member home, GET / signed in (demo seed, brotli, ${seconds} s each, PostgreSQL)`);
  console.log(
    "| connections | pages/s | of which rendered/s | p50 ms | p99 ms | 2xx | of which the shell (fallback) | non-2xx | KB/page | server CPU ms/page |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const { connections: n, result: r, shells, cpuMsPerPage } of rows) {
    console.log(
      `| ${n} | ${r.requestsPerSecond} | ${Math.round((r.ok - shells) / seconds)} | ${r.p50} | ${r.p99} | ${r.ok} | ${shells} | ${statuses(r)} | ${r.kilobytes} | ${cpuMsPerPage.toFixed(1)} |`,
    );
  }
}

if (only.length === 1 && only[0] === "home") {
  await withScratchDatabase(async (databaseUrl) => {
    console.error(`before: ${machine()}`);
    reportHome(await measureHome(databaseUrl));
    console.log(`- measured ${new Date().toISOString()}, ${machine()} at the end`);
  });
} else {
  await measureAll();
}

async function measureAll() {
  await withScratchDatabase(async (databaseUrl) => {
    const started = Date.now();
    console.error(`before: ${machine()}`);
    const data = await fill(databaseUrl);
    console.error(
      `filled ${memberCount} members and ${adCount} ads in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    const { bareGet, bareWrite } = await measureBare(databaseUrl);
    const rows = await measureApp(databaseUrl, data);
    report(bareGet, bareWrite, rows);
    console.log(`- measured ${new Date().toISOString()}, ${machine()} at the end`);
  });
}
