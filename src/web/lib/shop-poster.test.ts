import { describe, expect, it } from "vitest";
import { shopIdFromPoster, shopPosterUrl } from "./shop-poster";

describe("shop posters", () => {
  it("reads back the id of the address it draws", () => {
    const url = shopPosterUrl("https://anigye.com", 12);
    expect(url).toBe("https://anigye.com/qr-scanner?shop=12");
    expect(shopIdFromPoster(url)).toBe(12);
  });

  it("accepts a poster printed from another copy of the site", () => {
    expect(shopIdFromPoster("http://localhost:5000/qr-scanner?shop=3")).toBe(3);
    expect(shopIdFromPoster(" https://staging.anigye.com/qr-scanner/?shop=3&utm=poster ")).toBe(3);
  });

  it("refuses anything that is not a poster", () => {
    for (const text of [
      "ANIGYE-M1.abc.def",
      "K7M-4QX",
      "https://anigye.com/rewards?shop=3",
      "https://anigye.com/qr-scanner",
      "https://anigye.com/qr-scanner?shop=0",
      "https://anigye.com/qr-scanner?shop=1e3",
      "javascript:alert(1)//qr-scanner?shop=1",
      "",
    ]) {
      expect(shopIdFromPoster(text), text).toBeNull();
    }
  });
});
