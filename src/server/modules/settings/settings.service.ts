import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import type { SettingGroup, SettingItem } from "../../../shared/contracts/admin";
import { ghanaMobileMessage, normaliseGhanaMobile } from "../../../shared/phone";
import { type PlanId, planIds, plans } from "../../../shared/plans";
import type { AppConfig } from "../../config";
import type { Database, Executor } from "../../db/client";
import { platformSettings } from "../../db/schema/settings";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../audit";
import { riskSignalDefaults, riskWeightKey } from "./risk-weights";
import {
  type CountryCode,
  countriesOf,
  countryNames,
  knownCountries,
  normaliseCountryList,
  pinIsIn,
} from "./served-countries";

/**
 * Platform settings an admin may change without a deploy. Each has a type, a default (used until a row
 * exists) and bounds; a stored value that no longer parses falls back to the default rather than
 * breaking pages. Every reader reads the table when it needs the value (in its own transaction where it
 * writes), so a change takes effect on the next operation on every instance: nothing is cached.
 */
interface SettingBase {
  /** The heading the admin's screen lists it under. */
  group: SettingGroup;
  description: string;
}

interface NumberSetting extends SettingBase {
  type: "number";
  default: number;
  min: number;
  max: number;
}

interface TextSetting extends SettingBase {
  type: "text";
  /** "" while unset. */
  default: string;
  /** Bounds on the length of the normalised value. */
  min: number;
  max: number;
  /** The stored form of a valid value (e.g. a phone number in E.164), or undefined when it is invalid. */
  normalise(value: string): string | undefined;
  /** What to say when `normalise` refuses a value. */
  invalidMessage: string;
  /** The variable that, when set, wins over the stored value (like Google sign-in's). */
  environmentVariable?: string;
  /** That variable's value as the configuration read it. */
  fromEnvironment?(config: SettingsEnvironment): string | undefined;
}

type SettingDefinition = NumberSetting | TextSetting;

/** What the settings read from the configuration: the environment's MoMo account and the demo one. */
export type SettingsEnvironment = Pick<AppConfig, "payments">;

function numberSetting(group: SettingGroup, fields: Omit<NumberSetting, "type" | "group">): NumberSetting {
  return { type: "number", group, ...fields };
}

const priceBounds = { min: 100, max: 10_000_000 };

export const settingDefinitions = {
  xp_signin_bonus: numberSetting("xp", {
    default: 100,
    min: 0,
    max: 1000,
    description: "XP when a new member's account is activated",
  }),
  xp_stamp: numberSetting("xp", {
    default: 5,
    min: 0,
    max: 1000,
    description: "XP for each loyalty stamp",
  }),
  xp_share: numberSetting("xp", {
    default: 20,
    min: 0,
    max: 1000,
    description: "XP for a verified social share",
  }),
  xp_referral: numberSetting("xp", {
    default: 50,
    min: 0,
    max: 1000,
    description: "XP to the referrer when a referred member completes a first verified watch",
  }),
  plus_price_pesewas: numberSetting("prices", {
    default: 20_00,
    ...priceBounds,
    description: `${brand.plusName} price for 30 days, in pesewas (100 pesewas = GH₵ 1)`,
  }),
  ...perPlan((plan) => [
    planPriceKey(plan),
    numberSetting("prices", {
      default: plans[plan].pricePesewas,
      ...priceBounds,
      description: `${plans[plan].name} plan price for 30 days, in pesewas (100 pesewas = GH₵ 1)`,
    }),
  ]),
  // docs/product-rules.md#pay-per-view-campaigns
  campaign_min_price_pesewas: numberSetting("prices", {
    default: 10,
    min: 1,
    max: 10_000,
    description:
      "Least a business may pay for one completed view in a pay-per-view campaign, in pesewas (100 pesewas = GH₵ 1); campaigns already running keep their price",
  }),
  // docs/product-rules.md#cashback-withdrawals
  cashback_withdrawal_min_pesewas: numberSetting("cashback", {
    default: 10_00,
    min: 100,
    max: 1_000_000,
    description: "Smallest cashback withdrawal to a member's MoMo wallet, in pesewas (100 pesewas = GH₵ 1)",
  }),
  cashback_withdrawals_per_day: numberSetting("cashback", {
    default: 3,
    min: 1,
    max: 50,
    description: "Cashback withdrawals one member may ask for per Accra day",
  }),
  cashback_payout_fee_pesewas: numberSetting("cashback", {
    default: 100,
    min: 0,
    max: 10_000,
    description: "The mobile-money transfer fee per withdrawal, in pesewas (Paystack charges GH₵ 1)",
  }),
  cashback_member_pays_fee: numberSetting("cashback", {
    default: 1,
    min: 0,
    max: 1,
    description:
      "Who bears the transfer fee: 1 takes it from the member's withdrawal, 0 has Anigye pay it (the member receives the whole amount)",
  }),
  cashback_review_risk_score: numberSetting("cashback", {
    default: 50,
    min: 1,
    max: 100,
    description: "A member whose risk score is at least this has her withdrawals wait for an admin's review",
  }),
  ...perPlan((plan) => [
    pointsAllocationKey(plan),
    numberSetting("points", {
      default: plans[plan].monthlyPointsAllocation,
      min: 0,
      max: 1_000_000,
      description: `Points ${withArticle(plans[plan].name)} business may give members each month (from its next month or plan change)`,
    }),
  ]),
  ...perPlan((plan) => [
    branchLimitKey(plan),
    numberSetting("branches", {
      default: plans[plan].branchLimit ?? 0,
      min: 0,
      max: 1000,
      description: `Branches ${withArticle(plans[plan].name)} business may have (0 = no limit); a business over it after a plan change keeps its branches but can't add`,
    }),
  ]),
  served_countries: {
    type: "text",
    group: "branches",
    default: "GH",
    min: 2,
    max: 40,
    description: `Countries whose map pins businesses and branches may have, as country codes separated by commas: ${knownCountries}`,
    normalise: normaliseCountryList,
    invalidMessage: `Use country codes separated by commas, from ${knownCountries}`,
  },
  daily_points_limit: numberSetting("points", {
    default: 100,
    min: 1,
    max: 10_000,
    description: "Points a member may receive at counters per Accra day, from all businesses together",
  }),
  draw_max_entries: numberSetting("draws", {
    default: 10,
    min: 1,
    // The published draw rules (docs/draw-algorithm.md, `npm run verify-draw`) and the draw_entries
    // check allow at most 10 entries per member; a higher cap needs those changed first.
    max: 10,
    description: "Most entries one member can hold in a monthly prize draw, tier bonus included",
  }),
  // Texts the counter sends (check-in codes and invites), per Accra clock hour and day
  // (docs/product-rules.md#counter-text-caps).
  counter_texts_staff_hour: numberSetting("texts", {
    default: 60,
    min: 1,
    max: 10_000,
    description: "Texts one staff member (or the owner) may send from the counter in an hour",
  }),
  counter_texts_staff_day: numberSetting("texts", {
    default: 200,
    min: 1,
    max: 100_000,
    description: "Texts one staff member (or the owner) may send from the counter in an Accra day",
  }),
  counter_texts_shop_hour: numberSetting("texts", {
    default: 100,
    min: 1,
    max: 10_000,
    description: "Texts one business's counters may send together in an hour",
  }),
  counter_texts_shop_day: numberSetting("texts", {
    default: 300,
    min: 1,
    max: 100_000,
    description: "Texts one business's counters may send together in an Accra day",
  }),
  counter_texts_number_hour: numberSetting("texts", {
    default: 5,
    min: 1,
    max: 1000,
    description: "Texts one phone number may get from all businesses' counters together in an hour",
  }),
  counter_texts_number_day: numberSetting("texts", {
    default: 10,
    min: 1,
    max: 1000,
    description: "Texts one phone number may get from all businesses' counters together in an Accra day",
  }),
  risk_violation_threshold: numberSetting("anti_cheat", {
    default: 50,
    min: 1,
    max: 100,
    description: "Risk score (0-100) at which a member's fraud signals open a case in the anti-cheat review",
  }),
  ...riskWeightSettings(),
  // docs/product-rules.md#accounts-wrong-passwords-across-addresses: NIST SP 800-63B allows at most 100.
  password_failures_per_account: numberSetting("sign_in", {
    default: 100,
    min: 1,
    max: 100,
    description:
      "Wrong passwords one account may see in 24 hours; past them, only devices that signed in to it before may try a password (others are offered a sign-in link)",
  }),
  // docs/product-rules.md#accounts-messages-a-stranger-can-cause
  account_messages_per_hour: numberSetting("sign_in", {
    default: 3,
    min: 1,
    max: 20,
    description:
      "Sign-in links, reset links and codes anyone may have sent to one account in an hour; past it, the newest one sent keeps working instead",
  }),
  account_messages_per_day: numberSetting("sign_in", {
    default: 10,
    min: 1,
    max: 100,
    description: "The same, in 24 hours",
  }),
  // What a provider charges for one USSD session, for the admin's overview (docs/product-rules.md#ussd-operations).
  ussd_session_price_pesewas: numberSetting("ussd", {
    default: 0,
    min: 0,
    max: 10_000,
    description:
      "What your USSD provider charges for one session, in pesewas (100 pesewas = GH₵ 1): the admin's overview shows the USSD sessions of each day at this price",
  }),
  momo_merchant_number: {
    type: "text",
    group: "manual_momo",
    default: "",
    min: 10,
    max: 20,
    description:
      "MoMo number members and businesses send manual payments to (MOMO_MERCHANT_NUMBER wins when set)",
    normalise: normaliseGhanaMobile,
    invalidMessage: ghanaMobileMessage,
    environmentVariable: "MOMO_MERCHANT_NUMBER",
    fromEnvironment: (config) => config.payments.manualMomo?.merchantNumber,
  },
  momo_merchant_name: {
    type: "text",
    group: "manual_momo",
    default: "",
    min: 2,
    max: 60,
    description:
      "Name on that MoMo account, shown so payers can check it before sending (MOMO_MERCHANT_NAME wins when set)",
    // One line of plain text: runs of spaces become one, control characters are refused.
    normalise: (value) =>
      /\p{Cc}/u.test(value.replace(/\s/g, " ")) ? undefined : value.replace(/\s+/g, " "),
    invalidMessage: "Enter the name as it appears on the MoMo account, on one line",
    environmentVariable: "MOMO_MERCHANT_NAME",
    fromEnvironment: (config) => config.payments.manualMomo?.merchantName,
  },
} satisfies Record<string, SettingDefinition>;

const definitions: Record<string, SettingDefinition> = settingDefinitions;

/** "a Starter", "an Enterprise": the article a plan's name takes when spoken. */
function withArticle(name: string): string {
  return `${/^[AEIOU]/i.test(name) ? "an" : "a"} ${name}`;
}

function perPlan(entry: (plan: PlanId) => [string, NumberSetting]): Record<string, NumberSetting> {
  return Object.fromEntries(planIds.map(entry));
}

/** What each fraud signal adds to a member's risk score (last 30 days), one setting per signal type. */
function riskWeightSettings(): Record<string, NumberSetting> {
  return Object.fromEntries(
    Object.entries(riskSignalDefaults).map(([type, { weight, label }]) => [
      riskWeightKey(type),
      numberSetting("anti_cheat", {
        default: weight,
        min: 0,
        max: 100,
        description: `Risk score added for each ${label}`,
      }),
    ]),
  );
}

export function planPriceKey(plan: PlanId) {
  return `plan_price_pesewas_${plan}` as const;
}

export function pointsAllocationKey(plan: PlanId) {
  return `points_allocation_${plan}` as const;
}

function branchLimitKey(plan: PlanId) {
  return `branch_limit_${plan}` as const;
}

/**
 * How many live branches a plan's business may have now; null when it has no limit (the setting is 0).
 * Rule: docs/product-rules.md#businesses-branches.
 */
export async function currentBranchLimit(db: Executor, plan: PlanId): Promise<number | null> {
  const key = branchLimitKey(plan);
  const limit = (await readNumberSettings(db, [key]))[key];
  return limit === 0 ? null : limit;
}

export interface ServedCountries {
  codes: CountryCode[];
  /** "Ghana", "Ghana or Togo". */
  names: string;
  /** Whether a map pin lies in one of them. */
  contains(latitude: number, longitude: number): boolean;
}

/**
 * The countries the platform serves now (the `served_countries` setting, Ghana by default), which every
 * business's and branch's map pin must lie in. Rule: docs/product-rules.md#businesses-pins-in-served-countries.
 */
export async function currentServedCountries(db: Executor): Promise<ServedCountries> {
  const key = "served_countries";
  const stored = await storedValues(db, [key]);
  const codes = countriesOf(parseText(definitionOf(key, "text"), stored.get(key)));
  return {
    codes,
    names: countryNames(codes),
    contains: (latitude, longitude) => pinIsIn(codes, latitude, longitude),
  };
}

function parseNumber(definition: NumberSetting, stored: string | undefined): number {
  const value = Number(stored);
  if (stored === undefined || !Number.isInteger(value)) return definition.default;
  return value >= definition.min && value <= definition.max ? value : definition.default;
}

/** The stored text when it is still valid, else the default. */
function parseText(definition: TextSetting, stored: string | undefined): string {
  if (stored === undefined) return definition.default;
  return textProblem(definition, stored) === undefined ? stored : definition.default;
}

/** Why a text value can't be saved, or undefined when it can (then `normalise` gives its stored form). */
function textProblem(definition: TextSetting, value: string): string | undefined {
  const normalised = definition.normalise(value.trim());
  if (normalised === undefined) return definition.invalidMessage;
  if (normalised.length < definition.min || normalised.length > definition.max) {
    return `Use ${definition.min} to ${definition.max} characters`;
  }
  return undefined;
}

function definitionOf<T extends SettingDefinition["type"]>(key: string, type: T) {
  const definition = definitions[key];
  // A caller asking for a setting that isn't defined (or of another type) is a bug, not a bad request.
  if (definition?.type !== type) throw new Error(`No ${type} setting named ${key}`);
  return definition as Extract<SettingDefinition, { type: T }>;
}

async function storedValues(db: Executor, keys: readonly string[]) {
  const rows = await db
    .select({ key: platformSettings.settingKey, value: platformSettings.settingValue })
    .from(platformSettings)
    .where(inArray(platformSettings.settingKey, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** A number setting's stored text, read inside the caller's statement (null when unset). */
export function storedSettingSql(key: string): SQL {
  definitionOf(key, "number");
  return sql`(select ${platformSettings.settingValue} from ${platformSettings} where ${platformSettings.settingKey} = ${key})`;
}

/** A number setting's value from its stored text (as `storedSettingSql` read it), or its default. */
export function numberSettingFrom(key: string, stored: string | null | undefined): number {
  return parseNumber(definitionOf(key, "number"), stored ?? undefined);
}

/** The current values of some number settings, each its stored value or its default. */
export async function readNumberSettings<K extends string>(
  db: Executor,
  keys: readonly K[],
): Promise<Record<K, number>> {
  const stored = await storedValues(db, keys);
  return Object.fromEntries(
    keys.map((key) => [key, parseNumber(definitionOf(key, "number"), stored.get(key))]),
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

/** The points each plan's business may give in a month, as the allocations opened from now on use. */
export async function currentPointsAllocations(db: Executor): Promise<Record<PlanId, number>> {
  const values = await readNumberSettings(db, planIds.map(pointsAllocationKey));
  return Object.fromEntries(planIds.map((plan) => [plan, values[pointsAllocationKey(plan)]])) as Record<
    PlanId,
    number
  >;
}

export interface ManualMomoAccount {
  merchantNumber: string;
  merchantName: string;
}

/**
 * Where payers send manual MoMo payments: the environment's account (MOMO_MERCHANT_NUMBER and
 * MOMO_MERCHANT_NAME) when set, else the one an admin saved (both number and name), else the demo
 * account outside production; undefined turns the manual path off. Read on each use: no restart.
 */
export async function manualMomoAccount(
  db: Executor,
  config: SettingsEnvironment,
): Promise<ManualMomoAccount | undefined> {
  if (config.payments.manualMomo) return config.payments.manualMomo;
  const keys = ["momo_merchant_number", "momo_merchant_name"] as const;
  const stored = await storedValues(db, keys);
  const merchantNumber = parseText(definitionOf(keys[0], "text"), stored.get(keys[0]));
  const merchantName = parseText(definitionOf(keys[1], "text"), stored.get(keys[1]));
  if (merchantNumber && merchantName) return { merchantNumber, merchantName };
  return config.payments.demoMomo;
}

export type SettingView = SettingItem;

function settingView(
  key: string,
  definition: SettingDefinition,
  row: { settingValue: string; updatedAt: Date } | undefined,
  config: SettingsEnvironment,
): SettingView {
  const common = {
    key,
    group: definition.group,
    description: definition.description,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    min: definition.min,
    max: definition.max,
  };
  if (definition.type === "number") {
    return {
      ...common,
      type: "number",
      value: parseNumber(definition, row?.settingValue),
      defaultValue: definition.default,
      fromEnvironment: false,
    };
  }
  const environment = definition.fromEnvironment?.(config);
  return {
    ...common,
    type: "text",
    value: environment ?? parseText(definition, row?.settingValue),
    defaultValue: definition.default,
    fromEnvironment: environment !== undefined,
  };
}

/** Every setting with its value now, its default and bounds, for the admin screen. */
export async function listSettings(db: Executor, config: SettingsEnvironment): Promise<SettingView[]> {
  const rows = await db.select().from(platformSettings);
  const stored = new Map(rows.map((row) => [row.settingKey, row]));
  return Object.entries(definitions).map(([key, definition]) =>
    settingView(key, definition, stored.get(key), config),
  );
}

/** The value to store, checked against the setting's type and bounds; a refusal says what would do. */
function valueToStore(definition: SettingDefinition, value: number | string): string {
  if (definition.type === "number") {
    if (
      typeof value !== "number" ||
      !Number.isInteger(value) ||
      value < definition.min ||
      value > definition.max
    ) {
      const message = `Choose a whole number from ${definition.min} to ${definition.max}`;
      throw new AppError("VALIDATION", message, { value: message });
    }
    return String(value);
  }
  const problem = typeof value === "string" ? textProblem(definition, value) : "Enter text, not a number";
  if (problem) throw new AppError("VALIDATION", problem, { value: problem });
  return definition.normalise((value as string).trim())!;
}

/**
 * Changes one setting, checked against its type and bounds, and records the change in the audit log in
 * the same transaction. Every reader reads the table, so the next request uses the new value: no restart.
 * A setting the server's environment sets can't be changed here (the environment would still win).
 */
export async function updateSetting(
  db: Database,
  config: SettingsEnvironment,
  key: string,
  value: number | string,
  actor: { id: number; displayName: string },
  now: Date,
): Promise<SettingView> {
  const definition = definitions[key];
  if (!definition) throw new AppError("NOT_FOUND", "No such setting");
  if (definition.type === "text" && definition.fromEnvironment?.(config) !== undefined) {
    throw new AppError(
      "CONFLICT",
      `The server's environment sets this (${definition.environmentVariable}), which wins over this screen. Change it there, or unset it to manage it here.`,
    );
  }
  const stored = valueToStore(definition, value);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settingValue: platformSettings.settingValue, updatedAt: platformSettings.updatedAt })
      .from(platformSettings)
      .where(eq(platformSettings.settingKey, key));
    const before = settingView(key, definition, row, config).value;
    await tx
      .insert(platformSettings)
      .values({
        settingKey: key,
        settingValue: stored,
        settingType: definition.type,
        description: definition.description,
      })
      .onConflictDoUpdate({
        target: platformSettings.settingKey,
        set: { settingValue: stored, settingType: definition.type, updatedAt: now },
      });
    await recordAudit(
      tx,
      {
        actor,
        action: "setting.update",
        targetType: "setting",
        targetId: key,
        before: row || definition.type === "number" ? before : null,
        after: definition.type === "number" ? Number(stored) : stored,
      },
      now,
    );
  });
  return (await listSettings(db, config)).find((setting) => setting.key === key)!;
}
