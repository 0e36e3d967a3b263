import { eq } from "drizzle-orm";
import type { PaymentDecisionRequest } from "../../../shared/contracts/payments";
import type { AppDeps } from "../../app-deps";
import { payments } from "../../db/schema/payments";
import { AppError } from "../../lib/errors";
import { recordAudit } from "../audit";
import { settlePayment } from "./settlement.service";

/**
 * An admin verifies (the money is in the merchant account) or rejects (with a reason the payer sees) a
 * pending or flagged payment. Two admins at once, or an admin and a webhook: only the first decides.
 */
export async function decidePayment(
  deps: AppDeps,
  admin: { id: number; displayName: string },
  paymentId: number,
  body: PaymentDecisionRequest,
) {
  const adminId = admin.id;
  const [payment] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment) throw new AppError("NOT_FOUND", "Payment not found");
  const changed =
    body.status === "verified"
      ? await settlePayment(deps, paymentId, { status: "succeeded", decidedBy: adminId, note: body.notes })
      : await settlePayment(deps, paymentId, { status: "rejected", decidedBy: adminId, reason: body.notes! });
  if (!changed) throw new AppError("CONFLICT", "This payment has already been decided");
  await recordAudit(
    deps.db,
    {
      actor: admin,
      action: `payment.${body.status}`,
      targetType: "payment",
      targetId: paymentId,
      before: { status: "pending" },
      after: { status: body.status === "verified" ? "succeeded" : "rejected" },
      reason: body.notes ?? null,
    },
    deps.now(),
  );
}
