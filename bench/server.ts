import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../e2e/support/chromium";
import { withScratchDatabase } from "./scratch-database";

/** Starts the real server (built web app, fresh PGlite, demo seed) for a measurement, and stops it. */
export async function startBenchServer(port: number, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-bench-"));
  // Node itself (with tsx as its loader), so SIGTERM reaches the server and not a wrapper process.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with the flags this machine needs (no background networking, no sandbox as root). */
export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * The bench server for the length of `work`: on PGlite by default, or, when DATABASE_URL names a
 * PostgreSQL server, on a scratch database there with the demo seed (dropped afterwards).
 */
export async function withBenchServer<T>(
  port: number,
  env: Record<string, string>,
  work: (server: BenchServer) => Promise<T>,
): Promise<T> {
  const run = async (databaseEnv: Record<string, string>) => {
    const server = await startBenchServer(port, { ...env, ...databaseEnv });
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  };
  const postgres = process.env.DATABASE_URL;
  if (!postgres) return run({});
  return withScratchDatabase((url) => run({ DATABASE_URL: url, SEED_DEMO: "true" }), postgres);
}

/** A port nothing listens on now, so two benches on one machine never measure each other's server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
