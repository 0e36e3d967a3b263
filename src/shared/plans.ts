/**
 * Business plans (docs/product-rules.md#payments-plans). Prices are integer pesewas (GHS × 100).
 */
export const planIds = ["starter", "business", "pro", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  pricePesewas: number;
  maxAds: number;
  adTypes: readonly ("image" | "video" | "custom")[];
  maxDurationSeconds: number;
  monthlyPointsAllocation: number;
  /** Live branches at the start (the admin's setting wins); null for no limit. */
  branchLimit: number | null;
  features: readonly string[];
}

export const plans: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    pricePesewas: 100_00,
    maxAds: 1,
    adTypes: ["image"],
    maxDurationSeconds: 10,
    monthlyPointsAllocation: 250,
    branchLimit: 1,
    features: ["Basic views only"],
  },
  business: {
    id: "business",
    name: "Business",
    pricePesewas: 200_00,
    maxAds: 2,
    adTypes: ["image", "video"],
    maxDurationSeconds: 30,
    monthlyPointsAllocation: 500,
    branchLimit: 5,
    features: ["Image + short video", "Impressions tracking"],
  },
  pro: {
    id: "pro",
    name: "Pro",
    pricePesewas: 400_00,
    maxAds: 5,
    adTypes: ["image", "video"],
    maxDurationSeconds: 60,
    monthlyPointsAllocation: 1000,
    branchLimit: 2,
    features: ["All formats", "Full insights (CTR, completion rate, redemptions)"],
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    pricePesewas: 800_00,
    maxAds: 999,
    adTypes: ["image", "video", "custom"],
    maxDurationSeconds: 120,
    monthlyPointsAllocation: 5000,
    branchLimit: null,
    features: ["Custom formats", "Unlimited ads", "Export reports (CSV)"],
  },
};

/** An ad runs at least 5 s and at most the plan's maximum (docs/product-rules.md#ads-duration). */
export const minAdDurationSeconds = 5;
/** A paid period is 30 days (docs/product-rules.md#payments-paying-for-a-plan). */
export const paidPeriodDays = 30;

/**
 * A plan's limits as the company columns that hold them (they win over column defaults:
 * docs/product-rules.md#payments-plans).
 */
export function planLimits(planId: PlanId) {
  const plan = plans[planId];
  return {
    plan: planId,
    maxAds: plan.maxAds,
    allowsVideo: plan.adTypes.includes("video"),
    maxAdDurationSeconds: plan.maxDurationSeconds,
    monthlyPricePesewas: plan.pricePesewas,
    monthlyPointsAllocation: plan.monthlyPointsAllocation,
  };
}

/** The plan's limit on an ad's length, as the server says it and the ad form says it first. */
export function adDurationLimitMessage(plan: PlanId, maxSeconds: number): string {
  return `Your ${plans[plan].name} plan allows ads of up to ${maxSeconds} seconds.`;
}
