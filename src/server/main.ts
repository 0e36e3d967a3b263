import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp, defaultWebDistDir } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { isDemoSeeded, seedDemo } from "./db/seed/seed";
import { createMediaStorage } from "./integrations/storage/create-media-storage";
import { startScheduler } from "./jobs/scheduler";
import { ensureAdmin } from "./modules/auth";
import { sealPendingSeeds, setDrawSeedKey } from "./modules/draws";

async function main() {
  const config = loadConfig(process.env, { keepGeneratedSecret: true });
  // Draws opened from here on (the demo's included) seal their seeds with the configuration's key.
  setDrawSeedKey(config.configEncryptionKey);
  const pgliteDir = path.join(config.dataDir, "pglite");
  if (!config.databaseUrl && !fs.existsSync(pgliteDir)) await prepareEmbeddedDatabaseApart();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const sealedSeeds = await sealPendingSeeds(
    database.db,
    config.configEncryptionKey,
    config.previousConfigEncryptionKeys,
  );

  if (config.admin) await ensureAdmin(database.db, config.admin);
  const storage = createMediaStorage(config);
  if (config.seedDemo && !(await isDemoSeeded(database.db))) await seedDemo(database.db, storage);

  const app = await buildApp({
    config,
    db: database.db,
    webDistDir: defaultWebDistDir,
    poolStats: database.poolStats,
    memberChanges: database.memberChanges,
  });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, "database ready");
  if (sealedSeeds > 0)
    app.log.info({ sealedSeeds }, "sealed the seeds of undrawn draws with the current key");
  if (config.generatedSecretFile) {
    app.log.warn(
      { file: config.generatedSecretFile },
      "SESSION_SECRET is not set: links, codes, cookies and reward QRs are signed with the secret generated for this install. Set SESSION_SECRET on any server others use.",
    );
  }
  const stopScheduler = startScheduler(app.deps);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests and let those in flight finish, then flush and close the database.
    await app.close();
    await stopScheduler();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Anigye is running at ${config.appUrl}`);
}

/** Creates, migrates and seeds the embedded database in a child process (see prepare-embedded.ts). */
async function prepareEmbeddedDatabaseApart() {
  // Beside this module: prepare-embedded.ts in the sources, prepare-embedded.js in the compiled server.
  const thisModule = fileURLToPath(import.meta.url);
  const prepare = path.join(path.dirname(thisModule), `prepare-embedded${path.extname(thisModule)}`);
  const child = fork(prepare, { stdio: "inherit" });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Preparing the embedded database failed (exit code ${code})`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
