import path from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { isDemoSeeded, seedDemo } from "./db/seed/seed";
import { createMediaStorage } from "./integrations/storage/create-media-storage";
import { setDrawSeedKey } from "./modules/draws";

/**
 * The embedded database's first start, run by main.ts in a short-lived child process: creating the
 * database, migrating it and seeding the demo grow its WebAssembly memory to 800 MB, which a process
 * never gives back. The child exits and the server opens the files it wrote at about 350 MB.
 */
// The install's kept secret, as the server reads it: the demo's draw seeds are sealed with its key.
const config = loadConfig(process.env, { keepGeneratedSecret: true });
// The demo opens draws, whose seeds are sealed with the same key the server uses.
setDrawSeedKey(config.configEncryptionKey);
const database = await openDatabase({ pgliteDir: path.join(config.dataDir, "pglite") });
await database.migrate();
if (config.seedDemo && !(await isDemoSeeded(database.db))) {
  await seedDemo(database.db, createMediaStorage(config));
}
await database.close();
