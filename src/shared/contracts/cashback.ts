import { z } from "zod";
import { formatCedis } from "../money";
import { optionalText, requiredGhanaPhone } from "./common";
import { momoNetworks } from "./money";

/**
 * A member's cashback (docs/product-rules.md#cashback): money businesses pay her through cashback rewards,
 * hers once staff confirm the reward at the counter, and hers to send to her mobile-money wallet.
 */
export const cashbackEntryKinds = [
  /** A cashback reward used at the counter: the amount is in her balance. */
  "earned",
  /** A cashback reward she holds and has not used yet: hers once used before it expires. */
  "pending",
  /** A withdrawal on its way to her wallet (queued, held, in review or being sent). */
  "withdrawing",
  /** A withdrawal her wallet received. */
  "paid_out",
  /** A withdrawal that failed, was reversed or refused: the amount came back to her balance. */
  "returned",
] as const;

/** Where a withdrawal stands. */
export const withdrawalStatuses = [
  "queued",
  "review",
  "sending",
  "paid",
  "failed",
  "reversed",
  "rejected",
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const cashbackEntry = z.object({
  /** Unique in the list, e.g. "earned:41" or "pending:reward:12". */
  id: z.string(),
  kind: z.enum(cashbackEntryKinds),
  amountPesewas: z.number().int(),
  at: z.iso.datetime(),
  /** The business that paid it. */
  companyName: z.string().nullable(),
  rewardId: z.number().int().nullable(),
  /** A pending reward's end: unused by then, the business keeps its money. */
  expiresAt: z.iso.datetime().nullable(),
  /** A withdrawal's id and where it stands (withdrawing, paid out and returned entries). */
  withdrawalId: z.number().int().nullable(),
  withdrawalStatus: z.enum(withdrawalStatuses).nullable(),
});

export const payoutAccount = z.object({
  phoneNumber: z.string(),
  network: z.enum(momoNetworks),
  /** The name the wallet is registered in, as the provider gave it or as she confirmed it. */
  accountName: z.string().nullable(),
  /** A changed number waits this long before it is paid to (docs/product-rules.md#cashback-trust). */
  holdUntil: z.iso.datetime().nullable(),
});

/**
 * PUT /api/cashback/payout-account. A number other than her verified phone needs the code texted to it:
 * the first call (without `verificationCode`) sends it and answers 202; the second, with it, saves.
 */
export const payoutAccountRequest = z.object({
  phoneNumber: requiredGhanaPhone("MoMo number"),
  network: z.enum(momoNetworks, { error: "Choose your mobile money network" }),
  /** The name the wallet is registered in, when the provider can't tell it (defaults to her name). */
  accountName: optionalText("Name on the wallet", 100),
  verificationCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we texted to the number")
    .optional(),
});
export type PayoutAccountRequest = z.infer<typeof payoutAccountRequest>;

/** 202 from PUT /api/cashback/payout-account: a code was texted to the number; send it back to save. */
export const payoutCodeSent = z.object({ codeSent: z.literal(true), phoneNumber: z.string() });

/** POST /api/cashback/withdrawals */
export const withdrawalRequest = z.object({
  amountPesewas: z
    .number({ error: "Enter the amount in pesewas" })
    .int("Enter the amount in whole pesewas")
    .positive("Enter an amount above zero")
    .max(10_000_000, `A withdrawal is at most ${formatCedis(10_000_000)}`),
  /** The same key twice makes one withdrawal (a retried tap, a dropped connection). */
  idempotencyKey: z
    .string({ error: "Send an idempotency key" })
    .trim()
    .min(8, "The idempotency key is 8 to 100 characters")
    .max(100, "The idempotency key is 8 to 100 characters"),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

export const withdrawal = z.object({
  id: z.number().int(),
  status: z.enum(withdrawalStatuses),
  amountPesewas: z.number().int(),
  /** Taken from the amount when the member bears the transfer fee (a setting); 0 otherwise. */
  feePesewas: z.number().int(),
  /** What reaches her wallet: the amount less the fee. */
  sentPesewas: z.number().int(),
  phoneNumber: z.string(),
  network: z.enum(momoNetworks),
  /** Not sent before this moment (a new device or a changed number); null when not held. */
  holdUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** GET /api/admin/withdrawals?status=review|queued */
export const adminWithdrawalsQuery = z.object({
  status: z.enum(withdrawalStatuses).default("review"),
});

export const adminWithdrawal = withdrawal.extend({
  userId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  /** Why it waits for an admin: the member's risk reasons, or "Paid by hand" without Paystack. */
  reviewReason: z.string().nullable(),
  riskScore: z.number().int(),
});
export const adminWithdrawalList = z.object({
  withdrawals: z.array(adminWithdrawal),
  /** True without Paystack: queued withdrawals wait for an admin to pay them by hand. */
  paidByHand: z.boolean(),
});

/** POST /api/admin/withdrawals/:id/decision */
export const withdrawalDecision = z.object({
  decision: z.enum(["approve", "reject"], { error: "Approve or reject the withdrawal" }),
  /** Paid by hand (no Paystack): the MoMo transaction ID of the payment the admin made. */
  transactionId: z.string().trim().min(4, "Enter the MoMo transaction ID").max(100).optional(),
  note: optionalText("Note", 500),
});

/** GET /api/cashback/mine */
export const myCashback = z.object({
  /** Hers to withdraw now. */
  balancePesewas: z.number().int(),
  /** In cashback rewards she holds and has not used yet. */
  pendingPesewas: z.number().int(),
  /** Newest first: up to 100. */
  entries: z.array(cashbackEntry),
  /** Where withdrawals go; null until she sets one. */
  payoutAccount: payoutAccount.nullable(),
  /** The smallest withdrawal (an admin setting). */
  withdrawalMinPesewas: z.number().int(),
  /** Taken from each withdrawal when members bear the transfer fee (a setting); 0 when Anigye bears it. */
  withdrawalFeePesewas: z.number().int(),
  /** Withdrawals a member may ask for per Accra day (a setting). */
  withdrawalsPerDay: z.number().int(),
});
export type MyCashback = z.infer<typeof myCashback>;
