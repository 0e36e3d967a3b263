import { brand } from "../../../shared/brand";
import type { PlansResponse } from "../../../shared/contracts/payments";
import { paidPeriodDays, planIds, plans } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import { currentPointsAllocations, currentPrices, manualMomoAccount } from "../settings";

/** What Anigye+ gives (PRODUCT.md: premium ads, competitions). */
export const plusBenefits = [
  "Premium ads from local brands, with their richer offers",
  "Monthly competitions for members (with the tier, redemptions and shares they ask)",
  `Everything free members get on ${brand.name}`,
];

/** GET /api/plans: the plan table with today's prices and points (platform settings) and the ways to pay. */
export async function listPlanOffers(deps: AppDeps): Promise<PlansResponse> {
  const [prices, allocations, manualMomo] = await Promise.all([
    currentPrices(deps.db),
    currentPointsAllocations(deps.db),
    manualMomoAccount(deps.db, deps.config),
  ]);
  return {
    currency: "GHS",
    periodDays: paidPeriodDays,
    plans: planIds.map((id) => ({
      ...plans[id],
      adTypes: [...plans[id].adTypes],
      features: [...plans[id].features],
      pricePesewas: prices.plans[id],
      monthlyPointsAllocation: allocations[id],
    })),
    plus: { pricePesewas: prices.plus, benefits: plusBenefits },
    manualMomo: manualMomo ?? null,
    providerEnabled: deps.paystack !== undefined,
  };
}
