import { and, desc, gte, inArray, lt } from "drizzle-orm";
import { accraDay, startOfAccraDay } from "../../../shared/accra-time";
import type { Executor } from "../../db/client";
import { cashbackWithdrawals, type PayoutDifference, payoutReconciliations } from "../../db/schema/money";
import type { PaystackClient, PaystackTransfer } from "../../integrations/payments/paystack";

const dayMs = 86_400_000;
/** Yesterday and today (Accra): a transfer made just before midnight is listed on either side. */
const daysCompared = 2;
const pageSize = 100;

/**
 * The daily reconciliation (docs/product-rules.md#cashback-reconciliation): our withdrawals sent to
 * Paystack over the last two Accra days against the transfers Paystack lists for them, by reference.
 * Every difference (a transfer we don't know, a withdrawal Paystack doesn't list, a status or an amount
 * that disagree) is stored with the check, for the admin's overview. Returns the differences.
 */
export async function reconcilePayouts(
  db: Executor,
  paystack: PaystackClient,
  now: Date,
): Promise<PayoutDifference[]> {
  const to = new Date(startOfAccraDay(now).getTime() + dayMs);
  const from = new Date(to.getTime() - daysCompared * dayMs);
  const [ours, theirs] = await Promise.all([
    sentWithdrawals(db, from, to),
    listedTransfers(paystack, from, to),
  ]);
  // A transfer made after a hold is listed on a later day than its withdrawal was asked for: each side's
  // strays are looked up on the other side by reference before they count as differences.
  const oursByReference = new Set(ours.map((withdrawal) => withdrawal.reference));
  const strayTransfers = theirs.filter((transfer) => !oursByReference.has(transfer.reference));
  const heldEarlier = await withdrawalsWithReferences(
    db,
    strayTransfers.map((transfer) => transfer.reference),
  );
  const theirsByReference = new Map(theirs.map((transfer) => [transfer.reference, transfer]));
  const listedLater = await verifiedElsewhere(
    paystack,
    ours.filter((withdrawal) => !theirsByReference.has(withdrawal.reference)).map((w) => w.reference),
  );
  const differences = compare([...ours, ...heldEarlier], [...theirs, ...listedLater]);
  await db.insert(payoutReconciliations).values({
    fromDay: accraDay(from),
    toDay: accraDay(new Date(to.getTime() - 1)),
    withdrawalsCompared: ours.length,
    transfersListed: theirs.length,
    differences,
    checkedAt: now,
  });
  return differences;
}

const withdrawalColumns = {
  reference: cashbackWithdrawals.reference,
  status: cashbackWithdrawals.status,
  amountPesewas: cashbackWithdrawals.amountPesewas,
  feePesewas: cashbackWithdrawals.feePesewas,
  manualTransactionId: cashbackWithdrawals.manualTransactionId,
};

function withdrawalsWithReferences(db: Executor, references: string[]) {
  if (references.length === 0) return Promise.resolve([]);
  return db
    .select(withdrawalColumns)
    .from(cashbackWithdrawals)
    .where(inArray(cashbackWithdrawals.reference, references));
}

/** Paystack's own answer for each reference its list for the window left out (made on another day). */
async function verifiedElsewhere(
  paystack: PaystackClient,
  references: string[],
): Promise<PaystackTransfer[]> {
  const found: PaystackTransfer[] = [];
  for (const reference of references) {
    const transfer = await paystack.verifyTransfer(reference);
    if (transfer) found.push({ ...transfer, transferCode: transfer.transferCode ?? "" });
  }
  return found;
}

/** Withdrawals that went to Paystack (sending or settled by it) in the window. */
function sentWithdrawals(db: Executor, from: Date, to: Date) {
  return db
    .select({
      reference: cashbackWithdrawals.reference,
      status: cashbackWithdrawals.status,
      amountPesewas: cashbackWithdrawals.amountPesewas,
      feePesewas: cashbackWithdrawals.feePesewas,
      manualTransactionId: cashbackWithdrawals.manualTransactionId,
    })
    .from(cashbackWithdrawals)
    .where(
      and(
        inArray(cashbackWithdrawals.status, ["sending", "paid", "failed", "reversed"]),
        gte(cashbackWithdrawals.createdAt, from),
        lt(cashbackWithdrawals.createdAt, to),
      ),
    );
}

async function listedTransfers(paystack: PaystackClient, from: Date, to: Date): Promise<PaystackTransfer[]> {
  const all: PaystackTransfer[] = [];
  for (let page = 1; ; page++) {
    const listed = await paystack.listTransfers({ from, to, page, perPage: pageSize });
    all.push(...listed.transfers);
    if (page >= listed.meta.pageCount || listed.transfers.length === 0) return all;
  }
}

/** What each status means on the other side: ours `paid` is theirs `success`, and so on. */
const agreeingStatus: Record<string, string[]> = {
  sending: ["pending", "otp", "received"],
  paid: ["success"],
  failed: ["failed", "abandoned", "blocked", "rejected"],
  reversed: ["reversed"],
};

function compare(
  ours: Awaited<ReturnType<typeof sentWithdrawals>>,
  theirs: PaystackTransfer[],
): PayoutDifference[] {
  const theirsByReference = new Map(theirs.map((transfer) => [transfer.reference, transfer]));
  const differences: PayoutDifference[] = [];
  for (const withdrawal of ours) {
    // Paid by hand: Paystack never had it.
    if (withdrawal.manualTransactionId) continue;
    const transfer = theirsByReference.get(withdrawal.reference);
    theirsByReference.delete(withdrawal.reference);
    const sent = withdrawal.amountPesewas - withdrawal.feePesewas;
    const agrees =
      transfer !== undefined &&
      transfer.amount === sent &&
      (agreeingStatus[withdrawal.status] ?? []).includes(transfer.status);
    // A failed try Paystack never took has nothing to list.
    const neverTaken = transfer === undefined && withdrawal.status === "failed";
    if (agrees || neverTaken) continue;
    differences.push({
      reference: withdrawal.reference,
      ours: withdrawal.status,
      theirs: transfer?.status ?? null,
      oursPesewas: sent,
      theirsPesewas: transfer?.amount ?? null,
    });
  }
  for (const transfer of theirsByReference.values()) {
    differences.push({
      reference: transfer.reference,
      ours: null,
      theirs: transfer.status,
      oursPesewas: null,
      theirsPesewas: transfer.amount,
    });
  }
  return differences;
}

/** The newest check's differences, for the admin's overview (none before the first check). */
export async function latestPayoutReconciliation(db: Executor) {
  const [latest] = await db
    .select()
    .from(payoutReconciliations)
    .orderBy(desc(payoutReconciliations.id))
    .limit(1);
  return latest
    ? { checkedAt: latest.checkedAt.toISOString(), differences: latest.differences }
    : { checkedAt: null, differences: [] };
}
