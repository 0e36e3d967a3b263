import { eq } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { companyStaff } from "../src/server/db/schema";
import { createCompany } from "../src/server/db/seed/factories";
import { hashPassword } from "../src/server/lib/password";
import { withScratchDatabase } from "./scratch-database";

/**
 * How long a change (a staff member removed, a member suspended) takes to reach an instance that
 * keeps sessions: from the writer's commit to the listener on another connection hearing the notice, on
 * PostgreSQL. `npx tsx bench/change-notices.ts`; the result goes into bench/README.md.
 */
const samples = 200;

await withScratchDatabase(async (url) => {
  const writer = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await writer.migrate();
  const listener = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const company = await createCompany(writer.db, { username: "notice-bench" });
  const [staff] = await writer.db
    .insert(companyStaff)
    .values({ companyId: company.id, name: "Esi", pinHash: await hashPassword("2580"), staffCode: "NB01" })
    .returning();
  let heard: (() => void) | undefined;
  listener.memberChanges.subscribe({
    changed: () => {},
    companyChanged: (id) => {
      if (id === company.id) heard?.();
    },
    lost: () => {},
  });
  while (!listener.memberChanges.live) await new Promise((resolve) => setTimeout(resolve, 20));
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const committedAt = await writer.db
      .update(companyStaff)
      .set({ isActive: i % 2 === 0 })
      .where(eq(companyStaff.id, staff!.id))
      .then(() => performance.now());
    await arrived;
    latencies.push(performance.now() - committedAt);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  console.log(
    `change notice after commit, ${samples} samples: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  await listener.close();
  await writer.close();
});
