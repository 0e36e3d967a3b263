import path from "node:path";
import { loadConfig } from "../../config";
import { createMediaStorage } from "../../integrations/storage/create-media-storage";
import { setDrawSeedKey } from "../../modules/draws";
import { openDatabase } from "../client";
import { seedDemo } from "./seed";

/** `npm run seed`: applies migrations and (re)runs the idempotent demo seed. */
// The install's kept secret, as the server reads it: the demo's draw seeds are sealed with its key.
const config = loadConfig(process.env, { keepGeneratedSecret: true });
// The demo opens draws, whose seeds are sealed with the same key the server uses.
setDrawSeedKey(config.configEncryptionKey);
if (config.isProduction) {
  console.error("Refusing to seed demo data in production.");
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
try {
  await database.migrate();
  await seedDemo(database.db, createMediaStorage(config));
  console.log("Demo data seeded.");
} finally {
  await database.close();
}
