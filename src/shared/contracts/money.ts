import { z } from "zod";
import { formatCedis } from "../money";
import { requiredGhanaPhone, requiredText } from "./common";
import { idParam } from "./ids";
import { paymentMethods } from "./payments";

/** What a movement of a business's balance was. */
export const walletEntryKinds = ["top_up", "view_charge", "view_refund"] as const;

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
