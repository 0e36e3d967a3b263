import type { z } from "zod";
import type { withdrawalDecision } from "../../../shared/contracts/cashback";
import type { AppDeps } from "../../app-deps";
import { queuePayout } from "../../integrations/message-queue/message-queue";
import { AppError } from "../../lib/errors";
import { giveBack, lockWithdrawal, setStatus, settleWithdrawal } from "./withdrawals.service";
import { type AdminWithdrawal, adminWithdrawalOf } from "./withdrawals-admin.read-model";

type Decision = z.infer<typeof withdrawalDecision>;

/**
 * An admin's decision (docs/product-rules.md#cashback-withdrawals): a withdrawal in review is approved
 * (queued for Paystack, or left for paying by hand) or rejected (the money back to her balance); one
 * waiting to be paid by hand is approved with the MoMo transaction ID of the payment the admin made. Once
 * decided, a second decision is refused.
 */
export async function decideWithdrawal(
  deps: AppDeps,
  adminId: number,
  withdrawalId: number,
  decision: Decision,
): Promise<AdminWithdrawal> {
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, { id: withdrawalId });
    if (!row) throw new AppError("NOT_FOUND", "Withdrawal not found");
    const waitingForAdmin = row.status === "review" || (row.status === "queued" && !deps.paystack);
    if (!waitingForAdmin || row.userId === null) {
      throw new AppError("CONFLICT", "This withdrawal was already decided.");
    }
    if (decision.decision === "reject") {
      await giveBack(tx, row, row.userId, "payout_in_flight", now);
      return setStatus(tx, row, "rejected", now, { decidedBy: adminId });
    }
    if (decision.transactionId) {
      if (deps.paystack) {
        throw new AppError(
          "BAD_REQUEST",
          "Paystack pays this withdrawal: approve it without a transaction ID.",
        );
      }
      return settleWithdrawal(tx, { ...row, status: "queued" }, "success", now, {
        manualTransactionId: decision.transactionId,
        decidedBy: adminId,
      });
    }
    if (row.status === "queued") {
      throw new AppError("VALIDATION", "Enter the MoMo transaction ID of the payment you made", {
        transactionId: "Enter the MoMo transaction ID of the payment you made",
      });
    }
    const queued = await setStatus(tx, row, "queued", now, { decidedBy: adminId });
    if (deps.paystack) await queuePayout(tx, { withdrawalId: row.id, startAfter: row.holdUntil });
    return queued;
  });
  return adminWithdrawalOf(deps.db, decided);
}
