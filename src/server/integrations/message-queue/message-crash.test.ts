import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { createScratchDatabase } from "../../test/test-app";
import { startMessageQueue } from "./message-queue";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.DATABASE_URL;

/**
 * A process that commits a text to the queue and is killed with SIGKILL straight after the commit,
 * before any worker could send it (it runs none), as a server dies between the decision and the send.
 */
function queueThenDie(target: { databaseUrl?: string; pgliteDir?: string }): Promise<NodeJS.Signals | null> {
  const code = `
    import { openDatabase } from ${JSON.stringify(path.join(here, "../../db/client.ts"))};
    import { queueSms, startMessageQueue } from ${JSON.stringify(path.join(here, "message-queue.ts"))};
    const database = await openDatabase(${JSON.stringify(target)});
    await database.migrate();
    await startMessageQueue({ db: database.db, log: console, counted() {} }, { workers: 0 });
    await database.db.transaction((tx) => queueSms(tx, { to: "+233241112233", text: "Your code is 428913", waitedFor: true }));
    process.kill(process.pid, "SIGKILL");
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}

describe("a message committed just before the process is killed", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "anigye-message-crash-"));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  beforeAll(async () => {
    scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  });
  afterAll(async () => {
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is sent once after the restart", { timeout: 180_000 }, async () => {
    const target = scratch ? { databaseUrl: scratch.url } : { pgliteDir: path.join(dataDir, "pglite") };
    expect(await queueThenDie(target)).toBe("SIGKILL");

    const database = await openDatabase(target);
    const sent: string[] = [];
    const queue = await startMessageQueue(
      {
        db: database.db,
        now: () => new Date(),
        mailer: { transport: "outbox", send: async () => {} },
        sms: { provider: "outbox", send: async (to, text) => void sent.push(`${to}: ${text}`) },
        log: { info() {}, error() {} },
        counted() {},
      },
      { workers: 1 },
    );
    try {
      const deadline = Date.now() + 10_000;
      while (sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await queue.drain();
      expect(sent).toEqual(["+233241112233: Your code is 428913"]);
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
