import { openDatabase } from "../src/server/db/client";
import { queueSms, startMessageQueue } from "../src/server/integrations/message-queue/message-queue";
import { withScratchDatabase } from "./scratch-database";

/**
 * How long a counter check-in code takes to reach the SMS provider when 2,000 alerts and invites were
 * queued before it, with the real workers (`startMessageQueue`, as the server runs them), on PostgreSQL.
 * The provider is a fake that answers after `BENCH_SEND_MS` (200 ms: an SMS gateway's HTTP call from
 * Accra) and records what it was given, in order. The alerts are queued first, the workers started,
 * and the code queued `BENCH_CODE_AFTER_S` (5 s) later, while they are busy with the backlog.
 *
 * `npx tsx bench/code-behind-backlog.ts`; results go into bench/README.md ("Codes behind a backlog").
 * Knobs: BENCH_BACKLOG (2000), BENCH_WORKERS (4, the default MESSAGE_WORKERS), BENCH_SEND_MS (200),
 * BENCH_CODE_AFTER_S (5), BENCH_MAX_WAIT_S (1800). The same file runs on an older checkout (its
 * `queueSms` ignores `waitedFor`), which is how the "before" line was measured.
 */
const backlog = Number(process.env.BENCH_BACKLOG ?? 2000);
const workers = Number(process.env.BENCH_WORKERS ?? 4);
const sendMs = Number(process.env.BENCH_SEND_MS ?? 200);
const codeAfterMs = Number(process.env.BENCH_CODE_AFTER_S ?? 5) * 1000;
const maxWaitMs = Number(process.env.BENCH_MAX_WAIT_S ?? 1800) * 1000;
const codeText = "Kofi's Chop Bar: your Anigye code is 135790, valid 5 minutes.";

await withScratchDatabase(async (url) => {
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await database.migrate();
  const log = { info() {}, error: (obj: object, msg: string) => console.error(msg, obj) };
  const received: { text: string; at: number }[] = [];
  const deps = {
    db: database.db,
    now: () => new Date(),
    mailer: { transport: "outbox" as const, send: async () => {} },
    sms: {
      provider: "outbox" as const,
      async send(_to: string, text: string) {
        await new Promise((resolve) => setTimeout(resolve, sendMs));
        received.push({ text, at: performance.now() });
      },
    },
    log,
    counted() {},
  };
  // Installs the queue's tables and queues, sending nothing yet.
  const installer = await startMessageQueue(deps, { workers: 0 });
  const queuedAt = performance.now();
  for (let i = 0; i < backlog; i++) {
    const to = `+23324${String(1_000_000 + i).padStart(7, "0")}`;
    await queueSms(database.db, { to, text: `Alert ${i}: your card is full`, waitedFor: false });
  }
  console.log(`${backlog} alerts queued in ${Math.round(performance.now() - queuedAt)} ms`);

  const started = performance.now();
  const queue = await startMessageQueue(deps, { workers });
  await new Promise((resolve) => setTimeout(resolve, codeAfterMs));
  const sentBeforeCode = received.length;
  const throughput = sentBeforeCode / ((performance.now() - started) / 1000);
  const codeQueued = performance.now();
  await database.db.transaction((tx) =>
    queueSms(tx, { to: "+233241112233", text: codeText, key: "bench-code", waitedFor: true }),
  );
  let code: { text: string; at: number } | undefined;
  while (!code && performance.now() - codeQueued < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    code = received.find((r) => r.text === codeText);
  }
  const alertsAhead = code ? received.indexOf(code) - sentBeforeCode : received.length - sentBeforeCode;
  console.log(
    [
      `workers ${workers}, provider ${sendMs} ms a text, backlog ${backlog}`,
      `texts a second before the code: ${throughput.toFixed(1)} (${sentBeforeCode} in ${(codeAfterMs / 1000).toFixed(0)} s)`,
      code
        ? `code reached the provider ${((code.at - codeQueued) / 1000).toFixed(2)} s after it was queued, after ${alertsAhead} more alerts`
        : `code not sent within ${maxWaitMs / 1000} s (${alertsAhead} alerts sent after it was queued)`,
      `alerts still waiting then: ${backlog - (received.length - (code ? 1 : 0))}`,
    ].join("\n"),
  );
  await queue.stop();
  await installer.stop();
  await database.close();
});
