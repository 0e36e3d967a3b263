import { describe, expect, it } from "vitest";
import type { DiscoveryAd } from "../../../shared/contracts/ads";
import { filterDiscoveryAds } from "./filter";

function ad(id: number, title: string, description: string | null, company: string, category: string) {
  return {
    id,
    title,
    description,
    category,
    mediaUrl: `/media/${id}.webp`,
    mediaType: "image",
    thumbnailUrl: null,
    company: { id, name: company, logo: null },
    isFeatured: false,
    isWatched: false,
    rewardType: "discount",
    distanceKm: null,
    drawPrize: null,
    cashbackPesewas: null,
  } satisfies DiscoveryAd;
}

const ads = [
  ad(1, "Waakye + wele combo", "Lunch special at the chop bar", "Kofi's Chop Bar", "Food & Dining"),
  ad(2, "Kente for Sunday", null, "Adwoa Fabrics", "Fashion & Beauty"),
  ad(3, "Fresh braids", "Walk-ins welcome", "Ama's Salon", "Fashion & Beauty"),
  ad(4, "Data bundle deal", "Double data on weekends", "Tigo Corner", "Mobile Money & Finance"),
];
const ids = (list: DiscoveryAd[]) => list.map((a) => a.id);

describe("filterDiscoveryAds: the Discover filters", () => {
  it("matches a search against the title, the description or the company name, ignoring case", () => {
    expect(ids(filterDiscoveryAds(ads, "KENTE", ""))).toEqual([2]);
    expect(ids(filterDiscoveryAds(ads, "walk-ins", ""))).toEqual([3]);
    expect(ids(filterDiscoveryAds(ads, "chop bar", ""))).toEqual([1]);
    expect(ids(filterDiscoveryAds(ads, "a", ""))).toEqual([1, 2, 3, 4]);
    expect(ids(filterDiscoveryAds(ads, "jollof", ""))).toEqual([]);
  });

  it("trims the search, so a blank one is no search", () => {
    expect(ids(filterDiscoveryAds(ads, "  fabrics ", ""))).toEqual([2]);
    expect(ids(filterDiscoveryAds(ads, "   ", "Fashion & Beauty"))).toEqual([2, 3]);
  });

  it("with no search, keeps the category by exact match", () => {
    expect(ids(filterDiscoveryAds(ads, "", "Fashion & Beauty"))).toEqual([2, 3]);
    expect(ids(filterDiscoveryAds(ads, "", "fashion & beauty"))).toEqual([]);
    expect(ids(filterDiscoveryAds(ads, "", "Fashion"))).toEqual([]);
  });

  it("lets the search win over the category when both are set", () => {
    expect(ids(filterDiscoveryAds(ads, "data", "Food & Dining"))).toEqual([4]);
  });

  it("with neither, shows every ad, as a new list", () => {
    const all = filterDiscoveryAds(ads, "", "");
    expect(ids(all)).toEqual([1, 2, 3, 4]);
    expect(all).not.toBe(ads);
  });
});
