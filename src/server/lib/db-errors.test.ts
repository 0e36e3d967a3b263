import { describe, expect, it } from "vitest";
import { isTransientConflict, retryOnTransientConflict, uniqueViolationConstraint } from "./db-errors";

/** The shape Drizzle gives a failed query: its own error with the driver's error as the cause. */
const wrapped = (code: string, constraint?: string) =>
  Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("db"), { code, constraint }) });

describe("database errors", () => {
  it("recognises deadlocks and serialization failures, and names a violated unique key", () => {
    expect(isTransientConflict(wrapped("40P01"))).toBe(true);
    expect(isTransientConflict(wrapped("40001"))).toBe(true);
    expect(isTransientConflict(wrapped("23505"))).toBe(false);
    expect(uniqueViolationConstraint(wrapped("23505", "users_email_key"))).toBe("users_email_key");
    expect(uniqueViolationConstraint(wrapped("40P01"))).toBeUndefined();
  });

  it("runs a transaction again after a deadlock, but not after any other failure", async () => {
    let calls = 0;
    const result = await retryOnTransientConflict(async () => {
      calls++;
      if (calls < 3) throw wrapped("40P01");
      return "done";
    });
    expect({ result, calls }).toEqual({ result: "done", calls: 3 });

    let other = 0;
    await expect(
      retryOnTransientConflict(async () => {
        other++;
        throw wrapped("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(other).toBe(1);

    let stubborn = 0;
    await expect(
      retryOnTransientConflict(async () => {
        stubborn++;
        throw wrapped("40001");
      }),
    ).rejects.toThrow("Failed query");
    expect(stubborn).toBe(3);
  });
});
