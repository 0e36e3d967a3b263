import { describe, expect, it } from "vitest";
import { leadsIntoTheApp } from "./links-into-the-app";

const landing = "https://anigye.test/";

describe("leadsIntoTheApp", () => {
  it("is true for the app's pages: sign-in, register, a draw's page", () => {
    expect(leadsIntoTheApp("/login", landing)).toBe(true);
    expect(leadsIntoTheApp("/register", landing)).toBe(true);
    expect(leadsIntoTheApp("https://anigye.test/draws/3", landing)).toBe(true);
  });

  it("is false for the other pre-rendered pages, which carry their own HTML", () => {
    expect(leadsIntoTheApp("/", landing)).toBe(false);
    expect(leadsIntoTheApp("/business", landing)).toBe(false);
    expect(leadsIntoTheApp("/faq", landing)).toBe(false);
  });

  it("is false for another site, the API and paths the app has no page for", () => {
    expect(leadsIntoTheApp("https://example.com/login", landing)).toBe(false);
    expect(leadsIntoTheApp("/api/auth/me", landing)).toBe(false);
    expect(leadsIntoTheApp("/no-such-page", landing)).toBe(false);
  });
});
