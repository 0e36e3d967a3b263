import { randomBytes } from "node:crypto";
import { and, count, eq, gte, ne, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { Withdrawal, WithdrawalRequest } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type CashbackWithdrawal, cashbackWithdrawals } from "../../db/schema/money";
import { queuePayout } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { lockMemberInGoodStanding, type User } from "../auth";
import { memberRisk, riskSummary } from "../fraud";
import { readNumberSettings } from "../settings";
import { transferMoney } from "./money.service";
import { findPayoutAccount, payoutHoldMs } from "./payout-account.service";

export const withdrawalSettingKeys = [
  "cashback_withdrawal_min_pesewas",
  "cashback_withdrawals_per_day",
  "cashback_payout_fee_pesewas",
  "cashback_member_pays_fee",
  "cashback_review_risk_score",
] as const;

export async function withdrawalSettings(db: Executor) {
  const settings = await readNumberSettings(db, withdrawalSettingKeys);
  return {
    minPesewas: settings.cashback_withdrawal_min_pesewas,
    perDay: settings.cashback_withdrawals_per_day,
    /** What a member's withdrawal gives up to the transfer fee: the fee, or nothing when Anigye bears it. */
    memberFeePesewas: settings.cashback_member_pays_fee === 1 ? settings.cashback_payout_fee_pesewas : 0,
    reviewRiskScore: settings.cashback_review_risk_score,
  };
}

/** Where the request came from: a device the payout wallet was not set from, signed in lately, is held. */
export interface WithdrawalContext {
  sessionStartedAt: Date | undefined;
  deviceFingerprint: string | undefined;
}

/**
 * A member's withdrawal of her cashback to her wallet (docs/product-rules.md#cashback-withdrawals). The
 * same key is the same withdrawal, whatever runs beside it. The amount leaves her balance at once (into
 * money on its way out), within the balance, the minimum and the day's count; a risky member's waits for
 * an admin; a new device or a changed number holds it for a day; the rest is queued for the provider in
 * the same transaction.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  user: User,
  request: WithdrawalRequest,
  context: WithdrawalContext,
): Promise<Withdrawal> {
  const now = deps.now();
  const settings = await withdrawalSettings(deps.db);
  const account = await findPayoutAccount(deps.db, user.id);
  const earlier = await findByKey(deps.db, user.id, request.idempotencyKey);
  if (earlier) return withdrawalView(earlier);
  if (!account) throw new AppError("CONFLICT", "Set the MoMo wallet to pay your cashback to first.");
  if (request.amountPesewas < settings.minPesewas) {
    throw new AppError("VALIDATION", {
      message: "A withdrawal is at least {minimum}.",
      values: { minimum: formatCedis(settings.minPesewas) },
    });
  }
  const risk = await memberRisk(deps.db, user.id, now);
  const review = risk.score >= settings.reviewRiskScore;
  const holdUntil = latest(account.holdUntil, newDeviceHold(account.deviceFingerprint, context));
  const created = await deps.db.transaction(async (tx) => {
    // A suspended member's cashback stays where it is, whatever was read before this transaction.
    await lockMemberInGoodStanding(
      tx,
      user.id,
      "Your account is suspended, so your cashback can't be withdrawn.",
    );
    const [row] = await tx
      .insert(cashbackWithdrawals)
      .values({
        userId: user.id,
        idempotencyKey: request.idempotencyKey,
        amountPesewas: request.amountPesewas,
        feePesewas: settings.memberFeePesewas,
        status: review ? "review" : "queued",
        phoneNumber: account.phoneNumber,
        network: account.network,
        accountName: account.accountName,
        reference: newReference(),
        holdUntil: holdUntil && holdUntil > now ? holdUntil : null,
        reviewReason: review ? riskSummary(risk) : deps.paystack ? null : "Paid by hand",
        riskScore: risk.score,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The same key at the same moment: the other request made it.
    if (!row) return undefined;
    await takeFromBalance(tx, row, now);
    await withinTheDaysCount(tx, row, settings.perDay, now);
    if (row.status === "queued" && deps.paystack) {
      await queuePayout(tx, { withdrawalId: row.id, startAfter: row.holdUntil });
    }
    return row;
  });
  const withdrawal = created ?? (await findByKey(deps.db, user.id, request.idempotencyKey));
  if (!withdrawal) throw new AppError("CONFLICT", "This withdrawal changed while it was made. Try again.");
  return withdrawalView(withdrawal);
}

async function takeFromBalance(tx: Executor, row: CashbackWithdrawal, now: Date) {
  const taken = await transferMoney(tx, {
    from: { kind: "member_cashback", userId: row.userId! },
    to: { kind: "payout_in_flight", userId: row.userId! },
    amountPesewas: row.amountPesewas,
    kind: "withdrawal",
    idempotencyKey: `withdrawal:${row.id}`,
    withdrawalId: row.id,
    at: now,
  });
  if (taken.status === "insufficient") {
    throw new AppError("CONFLICT", {
      message: "Your cashback balance is {balance}: withdraw that or less.",
      values: { balance: formatCedis(taken.balancePesewas) },
    });
  }
  if (row.feePesewas >= row.amountPesewas) {
    throw new AppError("VALIDATION", {
      message: "A withdrawal must be more than the {fee} transfer fee.",
      values: { fee: formatCedis(row.feePesewas) },
    });
  }
}

/** Counted after her balance is locked (takeFromBalance), so parallel requests can't pass the day's count. */
async function withinTheDaysCount(tx: Executor, row: CashbackWithdrawal, perDay: number, now: Date) {
  const [today] = await tx
    .select({ n: count() })
    .from(cashbackWithdrawals)
    .where(
      and(
        eq(cashbackWithdrawals.userId, row.userId!),
        gte(cashbackWithdrawals.createdAt, startOfAccraDay(now)),
        ne(cashbackWithdrawals.id, row.id),
      ),
    );
  if ((today?.n ?? 0) >= perDay) {
    throw new AppError("RATE_LIMITED", {
      message: "You can withdraw {count, plural, one {once} other {# times}} a day. Try again tomorrow.",
      values: { count: perDay },
    });
  }
}

function newDeviceHold(trustedDevice: string | null, context: WithdrawalContext): Date | null {
  if (!context.sessionStartedAt || !trustedDevice) return null;
  if (context.deviceFingerprint && context.deviceFingerprint === trustedDevice) return null;
  return new Date(context.sessionStartedAt.getTime() + payoutHoldMs);
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** 16 to 50 of a-z, 0-9, - and _ (Paystack's rule for a transfer reference). */
function newReference(): string {
  return `anigye-cashback-${randomBytes(12).toString("hex")}`;
}

async function findByKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(cashbackWithdrawals)
    .where(and(eq(cashbackWithdrawals.userId, userId), eq(cashbackWithdrawals.idempotencyKey, key)));
  return row;
}

export function withdrawalView(row: CashbackWithdrawal): Withdrawal {
  return {
    id: row.id,
    status: row.status,
    amountPesewas: row.amountPesewas,
    feePesewas: row.feePesewas,
    sentPesewas: row.amountPesewas - row.feePesewas,
    phoneNumber: row.phoneNumber,
    network: row.network,
    holdUntil: row.holdUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A withdrawal's row locked for the caller's transaction. */
export async function lockWithdrawal(tx: Executor, where: { id: number } | { reference: string }) {
  const [row] = await tx
    .select()
    .from(cashbackWithdrawals)
    .where(
      "id" in where
        ? eq(cashbackWithdrawals.id, where.id)
        : eq(cashbackWithdrawals.reference, where.reference),
    )
    .for("update");
  return row;
}

export type ProviderOutcome = "success" | "failed" | "reversed";

/**
 * Settles a withdrawal on the provider's word (a verified webhook or a verify answer), once: paid moves
 * the money out for good; failed or reversed gives it back to her balance (once, whatever arrives twice).
 */
export async function settleWithdrawal(
  tx: Executor,
  row: CashbackWithdrawal,
  outcome: ProviderOutcome,
  now: Date,
  extra: { manualTransactionId?: string; decidedBy?: number } = {},
): Promise<CashbackWithdrawal> {
  const userId = row.userId;
  if (userId === null) return row;
  if (outcome === "success") {
    if (row.status !== "sending" && row.status !== "queued") return row;
    await moveOut(tx, row, userId, now);
    return setStatus(tx, row, "paid", now, extra);
  }
  if (outcome === "failed") {
    if (row.status !== "sending" && row.status !== "queued") return row;
    await giveBack(tx, row, userId, "payout_in_flight", now);
    return setStatus(tx, row, "failed", now);
  }
  if (row.status === "paid") {
    await giveBack(tx, row, userId, "paid_out", now);
    return setStatus(tx, row, "reversed", now);
  }
  if (row.status === "sending" || row.status === "queued") {
    await giveBack(tx, row, userId, "payout_in_flight", now);
    return setStatus(tx, row, "reversed", now);
  }
  return row;
}

async function moveOut(tx: Executor, row: CashbackWithdrawal, userId: number, now: Date) {
  await transferMoney(tx, {
    from: { kind: "payout_in_flight", userId },
    to: { kind: "paid_out", userId },
    amountPesewas: row.amountPesewas,
    kind: "payout",
    idempotencyKey: `payout:${row.id}`,
    withdrawalId: row.id,
    at: now,
  });
}

/** The withdrawal's money back to her balance: keyed by the withdrawal, so only ever once. */
export async function giveBack(
  tx: Executor,
  row: CashbackWithdrawal,
  userId: number,
  from: "payout_in_flight" | "paid_out",
  now: Date,
) {
  await transferMoney(tx, {
    from: { kind: from, userId },
    to: { kind: "member_cashback", userId },
    amountPesewas: row.amountPesewas,
    kind: "payout_return",
    idempotencyKey: `payout_return:${row.id}`,
    withdrawalId: row.id,
    at: now,
  });
}

export async function setStatus(
  tx: Executor,
  row: CashbackWithdrawal,
  status: CashbackWithdrawal["status"],
  now: Date,
  extra: { manualTransactionId?: string; providerTransferCode?: string | null; decidedBy?: number } = {},
): Promise<CashbackWithdrawal> {
  const final = status === "paid" || status === "failed" || status === "reversed" || status === "rejected";
  const [updated] = await tx
    .update(cashbackWithdrawals)
    .set({
      status,
      updatedAt: now,
      ...(final ? { settledAt: now } : {}),
      ...(extra.manualTransactionId ? { manualTransactionId: extra.manualTransactionId } : {}),
      ...(extra.providerTransferCode ? { providerTransferCode: extra.providerTransferCode } : {}),
      ...(extra.decidedBy ? { decidedBy: extra.decidedBy, decidedAt: now } : {}),
    })
    .where(eq(cashbackWithdrawals.id, row.id))
    .returning();
  return updated!;
}

/** Her withdrawals, newest first, for her cashback history. */
export function memberWithdrawals(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(cashbackWithdrawals)
    .where(eq(cashbackWithdrawals.userId, userId))
    .orderBy(sql`${cashbackWithdrawals.id} desc`)
    .limit(limit);
}
