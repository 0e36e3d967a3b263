import { z } from "zod";
import { withOwnRewardFields } from "../../../shared/contracts/ad-options";
import { type AdInput, adInput, type CompanyAd, type RewardType } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { adDurationLimitMessage } from "../../../shared/plans";
import type { TierId } from "../../../shared/tiers";
import { cedisToPesewas, pesewasToCedisText } from "../../lib/cedis";
import { accraDay, endOfAccraDay } from "../../lib/dates";

/**
 * The ad form checks with `adInput`, the contract the server uses: these rules only turn what the inputs
 * hold into that request, and add the plan's limits the server also applies.
 */

/** Optional boxes of text: sent trimmed, or left out when empty. */
const textBoxes = [
  "description",
  "customDiscountCode",
  "badgeName",
  "experienceContent",
  "prizeEntryDetails",
  "googleMapsLink",
] as const;
/** Boxes for a whole number: sent as a number, or left out when empty (the contract's default applies). */
const numberBoxes = [
  "durationSeconds",
  "discountPercent",
  "xpPointsReward",
  "maxRedemptions",
  "dailyRedemptionCap",
  "weeklyRedemptionCap",
] as const;
type Box = (typeof textBoxes)[number] | (typeof numberBoxes)[number];

/** The ad form's values: text as typed (numbers too), the uploaded media's id, the choices and checkboxes. */
export type AdFormValues = Record<Box, string> & {
  title: string;
  category: string;
  mediaId: number | null;
  rewardType: RewardType;
  /** A cashback ad's amount per reward, typed in GH₵ ("5", "0.50"); sent as `cashbackPesewas`. */
  cashback: string;
  useCustomCode: boolean;
  discountCodes: string;
  requiredTier: TierId;
  isPlus: boolean;
  expiresAt: string;
  /**
   * One of the business's branches by id, "" for none, or `keptBranch` for the branch an older ad names
   * as it was typed before branches (docs/product-rules.md#ads-branch-from-the-list).
   */
  branchId: string;
  /** An older ad's typed branch, kept while `keptBranch` stays chosen; null for every other ad. */
  typedBranch: { name: string | null; address: string | null } | null;
};

/** The branch choice that keeps an older ad's typed branch name and address. */
export const keptBranch = "typed";

const shown = (value: string | number | null | undefined) => (value == null ? "" : String(value));

function boxesOf<K extends Box>(boxes: readonly K[], read: (box: K) => unknown) {
  return Object.fromEntries(boxes.map((box) => [box, read(box)]));
}

/** The form's starting values: the ad being edited, or a new ad's defaults within the plan. */
export function adFormValues(ad: CompanyAd | null, plan: PlanStatus): AdFormValues {
  return {
    ...(boxesOf([...textBoxes, ...numberBoxes], (box) => shown(ad?.[box])) as Record<Box, string>),
    title: ad?.title ?? "",
    category: ad?.category ?? "",
    mediaId: ad?.mediaId ?? null,
    durationSeconds: String(ad?.durationSeconds ?? Math.min(10, plan.maxAdDurationSeconds)),
    rewardType: ad?.rewardType ?? "discount",
    cashback: ad?.cashbackPesewas ? pesewasToCedisText(ad.cashbackPesewas) : "",
    useCustomCode: ad?.useCustomCode ?? false,
    // The pool's unused codes, so saving without changes keeps them.
    discountCodes: ad?.discountCodes.join("\n") ?? "",
    xpPointsReward: String(ad?.xpPointsReward ?? 10),
    maxRedemptions: String(ad?.maxRedemptions ?? 1000),
    requiredTier: ad?.requiredTier ?? "bronze",
    isPlus: ad?.isPlus ?? false,
    expiresAt: ad?.expiresAt ? accraDay(new Date(ad.expiresAt)) : "",
    ...branchValues(ad),
  };
}

/** The ad's branch as the form's one choice: a branch of the list, none, or an older ad's typed one. */
function branchValues(ad: CompanyAd | null): Pick<AdFormValues, "branchId" | "typedBranch"> {
  if (ad?.branchId != null) return { branchId: String(ad.branchId), typedBranch: null };
  if (ad?.branchName || ad?.locationAddress) {
    return { branchId: keptBranch, typedBranch: { name: ad.branchName, address: ad.locationAddress } };
  }
  return { branchId: "", typedBranch: null };
}

/** The codes typed one per line: trimmed, blank lines dropped. */
export function codeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const text = (value: string) => value.trim() || undefined;
const count = (value: string) => (value.trim() ? Number(value) : undefined);

/**
 * The request body: only the reward type's own fields, numbers as numbers, an empty box left out (the
 * contract's defaults apply), the expiry date as the end of that day in Accra.
 */
export function toAdInput(values: AdFormValues): AdInput {
  return withOwnRewardFields({
    ...boxesOf(textBoxes, (box) => text(values[box])),
    ...boxesOf(numberBoxes, (box) => count(values[box])),
    title: values.title,
    category: values.category,
    mediaId: values.mediaId ?? undefined,
    rewardType: values.rewardType,
    cashbackPesewas: cedisToPesewas(values.cashback),
    discountCodes: codeLines(values.discountCodes),
    useCustomCode: values.useCustomCode,
    requiredTier: values.requiredTier,
    isPlus: values.isPlus,
    expiresAt: text(values.expiresAt) ? endOfAccraDay(values.expiresAt.trim()) : undefined,
    ...branchInput(values),
    // An empty required box (no media, no duration) is left undefined for the contract to name it.
  } as AdInput);
}

/** A branch of the list by id; an older ad's typed branch while it stays chosen; else none. */
function branchInput({ branchId, typedBranch }: AdFormValues): Partial<AdInput> {
  if (branchId === keptBranch) {
    return { branchName: typedBranch?.name ?? undefined, locationAddress: typedBranch?.address ?? undefined };
  }
  return { branchId: branchId ? Number(branchId) : undefined };
}

/** The form box a request field's message shows under, where the two are named apart. */
export const adFieldBoxes: Record<string, keyof AdFormValues> = { cashbackPesewas: "cashback" };

/** A cashback box holding text that isn't an amount in GH₵ (an empty one is the contract's to name). */
function isUnreadableCashback(values: AdFormValues): boolean {
  const typed = values.cashback.trim();
  return values.rewardType === "cashback" && typed !== "" && cedisToPesewas(typed) === undefined;
}

/**
 * The values as a request checked by `adInput`; each message goes under the box it came from (the
 * cashback's under the GH₵ box), and a cashback box that holds no amount says what to type.
 */
function checkedAdInput(values: AdFormValues, ctx: z.RefinementCtx) {
  const parsed = adInput.safeParse(toAdInput(values));
  const unreadableCashback = isUnreadableCashback(values);
  if (parsed.success && !unreadableCashback) return parsed.data;
  if (unreadableCashback) {
    ctx.addIssue({
      code: "custom",
      path: ["cashback"],
      message: "Enter the cashback in GH₵, like 5 or 0.50",
    });
  }
  for (const issue of parsed.error?.issues ?? []) {
    const [field, ...rest] = issue.path;
    const box = adFieldBoxes[String(field)] ?? field;
    if (unreadableCashback && box === "cashback") continue;
    ctx.addIssue({ code: "custom", path: box === undefined ? [] : [box, ...rest], message: issue.message });
  }
  return z.NEVER;
}

/**
 * The ad form's schema: the values as a request, checked by the contract, then by the plan's length
 * limit and a future expiry (both checked again by the server). `today` is the Accra day.
 */
export function adFormSchema(plan: PlanStatus, today: string) {
  return z
    .custom<AdFormValues>()
    .transform(checkedAdInput)
    .superRefine((ad, ctx) => {
      if (ad.durationSeconds > plan.maxAdDurationSeconds) {
        ctx.addIssue({
          code: "custom",
          path: ["durationSeconds"],
          message: adDurationLimitMessage(plan.plan, plan.maxAdDurationSeconds),
        });
      }
      if (ad.expiresAt && ad.expiresAt < endOfAccraDay(today)) {
        ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "Expiry must be in the future" });
      }
    });
}
