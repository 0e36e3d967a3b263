import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * Runs the journeys as several Playwright processes at once, each a shard of the files with a server,
 * database and fakes of its own (its own ports, data folder and results folder), so journeys that wait
 * on the clock (a watched ad, a countdown) overlap instead of queueing. Arguments go to every shard
 * (`npm run test:e2e -- e2e/counter.spec.ts`). `E2E_SHARDS=1` runs one process as Playwright alone would.
 */
const playwrightArgs = process.argv.slice(2);
const wantedShards = Number(process.env.E2E_SHARDS ?? 2);
if (!Number.isInteger(wantedShards) || wantedShards < 1)
  throw new Error("E2E_SHARDS must be a whole number ≥ 1");
// One file named: a second server would start for nothing.
const namedFiles = playwrightArgs.filter((arg) => /\.spec\.ts(:\d+)?$/.test(arg));
const shardCount = namedFiles.length === 1 ? 1 : wantedShards;
const firstPort = Number(process.env.E2E_PORT ?? 5100);
// Each shard's fakes sit 98 and 99 ports above its server, so shards are 100 ports apart.
const portStep = 100;

function shardDatabaseUrl(shard: number): string | undefined {
  const url = process.env.E2E_DATABASE_URL;
  if (!url || shardCount === 1) return url;
  const target = new URL(url);
  target.pathname = `${target.pathname}_${shard}`;
  return target.toString();
}

function runShard(shard: number): Promise<number> {
  const shardArgs = shardCount > 1 ? [`--shard=${shard}/${shardCount}`] : [];
  const databaseUrl = shardDatabaseUrl(shard);
  const child = spawn("npx", ["playwright", "test", ...shardArgs, ...playwrightArgs], {
    env: {
      ...process.env,
      E2E_PORT: String(firstPort + (shard - 1) * portStep),
      E2E_DATA_DIR: shardCount > 1 ? `.e2e-data-${shard}` : (process.env.E2E_DATA_DIR ?? ".e2e-data"),
      E2E_OUTPUT_DIR: shardCount > 1 ? `test-results/shard-${shard}` : "test-results",
      ...(databaseUrl ? { E2E_DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const label = shardCount > 1 ? `[shard ${shard}/${shardCount}] ` : "";
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`${label}${line}`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const shards = Array.from({ length: shardCount }, (_, index) => index + 1);
const exitCodes = await Promise.all(shards.map(runShard));
const failed = shards.filter((_, index) => exitCodes[index] !== 0);
if (failed.length > 0) console.log(`Journeys failed in shard ${failed.join(", ")} of ${shardCount}`);
process.exit(failed.length > 0 ? 1 : 0);
