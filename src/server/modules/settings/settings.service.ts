import { inArray } from "drizzle-orm";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { platformSettings } from "../../db/schema/settings";

/**
 * Platform settings an admin may change without a deploy. Each has a default (used until a row exists)
 * and bounds; a stored value that no longer parses falls back to the default rather than breaking pages.
 */
interface NumberSetting {
  default: number;
  min: number;
  max: number;
  description: string;
}

const priceBounds = { min: 100, max: 10_000_000 };

export const settingDefinitions = {
  xp_share: {
    default: 20,
    min: 0,
    max: 1000,
    description: "XP for a verified social share (PRODUCT.md: 20)",
  },
  xp_referral: {
    default: 50,
    min: 0,
    max: 1000,
    description:
      "XP to the referrer when a referred member completes a first verified watch (PRODUCT.md: 50)",
  },
  plus_price_pesewas: {
    default: 20_00,
    ...priceBounds,
    description: "Anigye+ price for 30 days, in pesewas (PRODUCT.md: GH₵ 20 a month)",
  },
  ...Object.fromEntries(
    planIds.map((plan) => [
      planPriceKey(plan),
      {
        default: plans[plan].pricePesewas,
        ...priceBounds,
        description: `${plans[plan].name} plan price for 30 days, in pesewas`,
      },
    ]),
  ),
} satisfies Record<string, NumberSetting>;

export type SettingKey = keyof typeof settingDefinitions;

export function planPriceKey(plan: PlanId) {
  return `plan_price_pesewas_${plan}` as const;
}

function parseSetting(definition: NumberSetting, stored: string | undefined): number {
  const value = Number(stored);
  if (stored === undefined || !Number.isInteger(value)) return definition.default;
  return value >= definition.min && value <= definition.max ? value : definition.default;
}

/** The current values of some settings, each its stored value or its default. */
export async function readNumberSettings<K extends string>(
  db: Executor,
  keys: readonly K[],
): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: platformSettings.settingKey, value: platformSettings.settingValue })
    .from(platformSettings)
    .where(inArray(platformSettings.settingKey, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const definitions = settingDefinitions as Record<string, NumberSetting>;
  return Object.fromEntries(
    keys.map((key) => [key, parseSetting(definitions[key]!, stored.get(key))]),
  ) as Record<K, number>;
}

/** What each plan and Anigye+ cost now, in pesewas. */
export async function currentPrices(db: Executor) {
  const keys = ["plus_price_pesewas", ...planIds.map(planPriceKey)] as const;
  const values = await readNumberSettings(db, keys);
  return {
    plus: values.plus_price_pesewas,
    plans: Object.fromEntries(planIds.map((plan) => [plan, values[planPriceKey(plan)]])) as Record<
      PlanId,
      number
    >,
  };
}
