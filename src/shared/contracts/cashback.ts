import { z } from "zod";

/**
 * A member's cashback (docs/product-rules.md#cashback): money businesses pay her through cashback rewards,
 * hers once staff confirm the reward at the counter, and hers to send to her mobile-money wallet.
 */
export const cashbackEntryKinds = [
  /** A cashback reward used at the counter: the amount is in her balance. */
  "earned",
  /** A cashback reward she holds and has not used yet: hers once used before it expires. */
  "pending",
] as const;

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
});

export const payoutAccount = z.object({
  phoneNumber: z.string(),
  network: z.enum(["mtn", "telecel", "airteltigo"]),
  accountName: z.string().nullable(),
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
});
export type MyCashback = z.infer<typeof myCashback>;
