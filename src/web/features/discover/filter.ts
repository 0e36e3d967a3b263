import type { DiscoveryAd } from "../../../shared/contracts/ads";

/**
 * Discover's filter: a non-empty search matches the title, description or
 * company name case-insensitively, and then the category is ignored; with no search, the category
 * (if any) must match exactly.
 */
export function filterDiscoveryAds(ads: readonly DiscoveryAd[], search: string, category: string) {
  const query = search.trim().toLowerCase();
  if (query) {
    return ads.filter((ad) =>
      [ad.title, ad.description ?? "", ad.company.name].some((text) => text.toLowerCase().includes(query)),
    );
  }
  if (category) return ads.filter((ad) => ad.category === category);
  return [...ads];
}
