import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { cashbackWithdrawals, payoutAccounts } from "../../db/schema/money";
import type { PaystackClient, TransferStatus } from "../../integrations/payments/paystack";
import { paystackMobileMoneyBankCode } from "../../integrations/payments/paystack";
import { localNumberOf } from "./payout-account.service";
import { lockWithdrawal, type ProviderOutcome, setStatus, settleWithdrawal } from "./withdrawals.service";

/**
 * The payout queue's work for one withdrawal (docs/product-rules.md#cashback-withdrawals): marks it
 * `sending` (committed first), then asks Paystack for the transfer under the withdrawal's own reference.
 * A retry after a crash or a timeout asks again with the same reference, which Paystack refuses to pay
 * twice; the transfer it already made is then read back. Throws to be tried again later.
 */
export async function sendWithdrawal(deps: AppDeps, withdrawalId: number): Promise<void> {
  const paystack = deps.paystack;
  if (!paystack) throw new Error("payouts need Paystack; without it an admin pays by hand");
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockWithdrawal(tx, { id: withdrawalId });
    if (!locked || (locked.status !== "queued" && locked.status !== "sending")) return undefined;
    return locked.status === "queued" ? setStatus(tx, locked, "sending", deps.now()) : locked;
  });
  if (!row) return;
  const recipientCode = await recipientFor(deps, paystack, row);
  const sent = await paystack.initiateTransfer({
    amountPesewas: row.amountPesewas - row.feePesewas,
    recipientCode,
    reference: row.reference,
    reason: "Anigye cashback",
  });
  if (sent.status === "refused") {
    // Paystack answered and made no transfer (a recipient it refuses, its balance short): the withdrawal
    // fails now and the money goes back to her, rather than waiting in flight for retries that can't help.
    deps.log.error({ withdrawalId, message: sent.message }, "Paystack refused a cashback payout");
    await recordProviderStatus(deps, row.id, "failed", null);
    return;
  }
  // Already made by an earlier try: what Paystack says of it now.
  const status =
    sent.status === "duplicate" ? (await paystack.verifyTransfer(row.reference))?.status : sent.status;
  await recordProviderStatus(deps, row.id, status, sent.transferCode);
}

/** The wallet's recipient: made when the wallet was saved, or now (a number saved before Paystack was set up). */
async function recipientFor(
  deps: AppDeps,
  paystack: PaystackClient,
  row: {
    userId: number | null;
    phoneNumber: string;
    network: "mtn" | "telecel" | "airteltigo";
    accountName: string | null;
  },
): Promise<string> {
  const [account] =
    row.userId === null
      ? []
      : await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, row.userId));
  if (account?.recipientCode && account.phoneNumber === row.phoneNumber) return account.recipientCode;
  const recipient = await paystack.createTransferRecipient({
    name: row.accountName ?? "Anigye member",
    accountNumber: localNumberOf(row.phoneNumber),
    bankCode: paystackMobileMoneyBankCode[row.network],
  });
  return recipient.recipientCode;
}

/** Settles at once what Paystack already decided; a pending transfer waits for its webhook. */
async function recordProviderStatus(
  deps: AppDeps,
  withdrawalId: number,
  status: TransferStatus | undefined,
  transferCode: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, { id: withdrawalId });
    if (!row) return;
    if (transferCode && !row.providerTransferCode) {
      await tx
        .update(cashbackWithdrawals)
        .set({ providerTransferCode: transferCode })
        .where(eq(cashbackWithdrawals.id, row.id));
    }
    const outcome = finalOutcomeOf(status);
    if (outcome) await settleWithdrawal(tx, row, outcome, deps.now());
  });
}

export function finalOutcomeOf(status: string | undefined): ProviderOutcome | undefined {
  if (status === "success") return "success";
  if (status === "reversed") return "reversed";
  if (status === "failed" || status === "abandoned" || status === "blocked" || status === "rejected") {
    return "failed";
  }
  return undefined;
}

/**
 * A signed transfer webhook: what Paystack's verify call says of the reference is what settles it (the
 * event only says where to look), once.
 */
export async function settleFromProvider(
  deps: AppDeps,
  reference: string,
): Promise<"settled" | "unknown" | "pending"> {
  const paystack = deps.paystack;
  if (!paystack) return "unknown";
  const verified = await paystack.verifyTransfer(reference);
  const outcome = finalOutcomeOf(verified?.status);
  if (!verified || verified.reference !== reference) return "unknown";
  if (!outcome) return "pending";
  return deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, { reference });
    if (!row) return "unknown";
    await settleWithdrawal(tx, row, outcome, deps.now());
    return "settled";
  });
}

const staleAfterMs = 30 * 60 * 1000;

/**
 * Each hour: a withdrawal still `sending` half an hour after it was sent is settled on what Paystack's
 * transfer verify says, so one whose webhooks never arrived doesn't stay in flight. Returns how many settled.
 */
export async function settleStaleWithdrawals(deps: AppDeps): Promise<number> {
  if (!deps.paystack) return 0;
  const sentBefore = new Date(deps.now().getTime() - staleAfterMs);
  const stale = await deps.db
    .select({ reference: cashbackWithdrawals.reference })
    .from(cashbackWithdrawals)
    .where(and(eq(cashbackWithdrawals.status, "sending"), lt(cashbackWithdrawals.updatedAt, sentBefore)))
    .limit(100);
  let settled = 0;
  for (const { reference } of stale) {
    if ((await settleFromProvider(deps, reference)) === "settled") settled++;
  }
  return settled;
}
