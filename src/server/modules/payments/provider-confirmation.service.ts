import { and, eq, isNull, lt, or } from "drizzle-orm";
import { formatCedis } from "../../../shared/money";
import type { AppDeps } from "../../app-deps";
import { payments } from "../../db/schema/payments";
import { PaystackError } from "../../integrations/payments/paystack";
import { settlePayment } from "./settlement.service";

const recheckAfterMs = 5_000;

/**
 * Asks Paystack (verify transaction) how a payment stands, and settles it on that answer only: a webhook
 * or a charge reply alone never grants anything. Money that doesn't match the order is flagged for an admin.
 */
export async function confirmWithProvider(deps: AppDeps, paymentId: number, reference: string) {
  if (!deps.paystack) return;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || (payment.status !== "pending" && payment.status !== "failed")) return;
  // docs/product-rules.md#payments-only-paystack-settles-paystack
  if (payment.paymentMethod !== "paystack") return;
  let verified: Awaited<ReturnType<NonNullable<AppDeps["paystack"]>["verifyTransaction"]>>;
  try {
    verified = await deps.paystack.verifyTransaction(reference);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    deps.log.warn({ paymentId, err: error }, "could not verify a Paystack transaction; will retry");
    return;
  }
  if (!verified || verified.reference !== reference) return;
  if (verified.status === "success") {
    const transactionId = String(verified.id);
    if (verified.amount !== payment.amountPesewas || verified.currency !== payment.currency) {
      const reason = `Paystack received ${verified.currency} ${formatCedis(verified.amount).replace("GH₵ ", "")} for an order of ${formatCedis(payment.amountPesewas)}`;
      deps.log.warn({ paymentId, reference }, "payment amount or currency does not match its order");
      await settlePayment(deps, paymentId, { status: "flagged", reason, transactionId });
      return;
    }
    if (payment.status === "failed") {
      // We had given up on it (the provider was unreachable) but the money arrived: an admin looks.
      const reason = "Paid after the payment was marked failed";
      await settlePayment(deps, paymentId, { status: "flagged", reason, transactionId });
      return;
    }
    await settlePayment(deps, paymentId, { status: "succeeded", transactionId });
    return;
  }
  if (verified.status === "failed" || verified.status === "abandoned" || verified.status === "reversed") {
    await settlePayment(deps, paymentId, {
      status: "failed",
      reason: verified.gatewayResponse ?? "The mobile money network declined the payment.",
    });
  }
}

/**
 * The payer's status page asks now and then: a pending provider payment is re-checked with Paystack at
 * most every few seconds, so a lost webhook never leaves a paid order pending.
 */
export async function recheckPendingPayment(deps: AppDeps, paymentId: number) {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(payments)
    .set({ lastCheckedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "pending"),
        eq(payments.paymentMethod, "paystack"),
        or(
          isNull(payments.lastCheckedAt),
          lt(payments.lastCheckedAt, new Date(now.getTime() - recheckAfterMs)),
        ),
      ),
    )
    .returning({ reference: payments.reference });
  if (claimed) await confirmWithProvider(deps, paymentId, claimed.reference);
}
