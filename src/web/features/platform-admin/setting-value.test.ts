import { describe, expect, it } from "vitest";
import { settingHint, settingValueForm, textSettingForm } from "./setting-value";

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

describe("textSettingForm", () => {
  const schema = textSettingForm({ max: 20 });
  const message = (value: string) => schema.safeParse({ value }).error?.issues[0]?.message;

  it("sends the text trimmed, and refuses an empty or overlong value", () => {
    expect(schema.parse({ value: " 024 123 4567 " })).toEqual({ value: "024 123 4567" });
    expect(message("   ")).toBe("Enter a value");
    expect(message("x".repeat(21))).toBe("Use at most 20 characters");
  });
});

describe("settingHint", () => {
  const base = { key: "k", group: "xp", description: "d", updatedAt: null, fromEnvironment: false } as const;

  it("names the default and the bounds for numbers and text", () => {
    expect(settingHint({ ...base, type: "number", value: 5, defaultValue: 5, min: 0, max: 1000 })).toBe(
      "Default 5; a whole number from 0 to 1000.",
    );
    expect(settingHint({ ...base, type: "text", value: "", defaultValue: "", min: 2, max: 60 })).toBe(
      "Not set by default; 2 to 60 characters.",
    );
  });
});
