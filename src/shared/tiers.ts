/** Consumer tiers follow lifetime XP and never drop (docs/product-rules.md#members-tiers). */
export const tierIds = ["bronze", "silver", "gold", "diamond"] as const;
export type TierId = (typeof tierIds)[number];

export const tierThresholds: Record<TierId, number> = {
  bronze: 0,
  silver: 1_000,
  gold: 5_000,
  diamond: 20_000,
};

export function tierForXp(lifetimeXp: number): TierId {
  let tier: TierId = "bronze";
  for (const id of tierIds) {
    if (lifetimeXp >= tierThresholds[id]) tier = id;
  }
  return tier;
}

export function tierLabel(tier: TierId): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}
