import { formatCedis } from "../../../shared/money";
import type { Database, Executor } from "../../db/client";
import { notifyMember } from "../notifications";
import { expiredUnreleasedCashback } from "./cashback-release.read-model";
import { transferMoney } from "./money.service";

/**
 * Pays a used cashback reward into its member's cashback, from what its business set aside when it was
 * issued (docs/product-rules.md#cashback). In the redemption's transaction, so the reward is used and
 * paid together, once.
 */
export async function earnCashback(
  tx: Executor,
  reward: { id: number; companyId: number; userId: number; cashbackPesewas: number },
  now: Date,
): Promise<void> {
  const paid = await transferMoney(tx, {
    from: { kind: "cashback_reserved", companyId: reward.companyId },
    to: { kind: "member_cashback", userId: reward.userId },
    amountPesewas: reward.cashbackPesewas,
    kind: "cashback_earn",
    idempotencyKey: `cashback_earn:reward:${reward.id}`,
    rewardId: reward.id,
    at: now,
  });
  if (paid.status === "insufficient") {
    throw new Error(`cashback reward ${reward.id} was used without its reserve`);
  }
  if (paid.status === "already") return;
  await notifyMember(
    tx,
    {
      userId: reward.userId,
      type: "reward_earned",
      title: "Cashback received",
      message: {
        message: "{amount} cashback is in your balance. Send it to your MoMo from My Rewards.",
        values: { amount: formatCedis(reward.cashbackPesewas) },
      },
      link: "/rewards",
      dedupeKey: `cashback_earn:${reward.id}`,
    },
    now,
  );
}

const releaseBatchSize = 200;

/**
 * Gives back to each business what it set aside for cashback rewards that ended unused (expired, or
 * withdrawn by an admin's review), a batch at a time; each reward once, whatever runs beside it.
 * Returns how many were released.
 */
export async function releaseExpiredCashback(db: Database, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rewards = await expiredUnreleasedCashback(tx, now, releaseBatchSize);
      for (const reward of rewards) {
        await transferMoney(tx, {
          from: { kind: "cashback_reserved", companyId: reward.companyId },
          to: { kind: "company_balance", companyId: reward.companyId },
          amountPesewas: reward.cashbackPesewas,
          kind: "cashback_release",
          idempotencyKey: `cashback_release:reward:${reward.id}`,
          rewardId: reward.id,
          at: now,
        });
      }
      return rewards.length;
    });
    released += batch;
    if (batch < releaseBatchSize) return released;
  }
}
