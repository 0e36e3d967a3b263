import { z } from "zod";
import { formatCedis } from "../money";
import { requiredGhanaPhone, requiredText } from "./common";
import { idParam, maxId } from "./ids";
import { paymentMethods } from "./payments";

/** What a movement of a business's balance was. */
export const walletEntryKinds = [
  "top_up",
  "view_charge",
  "view_refund",
  "cashback_reserve",
  "cashback_release",
] as const;

export const walletEntriesPageSize = 50;

export const walletQuery = z.object({
  /** The next page: entries older than this entry's id. */
  before: idParam.optional(),
});

export const walletEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  kind: z.enum(walletEntryKinds),
  /** Positive when money came into the balance, negative when it left. */
  amountPesewas: z.number().int(),
  balanceAfterPesewas: z.number().int(),
  campaignId: z.number().int().optional(),
  paymentId: z.number().int().optional(),
});

export const walletResponse = z.object({
  balancePesewas: z.number().int(),
  /** Promised in cashback rewards members hold and have not used yet (not part of the balance). */
  cashbackReservedPesewas: z.number().int(),
  entries: z.array(walletEntry),
  /** Pass as `before` for the next, older page; absent on the last page. */
  nextBefore: z.number().int().optional(),
});

export type WalletResponse = z.infer<typeof walletResponse>;

/** A top-up's bounds (docs/product-rules.md#wallet-top-ups): GH₵ 5 to GH₵ 10,000 at a time. */
export const topUpMinPesewas = 500;
export const topUpMaxPesewas = 1_000_000;
export const momoNetworks = ["mtn", "telecel", "airteltigo"] as const;

/** POST /api/companies/:id/wallet/top-ups: money onto the balance, paid like a plan (Paystack or manual MoMo). */
export const walletTopUpRequest = z.object({
  amountPesewas: z
    .number({ error: "Enter the amount in pesewas" })
    .int("Enter the amount in whole pesewas")
    .min(topUpMinPesewas, `A top-up is at least ${formatCedis(topUpMinPesewas)}`)
    .max(topUpMaxPesewas, `A top-up is at most ${formatCedis(topUpMaxPesewas)}`),
  method: z.enum(paymentMethods, { error: "Choose how to pay" }),
  paymentPhone: requiredGhanaPhone("Payment phone"),
  network: z.enum(momoNetworks, { error: "Choose your mobile money network" }),
  /** Manual path: the MoMo transaction reference from the payer's confirmation SMS, now or later. */
  paymentReference: requiredText("MoMo transaction reference", 100).optional(),
});
export type WalletTopUpRequest = z.infer<typeof walletTopUpRequest>;

/** Pay-per-view campaigns (docs/product-rules.md#pay-per-view-campaigns). */
export const campaignStatuses = ["active", "paused", "ended"] as const;
export const campaignPriceMaxPesewas = 10_000;
export const campaignDailyCapMaxPesewas = 1_000_000;
export const campaignBudgetMaxPesewas = 10_000_000;

const pesewas = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} in pesewas` })
    .int(`Enter the ${label} in whole pesewas`)
    .min(1, `The ${label} must be more than zero`)
    .max(max, `The ${label} is at most ${formatCedis(max)}`);

const accraDate = z.iso.date({ error: "Enter the last day as YYYY-MM-DD" });

/** POST /api/companies/:id/campaigns */
export const campaignRequest = z.object({
  adId: z
    .number({ error: "Choose one of your ads" })
    .int("Choose one of your ads")
    .positive("Choose one of your ads")
    .max(maxId, "Choose one of your ads"),
  pricePerViewPesewas: pesewas("price per view", campaignPriceMaxPesewas),
  dailyCapPesewas: pesewas("daily cap", campaignDailyCapMaxPesewas),
  totalBudgetPesewas: pesewas("total budget", campaignBudgetMaxPesewas),
  /** The campaign's last day (Accra); it runs until the end of that day. */
  endsOn: accraDate.optional(),
});
export type CampaignRequest = z.infer<typeof campaignRequest>;

/** PATCH /api/companies/:id/campaigns/:campaignId */
export const campaignChange = z
  .object({
    status: z.enum(["paused", "active"], { error: "Choose paused or active" }).optional(),
    dailyCapPesewas: pesewas("daily cap", campaignDailyCapMaxPesewas).optional(),
    totalBudgetPesewas: pesewas("total budget", campaignBudgetMaxPesewas).optional(),
  })
  .refine((change) => Object.keys(change).length > 0, {
    error: "Change the status, the daily cap or the budget",
  });
export type CampaignChange = z.infer<typeof campaignChange>;

export const campaign = z.object({
  id: z.number().int(),
  adId: z.number().int(),
  adTitle: z.string(),
  status: z.enum(campaignStatuses),
  pricePerViewPesewas: z.number().int(),
  dailyCapPesewas: z.number().int(),
  totalBudgetPesewas: z.number().int(),
  endsOn: z.iso.date().nullable(),
  /** Spent on today's Accra day. */
  spentTodayPesewas: z.number().int(),
  spentPesewas: z.number().int(),
  /** Whether members find the ad in Discover now (active, within its caps and pace, the balance enough). */
  offeredNow: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Campaign = z.infer<typeof campaign>;

export const campaignList = z.object({
  campaigns: z.array(campaign),
  /** The least a new campaign may pay per view now (the admin's setting). */
  minPricePerViewPesewas: z.number().int(),
});
export type CampaignList = z.infer<typeof campaignList>;

/** A campaign's report covers at most this many days at a time. */
export const campaignReportMaxDays = 92;

/** GET …/campaigns/:campaignId/report (and report.csv): Accra days, the campaign's start to today by default. */
export const campaignReportQuery = z.object({
  from: z.iso.date({ error: "Enter the first day as YYYY-MM-DD" }).optional(),
  to: z.iso.date({ error: "Enter the last day as YYYY-MM-DD" }).optional(),
});

export const campaignReportDay = z.object({
  /** The Accra day the views completed on. */
  date: z.iso.date(),
  /** Views that issued a member's reward (charged or free). */
  completedViews: z.number().int(),
  chargedViews: z.number().int(),
  /** Free: flagged by the anti-cheat rules. */
  invalidViews: z.number().int(),
  /** Charged, then refunded when the member's earnings were reversed. */
  refundedViews: z.number().int(),
  /** What the day's views cost, refunds taken off. */
  spendPesewas: z.number().int(),
  /** Rewards from the day's views used at the counter so far. */
  redemptions: z.number().int(),
});

export const campaignReport = z.object({
  campaignId: z.number().int(),
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(campaignReportDay),
  /** Spend over completed views (charged or free) in the range; null with no completed view. */
  costPerCompletedViewPesewas: z.number().int().nullable(),
  /** Spend over redemptions in the range; null with no redemption. */
  costPerRedemptionPesewas: z.number().int().nullable(),
});
export type CampaignReport = z.infer<typeof campaignReport>;
