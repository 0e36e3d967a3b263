import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMetrics } from "../plugins/metrics";
import { signedInMember } from "../test/members";
import { createTestContext, sendAs, type TestContext, testClock } from "../test/test-app";
import { type JobContext, runJobOnce } from "./job-lock";

let ctx: TestContext;
const clock = testClock(new Date("2026-11-23T09:00:00Z"));
let context: JobContext;
const failures: object[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ overrides: { now: clock.now } });
  context = {
    db: ctx.database.db,
    now: clock.now,
    log: { error: (obj: object) => failures.push(obj) },
    metrics: createMetrics(),
  };
});
afterAll(() => ctx.close());

const minutes = (n: number) => n * 60_000;

describe("durable scheduled jobs", () => {
  it("runs a period once however many instances try it, even all at once", async () => {
    let runs = 0;
    const work = async () => {
      runs++;
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => runJobOnce(context, "once-test", "2026-11-23T09", work)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await runJobOnce(context, "once-test", "2026-11-23T09", work)).toBe(false);
    expect(await runJobOnce(context, "once-test", "2026-11-23T10", work)).toBe(true);
    expect(runs).toBe(2);
  });

  it("records a failure, retries it after a growing wait, and stops after six attempts", async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error("SMS provider timed out");
    };
    expect(await runJobOnce(context, "retry-test", "2026-11-23T09", failing)).toBe(false);
    expect(failures.at(-1)).toMatchObject({ job: "retry-test", attempts: 1 });
    // Not again before the first wait (1 minute) is over.
    clock.advance(minutes(0.5));
    await runJobOnce(context, "retry-test", "2026-11-23T09", failing);
    expect(calls).toBe(1);
    // Then at 1, 2, 4 and 8 minutes' waits: attempts 2 to 5, and the sixth and last.
    for (const wait of [1, 2, 4, 8, 16]) {
      clock.advance(minutes(wait));
      await runJobOnce(context, "retry-test", "2026-11-23T09", failing);
    }
    expect(calls).toBe(6);
    clock.advance(minutes(120));
    await runJobOnce(context, "retry-test", "2026-11-23T09", failing);
    expect(calls).toBe(6);

    const admin = await signedInMember(ctx.database.db, "jobs-admin", { role: "admin" });
    const page = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/jobs");
    const summary = page.json().jobs.find((job: { job: string }) => job.job === "retry-test");
    expect(summary).toMatchObject({
      lastRun: { status: "failed", attempts: 6, error: "SMS provider timed out", period: "2026-11-23T09" },
      failures24h: 1,
    });
    const member = await signedInMember(ctx.database.db, "jobs-member");
    expect((await sendAs(ctx.app, member.cookies, "GET", "/api/admin/jobs")).statusCode).toBe(403);
  });

  it("a failure that recovers on retry ends as succeeded", async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("database restarting");
    };
    expect(await runJobOnce(context, "flaky-test", "2026-11-23T11", flaky)).toBe(false);
    clock.advance(minutes(1));
    expect(await runJobOnce(context, "flaky-test", "2026-11-23T11", flaky)).toBe(true);
    const admin = await signedInMember(ctx.database.db, "jobs-admin2", { role: "admin" });
    const page = await sendAs(ctx.app, admin.cookies, "GET", "/api/admin/jobs");
    expect(page.json().jobs.find((job: { job: string }) => job.job === "flaky-test").lastRun).toMatchObject({
      status: "succeeded",
      attempts: 2,
      error: null,
      nextAttemptAt: null,
    });
  });

  it("takes over a run whose instance died, once its lease has ended", async () => {
    let secondRan = false;
    // The first instance claims the period and "dies" mid-work (its promise never settles). Its work
    // starts only once the claim is made, so the test waits for that, however slow the machine is.
    await new Promise<void>((claimed) => {
      void runJobOnce(context, "crash-test", "2026-11-23T12", () => {
        claimed();
        return new Promise(() => {});
      });
    });
    const other = async () => {
      secondRan = true;
    };
    clock.advance(minutes(5));
    expect(await runJobOnce(context, "crash-test", "2026-11-23T12", other)).toBe(false);
    clock.advance(minutes(6));
    expect(await runJobOnce(context, "crash-test", "2026-11-23T12", other)).toBe(true);
    expect(secondRan).toBe(true);
  });
});
