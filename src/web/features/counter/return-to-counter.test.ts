import { describe, expect, it } from "vitest";
import { counterPageAfterSignIn, counterSignInFor } from "./return-to-counter";

const origin = "https://anigye.example";
const landingFor = (next: string) => counterPageAfterSignIn(`?next=${encodeURIComponent(next)}`, origin);

describe("where the counter sign-in returns", () => {
  it("returns to the counter page a signed-out visit asked for", () => {
    expect(counterSignInFor("/merchant-scanner")).toBe("/merchant-login?next=%2Fmerchant-scanner");
    expect(counterPageAfterSignIn("?next=%2Fmerchant-scanner", origin)).toBe("/merchant-scanner");
    expect(landingFor("/merchant-dashboard")).toBe("/merchant-dashboard");
    expect(landingFor("/merchant-scanner?from=poster")).toBe("/merchant-scanner?from=poster");
  });

  it("goes to the counter's home with no page asked for", () => {
    expect(counterPageAfterSignIn("", origin)).toBe("/merchant");
    expect(counterPageAfterSignIn("?next=", origin)).toBe("/merchant");
  });

  it("never leaves the site, and never goes to a page that isn't the counter's", () => {
    for (const next of [
      "https://evil.example/merchant-scanner",
      "//evil.example/merchant-scanner",
      "/\\evil.example/merchant-scanner",
      "/\t/evil.example/merchant-scanner",
      "javascript:alert(1)",
      "merchant-scanner",
      "/merchant-login",
      "/admin",
      "/merchant-scanner/../admin",
      "/merchant-scannerx",
    ]) {
      expect(landingFor(next), next).toBe("/merchant");
    }
  });
});
