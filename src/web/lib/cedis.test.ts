import { describe, expect, it } from "vitest";
import { cedisToPesewas, pesewasToCedisText } from "./cedis";

describe("amounts typed in GH₵", () => {
  it("become whole pesewas, with or without pesewas or thousands commas", () => {
    expect(cedisToPesewas("20")).toBe(2000);
    expect(cedisToPesewas(" 0.5 ")).toBe(50);
    expect(cedisToPesewas("0.10")).toBe(10);
    expect(cedisToPesewas("1,000.25")).toBe(100025);
  });

  it("are refused when they aren't an amount", () => {
    for (const text of ["", "abc", "1.234", "-5", "GH₵ 5"]) expect(cedisToPesewas(text)).toBeUndefined();
  });

  it("start a box as the owner would type them", () => {
    expect(pesewasToCedisText(2000)).toBe("20");
    expect(pesewasToCedisText(1050)).toBe("10.50");
  });
});
