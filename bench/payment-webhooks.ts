import { and, count, eq } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { subscriptions } from "../src/server/db/schema";
import { createUser } from "../src/server/db/seed/factories";
import { createSession } from "../src/server/modules/auth";
import { startPaystackFake } from "../src/server/test/paystack-fake";
import { percentile, round, withScratchDatabase } from "./scratch-database";

/**
 * Paystack webhooks on PostgreSQL. 200 members each have a pending Anigye+ charge; Paystack
 * delivers every charge.success 10 times (2,000 signed deliveries, 50 in flight at once). Each delivery
 * is checked, recorded, verified with the (local fake) Paystack and settled; the count of paid periods
 * must come out at exactly 200.
 */
const members = Number(process.env.BENCH_PAYERS ?? 200);
const copies = 10;
const inFlight = 50;
const secretKey = "sk_test_bench";

const result = await withScratchDatabase(async (databaseUrl) => {
  const fake = await startPaystackFake({ secretKey });
  const database = await openDatabase({ databaseUrl, poolSize: 20 });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/anigye-bench-payments",
    PAYSTACK_SECRET_KEY: secretKey,
    PAYSTACK_BASE_URL: fake.url,
  });
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  fake.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/paystack/webhook`);

  const references: string[] = [];
  for (let m = 0; m < members; m++) {
    const user = await createUser(database.db, { email: `payer${m}@example.com`, username: `payer-${m}` });
    const { token } = await createSession(
      database.db,
      { kind: "user", userId: user.id },
      { ipAddress: "127.0.0.1", userAgent: "bench" },
    );
    const charge = await app.inject({
      method: "POST",
      url: "/api/payments",
      cookies: { anigye_sid: token },
      headers: { "x-requested-with": "anigye" },
      payload: { purpose: "plus", method: "paystack", provider: "mtn", paymentPhone: "024 555 1234" },
    });
    const reference = charge.json().reference as string;
    fake.settleSilently(reference);
    references.push(reference);
  }

  const deliveries = references.flatMap((reference) => Array<string>(copies).fill(reference));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < deliveries.length) {
        const reference = deliveries[next++]!;
        const t0 = performance.now();
        const status = await fake.deliver("charge.success", fake.transactions.get(reference)!);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [periods] = await database.db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.type, "plus"), eq(subscriptions.status, "active")));
  await app.close();
  await database.close();
  await fake.close();
  latencies.sort((a, b) => a - b);
  return {
    deliveries: deliveries.length,
    perSecond: Math.round(deliveries.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    statuses: Object.fromEntries(statuses),
    periods: periods?.total ?? 0,
  };
});

console.log(
  `\n## Paystack webhooks (${members} payments × ${copies} deliveries, ${inFlight} in flight, PostgreSQL)`,
);
console.log("| deliveries | per second | p50 ms | p99 ms | answers | paid periods granted |");
console.log("|---|---|---|---|---|---|");
console.log(
  `| ${result.deliveries} | ${result.perSecond} | ${result.p50} | ${result.p99} | ${JSON.stringify(result.statuses)} | ${result.periods} (expected ${members}) |`,
);
if (result.periods !== members) process.exitCode = 1;
