import { z } from "zod";
import { campaignChange, campaignRequest, walletTopUpRequest } from "../../../shared/contracts/money";
import { cedisToPesewas } from "../../lib/cedis";

/**
 * The Money tab's forms, derived from the request contracts: amounts are typed in GH₵ ("20", "0.50") and
 * sent as pesewas, with the contract's own rules and messages shown under the box the owner typed in.
 */

/** The form box a request field's message belongs under (`dailyCapPesewas` → `dailyCap`). */
export const moneyFieldBoxes: Record<string, string> = {
  amountPesewas: "amount",
  pricePerViewPesewas: "pricePerView",
  dailyCapPesewas: "dailyCap",
  totalBudgetPesewas: "totalBudget",
};

/**
 * The GH₵ boxes' texts as pesewas; a box that holds no amount gets a message naming what to type (and
 * undefined), so the contract's own check below doesn't speak of pesewas.
 */
function readCedis<Box extends string>(
  values: NoInfer<Record<Box, string>>,
  labels: Record<Box, string>,
  ctx: z.RefinementCtx,
): { pesewas: Record<Box, number | undefined>; unreadable: Set<string> } {
  const pesewas = {} as Record<Box, number | undefined>;
  const unreadable = new Set<string>();
  for (const box of Object.keys(labels) as Box[]) {
    const text = values[box];
    pesewas[box] = cedisToPesewas(text);
    if (pesewas[box] !== undefined) continue;
    unreadable.add(box);
    const message = text.trim()
      ? `Enter the ${labels[box]} in GH₵, like 20 or 0.50`
      : `Enter the ${labels[box]} in GH₵`;
    ctx.addIssue({ code: "custom", path: [box], message });
  }
  return { pesewas, unreadable };
}

/**
 * Checks the request the boxes make with its contract; each message goes under the box it came from,
 * except a box already told its text isn't an amount.
 */
function checkedWith<T>(
  contract: z.ZodType<T>,
  request: unknown,
  ctx: z.RefinementCtx,
  { fallback, unreadable }: { fallback: string; unreadable: Set<string> },
) {
  const parsed = contract.safeParse(request);
  if (parsed.success && unreadable.size === 0) return parsed.data;
  for (const issue of parsed.error?.issues ?? []) {
    const key = String(issue.path[0] ?? fallback);
    const box = moneyFieldBoxes[key] ?? key;
    if (!unreadable.has(box)) ctx.addIssue({ code: "custom", path: [box], message: issue.message });
  }
  return z.NEVER;
}

/** POST …/wallet/top-ups from the top-up form (the MoMo transaction ID comes afterwards, as for a plan). */
export const topUpForm = z
  .object({ amount: z.string(), method: z.string(), paymentPhone: z.string(), network: z.string() })
  .transform((values, ctx) => {
    const { pesewas, unreadable } = readCedis(values, { amount: "amount" }, ctx);
    const request = {
      amountPesewas: pesewas.amount,
      method: values.method,
      paymentPhone: values.paymentPhone,
      network: values.network || undefined,
    };
    return checkedWith(walletTopUpRequest, request, ctx, { fallback: "amount", unreadable });
  });

const capLabels = { dailyCap: "daily cap", totalBudget: "total budget" } as const;

/** POST …/campaigns from the new-campaign form: the ad chosen from a list, an empty last day for none. */
export const campaignForm = z
  .object({
    adId: z.string(),
    pricePerView: z.string(),
    dailyCap: z.string(),
    totalBudget: z.string(),
    endsOn: z.string(),
  })
  .transform((values, ctx) => {
    const { pesewas, unreadable } = readCedis(values, { pricePerView: "price per view", ...capLabels }, ctx);
    const request = {
      adId: values.adId ? Number(values.adId) : undefined,
      pricePerViewPesewas: pesewas.pricePerView,
      dailyCapPesewas: pesewas.dailyCap,
      totalBudgetPesewas: pesewas.totalBudget,
      endsOn: values.endsOn.trim() || undefined,
    };
    return checkedWith(campaignRequest, request, ctx, { fallback: "adId", unreadable });
  });
export type CampaignFormValues = z.input<typeof campaignForm>;

/** PATCH …/campaigns/:id from the caps form: both caps, as they stand after the owner's change. */
export const capsForm = z
  .object({ dailyCap: z.string(), totalBudget: z.string() })
  .transform((values, ctx) => {
    const { pesewas, unreadable } = readCedis(values, capLabels, ctx);
    const request = { dailyCapPesewas: pesewas.dailyCap, totalBudgetPesewas: pesewas.totalBudget };
    return checkedWith(campaignChange, request, ctx, { fallback: "dailyCap", unreadable });
  });
export type CapsFormValues = z.input<typeof capsForm>;
