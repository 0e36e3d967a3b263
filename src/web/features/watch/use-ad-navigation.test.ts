import { describe, expect, it } from "vitest";
import { orderToFollow } from "./use-ad-navigation";

describe("the order Next and Previous follow in the viewer", () => {
  it("keeps the order the viewer opened with, even when a newer list is cached meanwhile", () => {
    // Marking an ad watched rewrites every cached list, so a one-result search can become the newest.
    const searchResults = [2];
    expect(orderToFollow([2, 3, 4, 5], 4, () => searchResults)).toEqual([2, 3, 4, 5]);
  });

  it("falls back to Discover's newest list for an ad the opening order doesn't hold", () => {
    expect(orderToFollow([2, 3], 9, () => [9, 10])).toEqual([9, 10]);
    expect(orderToFollow(null, 9, () => [9, 10])).toEqual([9, 10]);
    expect(orderToFollow(null, 9, () => null)).toBeNull();
  });
});
