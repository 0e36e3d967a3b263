import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server benchmarks fill scratch databases on (default: the local one). */
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs `work` against a fresh database on the benchmark server (or `onServer`) and drops it afterwards. */
export async function withScratchDatabase<T>(
  work: (url: string) => Promise<T>,
  onServer = serverUrl,
): Promise<T> {
  const name = `anigye_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: onServer });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(onServer);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

/** p50 and p95 of `runs` calls after one warm-up. */
export async function timeCalls(runs: number, call: () => Promise<unknown>) {
  await call();
  const timings: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return { p50: round(percentile(timings, 50)), p95: round(percentile(timings, 95)) };
}
