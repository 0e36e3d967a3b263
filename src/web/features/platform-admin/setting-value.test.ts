import { describe, expect, it } from "vitest";
import { settingValueForm } from "./setting-value";

describe("settingValueForm", () => {
  const schema = settingValueForm({ min: 0, max: 100 });
  const message = (value: string) => schema.safeParse({ value }).error?.issues[0]?.message;

  it("turns a whole number within the bounds into the request", () => {
    expect(schema.parse({ value: " 25 " })).toEqual({ value: 25 });
    expect(schema.parse({ value: "0" })).toEqual({ value: 0 });
    expect(schema.parse({ value: "100" })).toEqual({ value: 100 });
  });

  it("refuses fractions, text, empty and out-of-bounds values with plain words", () => {
    expect(message("2.5")).toBe("Enter a whole number");
    expect(message("")).toBe("Enter a whole number");
    expect(message("ten")).toBe("Enter a whole number");
    expect(message("-1")).toBe("Must be at least 0");
    expect(message("101")).toBe("Must be at most 100");
  });
});
