import * as Tabs from "@radix-ui/react-tabs";
import { type ReactNode, useState } from "react";
import { withdrawalDecision } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { formatAccraDateTime } from "../../lib/dates";
import { formatPhone } from "../../lib/format";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { momoNetworkNames } from "../../lib/momo-networks";
import {
  type AdminWithdrawal,
  type AdminWithdrawalQueue,
  useAdminWithdrawals,
  useDecideWithdrawal,
} from "./api";

const tabClass =
  "min-h-11 flex-1 rounded-xl px-4 py-2 text-sm font-semibold text-stone-600 data-[state=active]:bg-white data-[state=active]:text-amber-800 data-[state=active]:shadow";

const queues: { status: AdminWithdrawalQueue; label: string; empty: string }[] = [
  { status: "review", label: "In review", empty: "No withdrawals are waiting for review." },
  { status: "queued", label: "To pay by hand", empty: "No withdrawals are waiting to be paid by hand." },
];

type Decide = ReturnType<typeof useDecideWithdrawal>;

/** A 409: another admin decided it first (the queue is read again, so it drops out). */
function decisionFailed(title: string, failure: unknown) {
  if (failure instanceof ApiError && failure.status === 409) {
    toast({
      title: "Already decided",
      description: serverMessage(failure) ?? "The queue has been refreshed.",
    });
    return;
  }
  toast({ title, description: serverMessage(failure) ?? "Please try again.", variant: "destructive" });
}

const memberOf = (withdrawal: AdminWithdrawal) =>
  withdrawal.memberName ?? (withdrawal.userId === null ? "A deleted member" : `Member #${withdrawal.userId}`);

function RejectForm({
  withdrawal,
  decide,
  onCancel,
}: {
  withdrawal: AdminWithdrawal;
  decide: Decide;
  onCancel(): void;
}) {
  const form = useContractForm(withdrawalDecision, { defaultValues: { decision: "reject", note: "" } });
  return (
    <Form
      form={form}
      aria-label={`Reject the withdrawal by ${memberOf(withdrawal)}`}
      className="space-y-2 rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
      onValid={(decision) =>
        decide.mutate(decision, {
          onSuccess: () =>
            toast({
              title: "Withdrawal rejected",
              description: `${formatCedis(withdrawal.amountPesewas)} is back in ${memberOf(withdrawal)}'s cashback.`,
            }),
          onError: (failure) => {
            applyServerErrors(form, failure);
            decisionFailed("Could not reject the withdrawal", failure);
          },
        })
      }
    >
      <TextField name="note" label="Note" labelNote="(optional)" maxLength={500} />
      <FormActions
        submitLabel="Reject"
        submitVariant="danger"
        submitTestId="withdrawal-reject-confirm"
        pending={decide.isPending}
        pendingLabel="Rejecting…"
        onCancel={onCancel}
      />
    </Form>
  );
}

/** Paid by hand: the admin sends the MoMo first, then approves with its transaction ID. */
function PaidByHandForm({
  withdrawal,
  decide,
  onCancel,
}: {
  withdrawal: AdminWithdrawal;
  decide: Decide;
  onCancel(): void;
}) {
  const form = useContractForm(withdrawalDecision, {
    defaultValues: { decision: "approve", transactionId: "", note: "" },
  });
  return (
    <Form
      form={form}
      aria-label={`Approve the withdrawal by ${memberOf(withdrawal)}`}
      className="space-y-2 rounded-xl bg-green-50 p-3 ring-1 ring-green-200"
      onValid={(decision) =>
        decide.mutate(decision, {
          onSuccess: () =>
            toast({
              title: "Withdrawal paid",
              description: `${formatCedis(withdrawal.sentPesewas)} to ${formatPhone(withdrawal.phoneNumber)} is recorded as paid.`,
            }),
          onError: (failure) => {
            applyServerErrors(form, failure);
            decisionFailed("Could not approve the withdrawal", failure);
          },
        })
      }
    >
      <p className="text-sm text-stone-700">
        Send {formatCedis(withdrawal.sentPesewas)} to {formatPhone(withdrawal.phoneNumber)} (
        {momoNetworkNames[withdrawal.network]}) first, then enter the transaction ID from the confirmation
        SMS.
      </p>
      <TextField
        name="transactionId"
        label="MoMo transaction ID"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        required
      />
      <FormActions
        submitLabel="Approve as paid"
        submitTestId="withdrawal-paid-confirm"
        pending={decide.isPending}
        pendingLabel="Approving…"
        onCancel={onCancel}
      />
    </Form>
  );
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="font-medium break-words text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Approve / Reject. One in review is approved at once (it goes on to be sent); one waiting to be paid
 * by hand asks for the MoMo transaction ID first. Rejecting asks for an optional note.
 */
function DecisionButtons({
  withdrawal,
  queue,
}: {
  withdrawal: AdminWithdrawal;
  queue: AdminWithdrawalQueue;
}) {
  const decide = useDecideWithdrawal(withdrawal.id);
  const [deciding, setDeciding] = useState<"paid" | "reject" | null>(null);
  const close = () => setDeciding(null);
  if (deciding === "reject") return <RejectForm withdrawal={withdrawal} decide={decide} onCancel={close} />;
  if (deciding === "paid") return <PaidByHandForm withdrawal={withdrawal} decide={decide} onCancel={close} />;
  const approve = () =>
    decide.mutate(
      { decision: "approve" },
      {
        onSuccess: (decided) =>
          toast({
            title: "Withdrawal approved",
            description:
              decided.status === "queued"
                ? `${memberOf(withdrawal)}'s withdrawal is queued to be sent.`
                : `${memberOf(withdrawal)}'s withdrawal is on its way.`,
          }),
        onError: (failure) => decisionFailed("Could not approve the withdrawal", failure),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        className="min-h-11"
        data-testid="withdrawal-approve"
        onClick={queue === "queued" ? () => setDeciding("paid") : approve}
        pending={decide.isPending}
        pendingLabel="Approving…"
      >
        {queue === "queued" ? "Approve…" : "Approve"}
      </Button>
      <Button
        variant="secondary"
        className="min-h-11"
        data-testid="withdrawal-reject"
        disabled={decide.isPending}
        onClick={() => setDeciding("reject")}
      >
        Reject…
      </Button>
    </div>
  );
}

function WithdrawalRow({ withdrawal, queue }: { withdrawal: AdminWithdrawal; queue: AdminWithdrawalQueue }) {
  return (
    <li
      data-testid="admin-withdrawal"
      data-withdrawal-id={withdrawal.id}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold text-stone-900" data-testid="admin-withdrawal-member">
            {memberOf(withdrawal)}
          </p>
          <p className="text-sm text-stone-600">Asked {formatAccraDateTime(withdrawal.createdAt)}</p>
        </div>
        <p className="text-xl font-extrabold text-stone-900 tabular-nums">
          {formatCedis(withdrawal.amountPesewas)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Detail label="Fee">{formatCedis(withdrawal.feePesewas)}</Detail>
        <Detail label="Reaches the wallet">{formatCedis(withdrawal.sentPesewas)}</Detail>
        <Detail label="MoMo number" testId="admin-withdrawal-wallet">
          {formatPhone(withdrawal.phoneNumber)} · {momoNetworkNames[withdrawal.network]}
        </Detail>
        <Detail label="Risk score" testId="admin-withdrawal-risk">
          {withdrawal.riskScore}
        </Detail>
      </dl>
      {withdrawal.reviewReason && (
        <p className="text-sm text-stone-700" data-testid="admin-withdrawal-reason">
          {withdrawal.reviewReason}
        </p>
      )}
      {withdrawal.holdUntil && (
        <p className="text-xs text-stone-500">Held until {formatAccraDateTime(withdrawal.holdUntil)}</p>
      )}
      <DecisionButtons withdrawal={withdrawal} queue={queue} />
    </li>
  );
}

function Queue({ status, label, empty }: (typeof queues)[number]) {
  const query = useAdminWithdrawals(status);
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading withdrawals">
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (query.data.withdrawals.length === 0) {
    return <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">{empty}</p>;
  }
  return (
    <ul className="space-y-3" aria-label={`Withdrawals ${label.toLowerCase()}`}>
      {query.data.withdrawals.map((withdrawal) => (
        <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} queue={status} />
      ))}
    </ul>
  );
}

/**
 * The admin's cashback withdrawals, oldest first: those in review (a risky member, a large amount), and
 * those waiting to be paid by hand when Paystack isn't set up.
 */
export function AdminWithdrawalsQueue() {
  // Paying by hand is only for a platform without Paystack; the review list says which this is.
  const paidByHand = useAdminWithdrawals("review").data?.paidByHand ?? false;
  const shown = paidByHand ? queues : queues.filter((queue) => queue.status === "review");
  return (
    <Tabs.Root defaultValue="review" className="space-y-3" data-testid="admin-withdrawals">
      <Tabs.List aria-label="Which withdrawals" className="flex max-w-sm gap-1 rounded-2xl bg-stone-100 p-1">
        {shown.map((queue) => (
          <Tabs.Trigger key={queue.status} value={queue.status} className={tabClass}>
            {queue.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {shown.map((queue) => (
        <Tabs.Content key={queue.status} value={queue.status}>
          <Queue {...queue} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
