import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { auditLog, ussdSessions } from "../../db/schema";
import { signedInAdmin, signedInMember } from "../../test/members";
import { createTestContext, sendAs, sendJson, type TestContext } from "../../test/test-app";
import { ussdCalls } from "../../test/ussd-calls";

/*
 * The USSD simulator drives the real Hubtel callback inside the server: the same screens, the same
 * session rows, with no USSD_CALLBACK_TOKEN needed (docs/product-rules.md#ussd-simulator).
 */

let ctx: TestContext;
let ussd: ReturnType<typeof ussdCalls>;

beforeAll(async () => {
  // No USSD_CALLBACK_TOKEN: the providers' routes answer 404, the simulator still works.
  ctx = await createTestContext();
  ussd = ussdCalls(ctx);
});
afterAll(() => ctx.close());

describe("the admin's USSD simulator", () => {
  it("dials, answers and hangs up through the Hubtel route, and records each dial", async () => {
    const admin = await signedInAdmin(ctx.database.db, "simadmin");
    const { number } = await ussd.member({ displayName: "Akua Mensah" });
    const local = number.typed;
    const send = (body: Record<string, unknown>) =>
      sendAs(ctx.app, admin.cookies, "POST", "/api/admin/ussd/simulator", body);

    const dialled = await send({ phoneNumber: local });
    expect(dialled.statusCode).toBe(200);
    const first = dialled.json();
    expect(first).toMatchObject({ sequence: 1, end: false });
    expect(first.sessionId).toMatch(/^simulator-[0-9a-f-]{36}$/);
    expect(first.text).toContain("Akua");
    expect(first.text).toMatch(/^1 My points and stamps$/m);

    const points = await send({ phoneNumber: local, sessionId: first.sessionId, sequence: 1, message: "1" });
    expect(points.json()).toMatchObject({ sessionId: first.sessionId, sequence: 2 });
    expect(points.json().text).toMatch(/XP/);

    const [row] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, first.sessionId));
    expect(row).toMatchObject({ provider: "hubtel", phoneNumber: number.e164, endedAt: null });

    const hungUp = await send({
      phoneNumber: local,
      sessionId: first.sessionId,
      sequence: 2,
      action: "cancel",
    });
    expect(hungUp.json()).toMatchObject({ end: true, sequence: 3 });
    const [ended] = await ctx.database.db
      .select()
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, first.sessionId));
    expect(ended!.endedAt).not.toBeNull();

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "ussd.simulator_dial"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, targetId: number.e164 });
  });

  it("is for admins only", async () => {
    const member = await signedInMember(ctx.database.db, "simmember");
    const body = { phoneNumber: "0270000999" };
    expect(
      (await sendAs(ctx.app, member.cookies, "POST", "/api/admin/ussd/simulator", body)).statusCode,
    ).toBe(403);
    expect((await sendJson(ctx.app, "POST", "/api/admin/ussd/simulator", body)).statusCode).toBe(401);
  });

  it("refuses a number that isn't Ghana's and a session that isn't the simulator's", async () => {
    const admin = await signedInAdmin(ctx.database.db, "simadmin");
    const send = (body: Record<string, unknown>) =>
      sendAs(ctx.app, admin.cookies, "POST", "/api/admin/ussd/simulator", body);
    const foreign = await send({ phoneNumber: "+44 20 7946 0958" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.phoneNumber).toMatch(/Ghana/);
    // A provider's real session can't be reached through the simulator.
    const real = await send({ phoneNumber: "0270000999", sessionId: "4f2c9d0a8b7e4c1d", sequence: 1 });
    expect(real.statusCode).toBe(400);
  });
});

describe("the simulator for anyone", () => {
  it("answers without a session in development and the demo, while the providers' route stays closed", async () => {
    const { number } = await ussd.member({ displayName: "Yaa Boakye" });
    const dialled = await sendJson(ctx.app, "POST", "/api/ussd/simulator", { phoneNumber: number.typed });
    expect(dialled.statusCode).toBe(200);
    expect(dialled.json().text).toContain("Yaa");
    // The simulator's secret is its own: the Hubtel route itself still answers 404 without the setting.
    const direct = await ussd.hubtel({}, "?token=anything");
    expect(direct.statusCode).toBe(404);
  });

  it("takes 30 dials an hour from one address, then answers 429", async () => {
    const dial = (n: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/ussd/simulator",
        remoteAddress: "10.9.9.9",
        headers: { "x-requested-with": "anigye", "sec-fetch-site": "same-origin" },
        payload: { phoneNumber: `0270007${String(n).padStart(3, "0")}` },
      });
    for (let n = 1; n <= 30; n++) expect((await dial(n)).statusCode).toBe(200);
    const refused = await dial(31);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("is never there in production, and off where neither the demo nor the outbox is", async () => {
    const production = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      APP_URL: "https://anigye.com.gh",
      SMTP_URL: "smtp://mailer:secret@smtp.example.com:587",
      METRICS_TOKEN: "m".repeat(20),
    });
    expect(production.ussdSimulatorForAll).toBe(false);
    expect(loadConfig({ APP_URL: "https://staging.anigye.example" }).ussdSimulatorForAll).toBe(false);
    expect(
      loadConfig({ APP_URL: "https://demo.anigye.example", SEED_DEMO: "true" }).ussdSimulatorForAll,
    ).toBe(true);
    expect(loadConfig({}).ussdSimulatorForAll).toBe(true);

    const closed = await createTestContext({ env: { SEED_DEMO: "false", DEV_OUTBOX: "false" } });
    try {
      const refused = await sendJson(closed.app, "POST", "/api/ussd/simulator", {
        phoneNumber: "0270000999",
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
