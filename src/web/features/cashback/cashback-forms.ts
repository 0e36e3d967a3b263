import { z } from "zod";
import { type MyCashback, payoutAccountRequest, withdrawalRequest } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import { cedisToPesewas } from "../../lib/cedis";
import { translate, translateMessage } from "../../lib/language";

/** The withdraw form's bounds: at least the minimum, at most her balance. */
type WithdrawLimits = Pick<MyCashback, "balancePesewas" | "withdrawalMinPesewas">;

/** What is wrong with the amount typed, in the language on screen; undefined when it can be sent. */
function withdrawAmountProblem(typed: string, limits: WithdrawLimits): string | undefined {
  if (typed.trim() === "") return translate("cashback.withdraw.amountMissing");
  const pesewas = cedisToPesewas(typed);
  if (pesewas === undefined) return translate("cashback.withdraw.amountUnreadable");
  if (pesewas < limits.withdrawalMinPesewas) {
    return translate("cashback.withdraw.tooSmall", { minimum: formatCedis(limits.withdrawalMinPesewas) });
  }
  if (pesewas > limits.balancePesewas) {
    return translate("cashback.withdraw.tooBig", { balance: formatCedis(limits.balancePesewas) });
  }
  const checked = withdrawalRequest.shape.amountPesewas.safeParse(pesewas);
  return checked.success ? undefined : translateMessage(checked.error.issues[0]?.message ?? "");
}

/**
 * The withdraw form: an amount typed in GH₵, sent as pesewas (the idempotency key is added once per
 * submission, not here).
 */
export function withdrawForm(limits: WithdrawLimits) {
  return z.object({ amount: z.string() }).transform((values, ctx) => {
    const problem = withdrawAmountProblem(values.amount, limits);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: problem });
      return z.NEVER;
    }
    return { amountPesewas: cedisToPesewas(values.amount)! };
  });
}

/** The code texted to a new payout number: required here, though the request leaves it out at first. */
export const payoutCodeForm = z.object({
  verificationCode: payoutAccountRequest.shape.verificationCode.unwrap(),
});
