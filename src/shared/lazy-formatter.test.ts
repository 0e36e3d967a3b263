import { describe, expect, it, vi } from "vitest";
import { lazyFormatter } from "./lazy-formatter";

describe("lazyFormatter", () => {
  it("makes the formatter only when first asked, then hands back the same one", () => {
    const make = vi.fn(() => new Intl.NumberFormat("en-GH"));
    const numbers = lazyFormatter(make);
    expect(make).not.toHaveBeenCalled();

    expect(numbers().format(1234)).toBe("1,234");
    expect(numbers()).toBe(numbers());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
