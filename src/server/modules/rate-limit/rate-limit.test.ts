import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { createTestContext, type TestContext } from "../../test/test-app";
import { consumeRateLimit } from "./rate-limit.service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rule = { action: "test_action", limit: 10, windowSeconds: 60 };

describe("Postgres rate limiting", () => {
  it("lets exactly the limit through when 50 calls arrive at once", async () => {
    const subject = { identifier: "10.0.0.1", identifierType: "ip" as const };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => consumeRateLimit(ctx.database.db, subject, rule)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.code === "RATE_LIMITED")).toBe(true);
  });

  it("opens a new window once the old one has passed", async () => {
    const subject = { identifier: "someone@example.com", identifierType: "email" as const };
    const start = new Date("2026-01-01T10:00:00Z");
    for (let i = 0; i < 10; i++) await consumeRateLimit(ctx.database.db, subject, rule, start);
    await expect(
      consumeRateLimit(ctx.database.db, subject, rule, new Date("2026-01-01T10:00:30Z")),
    ).rejects.toThrow("Too many attempts. Please try again in 30 seconds.");
    await expect(
      consumeRateLimit(ctx.database.db, subject, rule, new Date("2026-01-01T10:01:01Z")),
    ).resolves.toBeUndefined();
  });

  it("counts each subject and action separately", async () => {
    const a = { identifier: "10.0.0.2", identifierType: "ip" as const };
    const b = { identifier: "10.0.0.3", identifierType: "ip" as const };
    for (let i = 0; i < 10; i++) await consumeRateLimit(ctx.database.db, a, rule);
    await expect(consumeRateLimit(ctx.database.db, b, rule)).resolves.toBeUndefined();
    await expect(consumeRateLimit(ctx.database.db, a, { ...rule, action: "other" })).resolves.toBeUndefined();
  });
});
