import { inArray } from "drizzle-orm";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import type { Database, Executor } from "../../db/client";
import { platformSettings } from "../../db/schema/settings";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../audit";
import { riskSignalDefaults, riskWeightKey } from "./risk-weights";

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
  xp_signin_bonus: {
    default: 100,
    min: 0,
    max: 1000,
    description: "XP when a new member's account is activated (PRODUCT.md: 100)",
  },
  xp_stamp: { default: 5, min: 0, max: 1000, description: "XP for each loyalty stamp (PRODUCT.md: 5)" },
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
  risk_violation_threshold: {
    default: 50,
    min: 1,
    max: 100,
    description: "Risk score (0-100) at which a member's fraud signals open a case in the anti-cheat review",
  },
  ...riskWeightSettings(),
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

/** What each fraud signal adds to a member's risk score (last 30 days), one setting per signal type. */
function riskWeightSettings(): Record<string, NumberSetting> {
  return Object.fromEntries(
    Object.entries(riskSignalDefaults).map(([type, { weight, label }]) => [
      riskWeightKey(type),
      { default: weight, min: 0, max: 100, description: `Risk score added for each ${label}` },
    ]),
  );
}

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

export interface SettingView {
  key: string;
  value: number;
  defaultValue: number;
  min: number;
  max: number;
  description: string;
  updatedAt: string | null;
}

/** Every setting with its value now, its default and bounds, for the admin screen. */
export async function listSettings(db: Executor): Promise<SettingView[]> {
  const rows = await db.select().from(platformSettings);
  const stored = new Map(rows.map((row) => [row.settingKey, row]));
  return Object.entries(settingDefinitions as Record<string, NumberSetting>).map(([key, definition]) => {
    const row = stored.get(key);
    return {
      key,
      value: parseSetting(definition, row?.settingValue),
      defaultValue: definition.default,
      min: definition.min,
      max: definition.max,
      description: definition.description,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

/**
 * Changes one setting, checked against its bounds, and records the change in the audit log in the same
 * transaction. Every reader reads the table, so the next request uses the new value: no restart.
 */
export async function updateSetting(
  db: Database,
  key: string,
  value: number,
  actor: { id: number; displayName: string },
  now: Date,
): Promise<SettingView> {
  const definition = (settingDefinitions as Record<string, NumberSetting>)[key];
  if (!definition) throw new AppError("NOT_FOUND", "No such setting");
  if (!Number.isInteger(value) || value < definition.min || value > definition.max) {
    throw new AppError("VALIDATION", `Choose a whole number from ${definition.min} to ${definition.max}`, {
      value: `Choose a whole number from ${definition.min} to ${definition.max}`,
    });
  }
  await db.transaction(async (tx) => {
    const before = (await readNumberSettings(tx, [key]))[key];
    await tx
      .insert(platformSettings)
      .values({
        settingKey: key,
        settingValue: String(value),
        settingType: "number",
        description: definition.description,
      })
      .onConflictDoUpdate({
        target: platformSettings.settingKey,
        set: { settingValue: String(value), settingType: "number", updatedAt: now },
      });
    await recordAudit(
      tx,
      { actor, action: "setting.update", targetType: "setting", targetId: key, before, after: value },
      now,
    );
  });
  return (await listSettings(db)).find((setting) => setting.key === key)!;
}
