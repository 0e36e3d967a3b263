import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type Payment, payments, subscriptions } from "../../db/schema/payments";
import { findActiveUser } from "../auth";
import { transferMoney } from "../money";
import { notifyMember } from "../notifications";
import { grantCompanyPeriod, grantPlusPeriod } from "./paid-periods.service";
import { tellPayerTheOutcome } from "./payer-notices";

/**
 * How a payment leaves pending. Each outcome is one conditional update on the payment's status, so
 * whatever arrives twice (ten webhooks, a webhook and an admin, two admins) only one of them changes
 * it, and the paid period is granted in that same transaction: exactly once per payment.
 */
export type Outcome =
  | { status: "succeeded"; decidedBy?: number; transactionId?: string; note?: string }
  | { status: "failed"; reason: string }
  | { status: "rejected"; reason: string; decidedBy: number }
  | { status: "flagged"; reason: string; transactionId?: string };

/** Which statuses each outcome may follow. Money confirmed after a failure is flagged, never lost. */
const allowedFrom: Record<Outcome["status"], Payment["status"][]> = {
  succeeded: ["pending", "flagged"],
  failed: ["pending"],
  rejected: ["pending", "flagged"],
  flagged: ["pending", "failed"],
};

export async function settlePayment(deps: AppDeps, paymentId: number, outcome: Outcome) {
  const now = deps.now();
  const settled = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({
        status: outcome.status,
        processedAt: now,
        updatedAt: now,
        reason: "reason" in outcome ? outcome.reason : (outcome.note ?? null),
        decidedBy: "decidedBy" in outcome ? outcome.decidedBy : undefined,
      })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, allowedFrom[outcome.status])))
      .returning();
    if (!payment) return undefined;
    if ("transactionId" in outcome && outcome.transactionId) {
      await recordTransactionId(tx, payment.id, outcome.transactionId);
    }
    await settleSubscription(tx, payment, outcome, now);
    if (payment.purpose === "wallet_top_up" && outcome.status === "succeeded") {
      await creditTopUp(tx, payment, now);
    }
    if (payment.userId) await notifyMemberOfOutcome(tx, payment, outcome, now);
    await tellPayerTheOutcome(tx, deps, payment.id);
    return payment;
  });
  return settled !== undefined;
}

/** Each outcome's notice; its message ends with the payment's reference (and a rejection's reason). */
const outcomeNotice: Record<Outcome["status"], { title: string; message: string }> = {
  succeeded: {
    title: "Payment received",
    message: "Your payment went through. Anigye+ is on. Reference {reference}.",
  },
  failed: {
    title: "Payment not completed",
    message: "Your payment did not go through; nothing was charged. Reference {reference}.",
  },
  rejected: {
    title: "Payment rejected",
    message: "We could not verify your payment. {reason} Reference {reference}.",
  },
  flagged: {
    title: "Payment under review",
    message: "Our team is checking your payment before it counts. Reference {reference}.",
  },
};

/** A member's own payment (Anigye+) also lands in their notification centre. */
async function notifyMemberOfOutcome(tx: Executor, payment: Payment, outcome: Outcome, now: Date) {
  const notice = outcomeNotice[outcome.status];
  const reason = outcome.status === "rejected" ? outcome.reason : undefined;
  await notifyMember(
    tx,
    {
      userId: payment.userId!,
      type: "payment",
      title: notice.title,
      message: { message: notice.message, values: { reference: payment.reference, reason: reason ?? "" } },
      link: `/payments/${payment.id}`,
      dedupeKey: `payment:${payment.id}:${outcome.status}`,
    },
    now,
  );
}

/** A top-up's money lands on the business's balance: once, whatever settles the payment. */
async function creditTopUp(tx: Executor, payment: Payment, now: Date) {
  await transferMoney(tx, {
    from: { kind: "money_received", companyId: payment.companyId! },
    to: { kind: "company_balance", companyId: payment.companyId! },
    amountPesewas: payment.amountPesewas,
    kind: "top_up",
    idempotencyKey: `top_up:payment:${payment.id}`,
    paymentId: payment.id,
    at: now,
  });
}

async function recordTransactionId(tx: Executor, paymentId: number, transactionId: string) {
  await tx.update(payments).set({ transactionId }).where(eq(payments.id, paymentId));
}

async function settleSubscription(tx: Executor, payment: Payment, outcome: Outcome, now: Date) {
  if (!payment.subscriptionId) return;
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, payment.subscriptionId))
    .for("update");
  if (!subscription) return;
  if (outcome.status === "succeeded") {
    await tx
      .update(subscriptions)
      .set({ verifiedBy: outcome.decidedBy ?? null, verifiedAt: now, adminNotes: outcome.note ?? null })
      .where(eq(subscriptions.id, subscription.id));
    if (subscription.type === "plus") {
      const member = await findActiveUser(tx, subscription.userId!);
      await grantPlusPeriod(tx, subscription, member?.subscriptionExpiresAt ?? null, now);
    } else {
      await grantCompanyPeriod(tx, subscription, now);
    }
    return;
  }
  if (outcome.status === "flagged") return;
  await tx
    .update(subscriptions)
    .set({
      status: outcome.status === "rejected" ? "rejected" : "cancelled",
      adminNotes: outcome.reason,
      verifiedBy: outcome.status === "rejected" ? outcome.decidedBy : null,
      verifiedAt: outcome.status === "rejected" ? now : null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
}
