import { tierIds } from "../../../shared/tiers";
import type { competitions } from "../../db/schema/draws";

export type CompetitionRules = Pick<
  typeof competitions.$inferSelect,
  "minimumTier" | "requiresPlus" | "minimumValidatedRedemptions" | "minimumSocialShares"
>;

/**
 * The minimum tier, Anigye+ when required, and the month's redemptions and shares
 * (docs/product-rules.md#draws-competitions).
 */
export function meetsRequirements(
  rules: CompetitionRules,
  member: {
    tier: (typeof tierIds)[number];
    isPlus: boolean;
    validatedRedemptions: number;
    socialShares: number;
  },
) {
  const tierMet = tierIds.indexOf(member.tier) >= tierIds.indexOf(rules.minimumTier);
  const plusMet = !rules.requiresPlus || member.isPlus;
  const eligible =
    tierMet &&
    plusMet &&
    member.validatedRedemptions >= rules.minimumValidatedRedemptions &&
    member.socialShares >= rules.minimumSocialShares;
  return { tierMet, plusMet, eligible };
}
