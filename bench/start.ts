/**
 * How long the server takes from its command to answering `/api/health`, and how much memory its
 * process tree holds once up (idle, 5 s after the first answer), on the embedded database and on
 * PostgreSQL. Each way of starting is run 3 times on a database prepared once (migrated and seeded), so
 * the numbers are restarts, not first installs.
 *
 *   npm run build && tsx bench/start.ts                (both databases)
 *   npm run build && tsx bench/start.ts pglite         (or: postgres)
 *
 * Ways of starting: `tsx src/server/main.ts` under npm (what `npm start` ran before the server was
 * compiled), `node dist-server/main.js` under npm (what `npm start` runs now) and the same without npm
 * (a process manager or container running the compiled server).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { withScratchDatabase } from "./scratch-database";

const port = Number(process.env.BENCH_PORT ?? 5510);
const runs = 3;
const settleMs = 5_000;

/** Each way of starting, as a script `npm run` runs (npm and the shell stay beside the server). */
const ways = [
  { name: "npm → tsx src/server/main.ts (before)", script: "tsx src/server/main.ts", npm: true },
  {
    name: "npm → node dist-server/main.js (npm start)",
    script: "node --enable-source-maps dist-server/main.js",
    npm: true,
  },
  { name: "node dist-server/main.js", script: "node --enable-source-maps dist-server/main.js", npm: false },
];

/** A package beside the checkout whose scripts start the server as `npm start` would (its shell and npm included). */
function commandFor(way: (typeof ways)[number], scriptsDir: string): string[] {
  if (!way.npm) return way.script.split(" ");
  const name = `way-${ways.indexOf(way)}`;
  return ["npm", "--prefix", scriptsDir, "run", "--silent", name];
}

interface Started {
  startMs: number;
  /** CPU time the tree spent getting there: unlike the wall time, it holds when other work shares the cores. */
  cpuS: number;
  treeRssMb: number;
  processes: string;
}

/** RSS of a process and all its descendants, by name (Linux `/proc`). */
function processTree(pid: number): { name: string; rssMb: number; cpuS: number }[] {
  const statusOf = (id: number) => {
    try {
      return fs.readFileSync(`/proc/${id}/status`, "utf8");
    } catch {
      return undefined;
    }
  };
  const status = statusOf(pid);
  if (!status) return [];
  const name = status.match(/^Name:\s+(.+)$/m)?.[1] ?? "?";
  const rssKb = Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
  // utime, stime and those of its waited-for children, in clock ticks (100 a second on Linux).
  const ticks = fs
    .readFileSync(`/proc/${pid}/stat`, "utf8")
    .split(") ")[1]!
    .split(" ")
    .slice(11, 15)
    .reduce((sum, field) => sum + Number(field), 0);
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return [{ name, rssMb: rssKb / 1024, cpuS: ticks / 100 }, ...children.flatMap(processTree)];
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the server did not answer /api/health within 3 minutes");
}

async function start(command: string[], env: Record<string, string>): Promise<Started> {
  const began = performance.now();
  // Its own process group, so stopping it reaches npm, the shell and the server alike.
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await waitForHealth(child);
    const startMs = performance.now() - began;
    const cpuS = processTree(child.pid!).reduce((sum, { cpuS }) => sum + cpuS, 0);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const tree = processTree(child.pid!);
    return {
      startMs,
      cpuS,
      treeRssMb: tree.reduce((sum, { rssMb }) => sum + rssMb, 0),
      processes: tree.map(({ name, rssMb }) => `${name} ${Math.round(rssMb)}`).join(" + "),
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
    // The server flushes its database after npm has gone: wait until the port is free again.
    while (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => true,
        () => false,
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function measure(database: string, env: Record<string, string>) {
  const scriptsDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-start-scripts-"));
  const scripts = Object.fromEntries(
    ways.map((way, i) => [`way-${i}`, `cd ${process.cwd()} && ${way.script}`]),
  );
  fs.writeFileSync(path.join(scriptsDir, "package.json"), JSON.stringify({ private: true, scripts }));
  // Migrated and seeded once.
  await start(commandFor(ways[0]!, scriptsDir), env);
  for (const way of ways) {
    if (way.script.includes("dist-server") && !fs.existsSync("dist-server/main.js")) continue;
    const results: Started[] = [];
    for (let i = 0; i < runs; i++) results.push(await start(commandFor(way, scriptsDir), env));
    const starts = results.map((r) => (r.startMs / 1000).toFixed(2)).join(", ");
    const cpu = results.map((r) => r.cpuS.toFixed(2)).join(", ");
    const rss = results.map((r) => Math.round(r.treeRssMb)).join(", ");
    console.log(`| ${database} | ${way.name} | ${starts} | ${cpu} | ${rss} | ${results.at(-1)!.processes} |`);
  }
  fs.rmSync(scriptsDir, { recursive: true, force: true });
}

const which = process.argv[2];
console.log(
  "| database | started by | start to /api/health (s) | CPU time to start (s) | RSS of the process tree (MB) | last run's processes (MB) |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
if (!which || which === "pglite") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-start-"));
  try {
    await measure("embedded", { DATA_DIR: dataDir, DATABASE_URL: "" });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!which || which === "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-start-"));
  try {
    await withScratchDatabase((url) => measure("PostgreSQL", { DATA_DIR: dataDir, DATABASE_URL: url }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
