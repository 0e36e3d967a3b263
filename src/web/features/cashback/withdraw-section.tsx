import { useId, useRef, useState } from "react";
import type { MyCashback, Withdrawal } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { isNetworkFailure, serverMessage } from "../../lib/api-errors";
import { cedisToPesewas, pesewasToCedisText } from "../../lib/cedis";
import { formatAccraDateTime } from "../../lib/dates";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { useWithdraw } from "./api";
import { withdrawForm } from "./cashback-forms";

type T = ReturnType<typeof useT>;

/** Why she can't withdraw yet (no wallet, too little), or null when she can. */
function withdrawBlockedReason(cashback: MyCashback, t: T): string | null {
  if (!cashback.payoutAccount) return t("cashback.withdraw.needsWallet");
  if (cashback.balancePesewas < cashback.withdrawalMinPesewas) {
    return t("cashback.withdraw.belowMinimum", { minimum: formatCedis(cashback.withdrawalMinPesewas) });
  }
  return null;
}

/** Where a withdrawal stands, in her words; its newest status comes from the history, read again meanwhile. */
function withdrawalStatusText(withdrawal: Withdrawal, status: Withdrawal["status"], t: T): string {
  const values = { amount: formatCedis(withdrawal.sentPesewas), phone: formatPhone(withdrawal.phoneNumber) };
  switch (status) {
    case "paid":
      return t("cashback.withdrawal.paid", values);
    case "failed":
    case "reversed":
    case "rejected":
      return t("cashback.withdrawal.returned");
    case "review":
      return t("cashback.withdrawal.inReview", values);
    default: {
      const held = withdrawal.holdUntil !== null && new Date(withdrawal.holdUntil).getTime() > Date.now();
      return held
        ? t("cashback.withdrawal.held", { ...values, time: formatAccraDateTime(withdrawal.holdUntil!) })
        : t("cashback.withdrawal.onItsWay", values);
    }
  }
}

function WithdrawalStatus({ withdrawal, cashback }: { withdrawal: Withdrawal; cashback: MyCashback }) {
  const t = useT();
  const entry = cashback.entries.find((one) => one.withdrawalId === withdrawal.id);
  const status = entry?.withdrawalStatus ?? withdrawal.status;
  return (
    <p
      role="status"
      data-testid="withdrawal-status"
      data-status={status}
      className="rounded-xl bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200"
    >
      {withdrawalStatusText(withdrawal, status, t)}
    </p>
  );
}

function BlockedWithdraw({ reason }: { reason: string }) {
  const t = useT();
  const reasonId = useId();
  return (
    <div className="space-y-2">
      <Button className="min-h-11 w-full" disabled aria-describedby={reasonId} data-testid="withdraw-button">
        {t("cashback.withdraw.button")}
      </Button>
      <p id={reasonId} className="text-sm text-stone-600" data-testid="withdraw-blocked">
        {reason}
      </p>
    </div>
  );
}

/** What the transfer fee leaves her, for the amount typed (nothing while it isn't an amount). */
function FeeLine({ cashback, typed }: { cashback: MyCashback; typed: string }) {
  const t = useT();
  const amount = cedisToPesewas(typed);
  if (cashback.withdrawalFeePesewas <= 0 || amount === undefined) return null;
  return (
    <p className="text-sm text-stone-700" data-testid="withdraw-fee">
      {t("cashback.withdraw.fee", {
        fee: formatCedis(cashback.withdrawalFeePesewas),
        sent: formatCedis(Math.max(0, amount - cashback.withdrawalFeePesewas)),
      })}
    </p>
  );
}

/** One submission's key: the same amount sent again after no answer is the same withdrawal. */
interface Attempt {
  amountPesewas: number;
  idempotencyKey: string;
}

function WithdrawForm({
  cashback,
  onWithdrawn,
}: {
  cashback: MyCashback;
  onWithdrawn(made: Withdrawal): void;
}) {
  const t = useT();
  const withdraw = useWithdraw();
  const [alert, setAlert] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  // While a request is out, and once one made the withdrawal, another tap sends nothing.
  const sendingOrSent = useRef(false);
  // The whole balance to begin with.
  const form = useContractForm(withdrawForm(cashback), {
    defaultValues: { amount: pesewasToCedisText(cashback.balancePesewas) },
  });

  const submit = ({ amountPesewas }: { amountPesewas: number }) => {
    if (sendingOrSent.current) return;
    sendingOrSent.current = true;
    setAlert(null);
    if (attempt.current?.amountPesewas !== amountPesewas) {
      attempt.current = { amountPesewas, idempotencyKey: newIdempotencyKey() };
    }
    withdraw.mutate(attempt.current, {
      onSuccess: onWithdrawn,
      onError: (failure) => {
        sendingOrSent.current = false;
        // No answer: it may have been made, so the next tap sends the same key and can't pay twice.
        if (isNetworkFailure(failure)) {
          setAlert(t("cashback.withdraw.notAnswered"));
          return;
        }
        attempt.current = null;
        const applied = applyServerErrors(form, failure, { fieldFor: { amountPesewas: "amount" } });
        if (Object.keys(applied).length === 0) setAlert(serverMessage(failure) ?? t("rewards.redeem.failed"));
      },
    });
  };

  return (
    <Form form={form} aria-label={t("cashback.withdraw.formLabel")} className="space-y-3" onValid={submit}>
      <TextField
        name="amount"
        label={t("cashback.withdraw.amount")}
        inputMode="decimal"
        autoComplete="off"
        required
        hint={t("cashback.withdraw.limits", {
          minimum: formatCedis(cashback.withdrawalMinPesewas),
          count: cashback.withdrawalsPerDay,
        })}
      />
      <FeeLine cashback={cashback} typed={form.watch("amount")} />
      {alert && <FormAlert testId="withdraw-alert">{alert}</FormAlert>}
      <Button
        type="submit"
        className="min-h-11 w-full"
        pending={withdraw.isPending}
        pendingLabel={t("cashback.withdraw.sending")}
        data-testid="withdraw-button"
      >
        {t("cashback.withdraw.button")}
      </Button>
    </Form>
  );
}

/**
 * "Withdraw to MoMo": the form (or why not yet), then the last withdrawal's status as it moves. A made
 * withdrawal replaces the form until she asks for another, so a late second tap can't make a second one.
 */
export function WithdrawSection({ cashback }: { cashback: MyCashback }) {
  const t = useT();
  const titleId = useId();
  const [made, setMade] = useState<Withdrawal | null>(null);
  const [wantsAnother, setWantsAnother] = useState(false);
  const blockedReason = withdrawBlockedReason(cashback, t);
  const onWithdrawn = (withdrawal: Withdrawal) => {
    setMade(withdrawal);
    setWantsAnother(false);
  };
  let action = <WithdrawForm cashback={cashback} onWithdrawn={onWithdrawn} />;
  if (blockedReason) action = <BlockedWithdraw reason={blockedReason} />;
  else if (made && !wantsAnother) {
    action = (
      <Button variant="secondary" className="min-h-11 w-full" onClick={() => setWantsAnother(true)}>
        {t("cashback.withdraw.again")}
      </Button>
    );
  }
  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="withdraw-section">
      <h3 id={titleId} className="font-bold text-stone-900">
        {t("cashback.withdraw.title")}
      </h3>
      {made && <WithdrawalStatus withdrawal={made} cashback={cashback} />}
      {action}
    </section>
  );
}
