import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema/auth";
import { userQrCodes } from "../db/schema/loyalty";
import { createUser } from "../db/seed/factories";
import { createSession } from "../modules/auth/session.service";
import { issueMemberQr } from "../modules/loyalty/member-qr.service";
import { createTestContext, type TestContext } from "../test/test-app";
import { runAccountCleanup } from "./account-cleanup.job";
import { runExclusively } from "./job-lock";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const silent = { info() {} };
const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600_000);

describe("the account cleanup job", () => {
  it("deletes consumers left unverified for 24 hours and nobody else", async () => {
    const db = ctx.database.db;
    const now = new Date();
    const stale = await createUser(db, {
      activatedAt: null,
      isEmailVerified: false,
      createdAt: hoursAgo(now, 25),
    });
    const fresh = await createUser(db, {
      activatedAt: null,
      isEmailVerified: false,
      createdAt: hoursAgo(now, 23),
    });
    const activatedLongAgo = await createUser(db, { createdAt: hoursAgo(now, 100) });
    // Activated but later changed email (unverified again): never deleted.
    const reverifying = await createUser(db, { isEmailVerified: false, createdAt: hoursAgo(now, 100) });
    await createSession(db, { kind: "user", userId: stale.id }, { ipAddress: "1.1.1.1", userAgent: "x" });

    expect(await runAccountCleanup(db, now, silent)).toBe(true);

    const remaining = (await db.select({ id: users.id }).from(users)).map((u) => u.id);
    expect(remaining).not.toContain(stale.id);
    expect(remaining).toEqual(expect.arrayContaining([fresh.id, activatedLongAgo.id, reverifying.id]));
    expect(await db.select().from(sessions).where(eq(sessions.userId, stale.id))).toHaveLength(0);
  });

  it("forgets loyalty QR codes once a queued offline scan could no longer use them", async () => {
    const db = ctx.database.db;
    const now = new Date();
    const member = await createUser(db);
    await issueMemberQr(db, member.id, hoursAgo(now, 26));
    const live = await issueMemberQr(db, member.id, hoursAgo(now, 23));
    await runAccountCleanup(db, now, silent);
    const left = await db
      .select({ qrData: userQrCodes.qrData })
      .from(userQrCodes)
      .where(eq(userQrCodes.userId, member.id));
    expect(left).toEqual([{ qrData: live.qrData }]);
  });

  it("lets only one instance hold a job at a time", async () => {
    const db = ctx.database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = runExclusively(db, 424_242, async () => {
      entered();
      await held;
    });
    await inside;
    // PGlite has one connection, so a second job would simply wait its turn; on PostgreSQL it must skip.
    if (ctx.database.kind === "postgres") {
      expect(await runExclusively(db, 424_242, async () => {})).toBe(false);
    }
    release();
    expect(await first).toBe(true);
    expect(await runExclusively(db, 424_242, async () => {})).toBe(true);
  });
});
