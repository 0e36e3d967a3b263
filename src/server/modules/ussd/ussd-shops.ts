import { distanceKm, regions, type Town, townOf, towns } from "./ghana-towns";
import type { UssdShopBranch } from "./ussd-member.read-model";

/*
 * "Shops near me" (docs/product-rules.md#ussd-shops-near-me): each live branch with something to earn is
 * a shop in its own town; a business with branches in two towns is in both. Within a town the nearest to
 * the town's centre come first (a branch without a pin last, by name), one line per business.
 */

/** Shops a town's screen lists. */
export const shopsPerTown = 5;

export interface ShopNearby {
  companyId: number;
  name: string;
  km: number | null;
  stamps: boolean;
  ads: boolean;
  points: boolean;
}

export class ShopMap {
  private readonly byTown = new Map<string, ShopNearby[]>();

  constructor(branches: UssdShopBranch[]) {
    for (const branch of branches) {
      const town = townOf(branch.pin, branch.city);
      if (!town) continue;
      const km = branch.pin ? distanceKm(branch.pin, town) : null;
      const list = this.byTown.get(town.name) ?? [];
      const name = branch.branches > 1 ? `${branch.shop}, ${branch.branch}` : branch.shop;
      const same = list.findIndex((shop) => shop.companyId === branch.companyId);
      const shop = {
        companyId: branch.companyId,
        name,
        km,
        stamps: branch.stamps,
        ads: branch.ads,
        points: branch.points,
      };
      if (same < 0) list.push(shop);
      else if (km !== null && (list[same]!.km === null || km < list[same]!.km!)) list[same] = shop;
      this.byTown.set(town.name, list);
    }
  }

  /** Regions with at least one shop, in the gazetteer's order. */
  regions(): string[] {
    return regions.filter((region) => this.towns(region).length > 0);
  }

  /** The region's towns with at least one shop. */
  towns(region: string): Town[] {
    return towns.filter((town) => town.region === region && this.byTown.has(town.name));
  }

  /** The town's nearest shops. */
  nearest(town: string, limit = shopsPerTown): ShopNearby[] {
    return [...(this.byTown.get(town) ?? [])]
      .sort(
        (a, b) =>
          (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) ||
          a.name.localeCompare(b.name),
      )
      .slice(0, limit);
  }
}
