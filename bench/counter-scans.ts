import autocannon from "autocannon";
import Fastify from "fastify";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { companyStaff, loyaltyPrograms } from "../src/server/db/schema";
import { createCompany, createUser } from "../src/server/db/seed/factories";
import { hashPassword } from "../src/server/lib/password";
import { createSession } from "../src/server/modules/auth";
import { issueMemberQr } from "../src/server/modules/loyalty/member-qr.service";
import { withScratchDatabase } from "./scratch-database";

/**
 * The scan endpoint at 50 counters scanning at once, on PostgreSQL, beside a bare Fastify
 * route on the same machine. 10 shops with 5 staff phones each stamp 2,000 members' cards (each
 * member's first stamp of the day is accepted; later ones are refused by the daily limit and logged).
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const shops = 10;
const staffPerShop = 5;
const memberCount = 2000;

async function run(url: string, requests?: autocannon.Request[]) {
  // Refusals by their error code ("409 DAILY_LIMIT"), so an answer refused for another reason shows.
  const refusals: Record<string, number> = {};
  const counted = requests?.map((request) => ({
    ...request,
    onResponse: (status: number, body: string) => {
      if (status < 300) return;
      const key = `${status} ${codeOf(body)}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    },
  }));
  const result = await autocannon({ url, connections, duration: durationSeconds, requests: counted });
  return {
    refusals:
      Object.entries(refusals)
        .map(([key, n]) => `${n} × ${key}`)
        .join(", ") || "none",
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function codeOf(body: string): string {
  try {
    return String(JSON.parse(body).code ?? "");
  } catch {
    return "";
  }
}

async function bareFastify() {
  const app = Fastify();
  app.post("/bare", async () => ({ ok: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const result = await run(`http://127.0.0.1:${port}/bare`, [
    { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
  ]);
  await app.close();
  return result;
}

async function counterScans() {
  return withScratchDatabase(async (databaseUrl) => {
    const database = await openDatabase({ databaseUrl, poolSize: 20 });
    await database.migrate();
    const db = database.db;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: "/tmp/anigye-bench-counter",
    });
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;

    const pinHash = await hashPassword("2580");
    const staffCookies: string[] = [];
    for (let s = 0; s < shops; s++) {
      const company = await createCompany(db, { username: `bench-shop-${s}`, plan: "pro" });
      await db.insert(loyaltyPrograms).values({
        companyId: company.id,
        programName: "Regulars",
        requiredVisits: 10,
        rewardTitle: "A free plate",
      });
      for (let i = 0; i < staffPerShop; i++) {
        const [staff] = await db
          .insert(companyStaff)
          .values({
            companyId: company.id,
            name: `Staff ${i}`,
            pinHash,
            staffCode: String(100000 + s * 10 + i),
          })
          .returning();
        const { token } = await createSession(
          db,
          { kind: "company_staff", companyStaffId: staff!.id, companyId: company.id },
          { ipAddress: "127.0.0.1", userAgent: "bench" },
        );
        staffCookies.push(`anigye_biz=${token}`);
      }
    }
    const memberIds: number[] = [];
    for (let m = 0; m < memberCount; m++) {
      memberIds.push((await createUser(db, { email: `bench${m}@example.com`, username: `bench-${m}` })).id);
    }
    // Issued last, each dated as far ahead as a counter accepts (a phone's clock may run 30 s behind), so
    // it stays valid (60 s) through the measurement even when issuing them all is slow on a busy machine.
    const qrCodes: string[] = [];
    for (const id of memberIds) {
      qrCodes.push((await issueMemberQr(db, id, new Date(Date.now() + 25_000))).qrData);
    }
    const probe = await fetch(`http://127.0.0.1:${port}/api/merchant/scans`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "anigye", cookie: staffCookies[0]! },
      body: JSON.stringify({ qrData: qrCodes.at(-1), action: "lookup" }),
    });
    if (!probe.ok) throw new Error(`the scan endpoint refused the probe: ${await probe.text()}`);

    let next = 0;
    const requests: autocannon.Request[] = [
      {
        method: "POST",
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            headers: {
              "content-type": "application/json",
              "x-requested-with": "anigye",
              "x-device-fingerprint": `counter-${n % staffCookies.length}`,
              cookie: staffCookies[n % staffCookies.length]!,
            },
            body: JSON.stringify({
              qrData: qrCodes[n % qrCodes.length],
              action: "stamp",
              purchaseAmount: 30,
            }),
          };
        },
      },
    ];
    const result = await run(`http://127.0.0.1:${port}/api/merchant/scans`, requests);
    await app.close();
    await database.close();
    return result;
  });
}

const bare = await bareFastify();
const scans = await counterScans();
console.log(`\n## Counter scans (${connections} connections, ${durationSeconds} s, PostgreSQL)`);
console.log("| target | req/s | p50 ms | p99 ms | non-2xx | errors | refused |");
console.log("|---|---|---|---|---|---|---|");
console.log(
  `| bare Fastify POST | ${bare.requestsPerSecond} | ${bare.p50} | ${bare.p99} | ${bare.non2xx} | ${bare.errors} | ${bare.refusals} |`,
);
console.log(
  `| POST /api/merchant/scans (stamp) | ${scans.requestsPerSecond} | ${scans.p50} | ${scans.p99} | ${scans.non2xx} | ${scans.errors} | ${scans.refusals} |`,
);
console.log(`ratio (scan / bare req/s): ${(scans.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}`);
