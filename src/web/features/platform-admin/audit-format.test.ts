import { describe, expect, it } from "vitest";
import { auditUrl, compactJson, parseActorId } from "./audit-format";

describe("compactJson", () => {
  it("shows no value as a dash", () => {
    expect(compactJson(null)).toEqual({ text: "—" });
    expect(compactJson(undefined)).toEqual({ text: "—" });
  });

  it("keeps short values whole, as one line of JSON, with no tooltip", () => {
    expect(compactJson('{"value":5,"note":"a b"}')).toEqual({ text: '{"value":5,"note":"a b"}' });
    expect(compactJson('"verified"')).toEqual({ text: '"verified"' });
    expect(compactJson("0")).toEqual({ text: "0" });
  });

  it("cuts long values to the limit with an ellipsis and keeps the whole in `full`", () => {
    const value = JSON.stringify({ reason: "x".repeat(200) });
    const { text, full } = compactJson(value);
    expect(Array.from(text)).toHaveLength(120);
    expect(text.endsWith("…")).toBe(true);
    expect(full).toBe(value);
    expect(compactJson(`"${"a".repeat(118)}"`)).toEqual({ text: `"${"a".repeat(118)}"` });
  });

  it("never splits an emoji in two", () => {
    const { text } = compactJson(JSON.stringify("😀".repeat(20)), 10);
    expect(text).toBe(`"${"😀".repeat(8)}…`);
  });
});

describe("auditUrl", () => {
  it("carries only the parts that are set", () => {
    expect(auditUrl({ action: "" })).toBe("/api/admin/audit");
    expect(auditUrl({ action: "payment.", actor: 7 }, 120)).toBe(
      "/api/admin/audit?actor=7&action=payment.&before=120",
    );
  });
});

describe("parseActorId", () => {
  it("reads empty as everyone and a positive whole number as one user", () => {
    expect(parseActorId("  ")).toEqual({ actor: undefined });
    expect(parseActorId(" 42 ")).toEqual({ actor: 42 });
  });

  it("refuses anything else", () => {
    for (const text of ["0", "-3", "1.5", "abc", "99999999999"])
      expect(parseActorId(text)).toHaveProperty("error");
  });
});
