import { and, eq } from "drizzle-orm";
import { formatCedis } from "../../../shared/money";
import type { Database, Executor } from "../../db/client";
import { moneyTransfers } from "../../db/schema/money";
import { notifyMember } from "../notifications";
import type { Cashback, CashbackSource } from "./cashback";
import { endedUnusedCashback } from "./cashback-release.read-model";
import { transferMoney } from "./money.service";

const keyOf = (source: CashbackSource) =>
  "rewardId" in source ? `reward:${source.rewardId}` : `card:${source.loyaltyCardId}`;

/**
 * Sets a reward's cashback aside from its business's balance (docs/product-rules.md#cashback), in the
 * caller's transaction: a business never promises more than it holds, so false (nothing moved) when the
 * balance is short.
 */
export async function reserveCashback(tx: Executor, cashback: Cashback, now: Date): Promise<boolean> {
  const reserved = await transferMoney(tx, {
    from: { kind: "company_balance", companyId: cashback.companyId },
    to: { kind: "cashback_reserved", companyId: cashback.companyId },
    amountPesewas: cashback.amountPesewas,
    kind: "cashback_reserve",
    idempotencyKey: `cashback_reserve:${keyOf(cashback.source)}`,
    ...cashback.source,
    at: now,
  });
  return reserved.status !== "insufficient";
}

/**
 * Pays a used cashback reward into its member's cashback, from what its business set aside when it was
 * issued. In the redemption's (or the card's hand-over's) transaction, with the reward's row locked, so it
 * is used and paid together, once. False when its money was already given back (a card's cashback past
 * its end): nothing is paid then.
 */
export async function earnCashback(
  tx: Executor,
  cashback: Cashback & { userId: number },
  now: Date,
): Promise<boolean> {
  if (await wasReleased(tx, cashback.source)) return false;
  const paid = await transferMoney(tx, {
    from: { kind: "cashback_reserved", companyId: cashback.companyId },
    to: { kind: "member_cashback", userId: cashback.userId },
    amountPesewas: cashback.amountPesewas,
    kind: "cashback_earn",
    idempotencyKey: `cashback_earn:${keyOf(cashback.source)}`,
    ...cashback.source,
    at: now,
  });
  if (paid.status === "insufficient") {
    throw new Error(`cashback of ${keyOf(cashback.source)} was used without its reserve`);
  }
  if (paid.status === "already") return true;
  await notifyMember(
    tx,
    {
      userId: cashback.userId,
      type: "reward_earned",
      title: "Cashback received",
      message: {
        message: "{amount} cashback is in your balance. Send it to your MoMo from My Rewards.",
        values: { amount: formatCedis(cashback.amountPesewas) },
      },
      link: "/rewards",
      dedupeKey: `cashback_earn:${keyOf(cashback.source)}`,
    },
    now,
  );
  return true;
}

async function wasReleased(tx: Executor, source: CashbackSource): Promise<boolean> {
  const [release] = await tx
    .select({ id: moneyTransfers.id })
    .from(moneyTransfers)
    .where(and(eq(moneyTransfers.idempotencyKey, `cashback_release:${keyOf(source)}`)))
    .limit(1);
  return release !== undefined;
}

const releaseBatchSize = 200;

/**
 * Gives back to each business what it set aside for cashback rewards that ended unused (expired, withdrawn
 * by an admin's review, a stamp card past its end) at least `keptAfterEndMs` ago, a batch at a time; each
 * once, whatever runs beside it. Returns how many were released.
 */
export async function releaseExpiredCashback(
  db: Database,
  now: Date,
  keptAfterEndMs: number,
): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const ended = await endedUnusedCashback(tx, new Date(now.getTime() - keptAfterEndMs), releaseBatchSize);
      for (const cashback of ended) {
        await transferMoney(tx, {
          from: { kind: "cashback_reserved", companyId: cashback.companyId },
          to: { kind: "company_balance", companyId: cashback.companyId },
          amountPesewas: cashback.amountPesewas,
          kind: "cashback_release",
          idempotencyKey: `cashback_release:${keyOf(cashback.source)}`,
          ...cashback.source,
          at: now,
        });
      }
      return ended.length;
    });
    released += batch;
    if (batch < releaseBatchSize) return released;
  }
}
