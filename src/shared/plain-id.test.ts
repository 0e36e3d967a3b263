import { describe, expect, it } from "vitest";
import { parsePlainId } from "./plain-id";

describe("ids read from an address", () => {
  it("are positive decimal integers written plainly", () => {
    expect(parsePlainId("1")).toBe(1);
    expect(parsePlainId("2147483647")).toBe(2_147_483_647);
  });

  it("refuse anything else rather than read it as another row's id", () => {
    for (const odd of [
      undefined,
      "",
      "0",
      "01",
      " 1",
      "1 ",
      "+1",
      "-1",
      "1e3",
      "0x10",
      "1.0",
      "2147483648",
      "abc",
    ]) {
      expect(parsePlainId(odd), String(odd)).toBeNull();
    }
  });
});
