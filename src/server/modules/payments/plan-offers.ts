import { brand } from "../../../shared/brand";
import type { PlansResponse } from "../../../shared/contracts/payments";
import type { Language } from "../../../shared/i18n/languages";
import { paidPeriodDays, planIds, plans } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import { translateMessage } from "../../lib/i18n";
import { currentPointsAllocations, currentPrices, manualMomoAccount } from "../settings";

/** What Anigye+ gives (docs/product-rules.md#payments-anigye-plus). */
const plusBenefits = [
  { message: "Premium ads from local brands, with their richer offers" },
  { message: "Monthly competitions for members (with the tier, redemptions and shares they ask)" },
  { message: "Everything free members get on {brand}", values: { brand: brand.name } },
];

/** GET /api/plans: the plan table with today's prices and points (platform settings) and the ways to pay. */
export async function listPlanOffers(deps: AppDeps, language: Language): Promise<PlansResponse> {
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
    plus: {
      pricePesewas: prices.plus,
      benefits: plusBenefits.map((benefit) => translateMessage(benefit.message, language, benefit.values)),
    },
    manualMomo: manualMomo ?? null,
    providerEnabled: deps.paystack !== undefined,
  };
}
