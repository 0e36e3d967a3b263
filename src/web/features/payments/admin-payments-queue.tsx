import * as Tabs from "@radix-ui/react-tabs";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import {
  type AdminPayment,
  momoProviderNames,
  paymentDecisionRequest,
} from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { paymentReceiptPath } from "../../app/paths";
import { PageSwitcher } from "../../components/page-switcher";
import { Button } from "../../components/ui/button";
import { Form, TextField } from "../../components/ui/form-field";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api-client";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { type QueueStatus, useAdminPayments, useDecidePayment } from "./api";
import { formatAge, localPhone, paymentMethodText } from "./payment-format";

const tabClass =
  "flex-1 rounded-xl px-4 py-2 text-sm font-semibold text-stone-600 data-[state=active]:bg-white data-[state=active]:text-amber-800 data-[state=active]:shadow";

const queues: { status: QueueStatus; label: string; empty: string }[] = [
  { status: "pending", label: "Waiting", empty: "No payments are waiting for a decision." },
  { status: "flagged", label: "Flagged", empty: "No flagged payments." },
];

function decisionFailed(title: string, failure: unknown) {
  const alreadyDecided = failure instanceof ApiError && failure.status === 409;
  toast({
    title: alreadyDecided ? "Already decided" : title,
    description: serverMessage(failure) ?? "Please try again.",
    variant: alreadyDecided ? "default" : "destructive",
  });
}

function RejectForm({ payment, onCancel }: { payment: AdminPayment; onCancel(): void }) {
  const decide = useDecidePayment();
  const form = useContractForm(paymentDecisionRequest, {
    defaultValues: { status: "rejected", notes: "" },
  });
  return (
    <Form
      form={form}
      onValid={(decision) =>
        decide.mutate(
          { paymentId: payment.id, decision },
          {
            onSuccess: () =>
              toast({
                title: "Payment rejected",
                description: `${payment.payerName} will be told why (${payment.reference}).`,
              }),
            onError: (failure) => {
              applyServerErrors(form, failure);
              decisionFailed("Could not reject the payment", failure);
            },
          },
        )
      }
      aria-label={`Reject ${payment.reference}`}
      className="space-y-2 rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
    >
      <TextField
        name="notes"
        label="Reason (the payer sees it)"
        maxLength={500}
        placeholder="No MoMo transfer with this transaction ID reached the merchant account"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" pending={decide.isPending} pendingLabel="Rejecting…">
          Reject payment
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
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

/** What verifying did: a plan or Anigye+ is active, or a top-up is on the business's balance. */
function verifiedOutcome(payment: AdminPayment): string {
  return payment.purpose === "wallet_top_up"
    ? `${formatCedis(payment.amount)} is on ${payment.companyName ?? payment.payerName}'s balance.`
    : `${payment.description} is active.`;
}

function verifyingDoes(payment: AdminPayment): string {
  return payment.purpose === "wallet_top_up"
    ? "The money lands on the business's balance at once; this can't be undone."
    : `${payment.description} starts at once; this can't be undone.`;
}

/**
 * Verifying grants the period at once and can't be undone, so it is confirmed first (as a rejection
 * asks for its reason), with what the admin should have found in the merchant account.
 */
function VerifyConfirm({ payment, onCancel }: { payment: AdminPayment; onCancel(): void }) {
  const decide = useDecidePayment();
  const network = payment.provider ? momoProviderNames[payment.provider] : "mobile money";
  const verify = () =>
    decide.mutate(
      { paymentId: payment.id, decision: { status: "verified", notes: undefined } },
      {
        onSuccess: () =>
          toast({
            title: "Payment verified",
            description: `${verifiedOutcome(payment)} ${payment.payerName} will be told.`,
          }),
        onError: (failure) => decisionFailed("Could not verify the payment", failure),
      },
    );
  return (
    <fieldset
      data-testid="admin-payment-verify-confirm"
      className="min-w-0 space-y-2 rounded-xl bg-green-50 p-3 ring-1 ring-green-200"
    >
      <legend className="float-left w-full text-sm font-semibold text-stone-900">
        Verify {formatCedis(payment.amount)} from {payment.payerName}?
      </legend>
      <p className="clear-left text-sm text-stone-700">
        {payment.momoReference
          ? `Only if ${network} transaction ${payment.momoReference} for ${formatCedis(payment.amount)} reached the merchant account.`
          : `Only if ${formatCedis(payment.amount)} with the reference ${payment.reference} reached the merchant account.`}{" "}
        {verifyingDoes(payment)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={verify} pending={decide.isPending} pendingLabel="Verifying…">
          Yes, verify {formatCedis(payment.amount)}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={decide.isPending}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

function QueueRow({ payment }: { payment: AdminPayment }) {
  const [deciding, setDeciding] = useState<"verify" | "reject" | null>(null);

  return (
    <li
      data-testid="admin-payment-row"
      data-reference={payment.reference}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-bold text-stone-900" data-testid="admin-payment-payer">
            {payment.payerName}
          </p>
          <p className="text-sm text-stone-600">{payment.description}</p>
        </div>
        <p className="text-xl font-extrabold text-stone-900">{formatCedis(payment.amount)}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Detail label="Phone">{payment.paymentPhone ? localPhone(payment.paymentPhone) : "—"}</Detail>
        <Detail label="Network" testId="admin-payment-network">
          {payment.provider ? (
            momoProviderNames[payment.provider]
          ) : (
            <span className="text-stone-500">Not given</span>
          )}
        </Detail>
        <Detail label="Our reference" testId="admin-payment-reference">
          <span className="font-mono">{payment.reference}</span>
        </Detail>
        <Detail label="MoMo transaction ID" testId="admin-payment-momo-reference">
          {payment.momoReference ? (
            <span className="font-mono">{payment.momoReference}</span>
          ) : (
            <span className="text-stone-500">{payment.proofSubmitted ? "—" : "Not sent yet"}</span>
          )}
        </Detail>
        <Detail label="Age" testId="admin-payment-age">
          {formatAge(payment.ageSeconds)}
        </Detail>
      </dl>
      <p className="text-xs text-stone-500">
        {paymentMethodText(payment.method, payment.provider)}
        {payment.reason ? ` · ${payment.reason}` : ""} ·{" "}
        <Link to={paymentReceiptPath(payment.id)} className="font-semibold text-amber-800 underline">
          Details
        </Link>
      </p>
      {deciding === "reject" ? (
        <RejectForm payment={payment} onCancel={() => setDeciding(null)} />
      ) : deciding === "verify" ? (
        <VerifyConfirm payment={payment} onCancel={() => setDeciding(null)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDeciding("verify")}>Verify payment…</Button>
          <Button variant="secondary" onClick={() => setDeciding("reject")}>
            Reject…
          </Button>
        </div>
      )}
    </li>
  );
}

function Queue({ status, label, empty }: { status: QueueStatus; label: string; empty: string }) {
  const [page, setPage] = useState(1);
  const query = useAdminPayments(status, page);
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  // Deciding the last payments of the last page leaves it empty: step back to the page that now is last.
  useEffect(() => {
    if (!query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [page, lastPage, query.isPlaceholderData]);
  if (query.isPending)
    return (
      <div className="space-y-3" role="status" aria-label="Loading payments">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  // A manual payment joins the queue once its payer gives the MoMo transaction ID; the ones still
  // without it are kept apart (an admin may still reject an abandoned one).
  const ready = query.data.payments.filter((payment) => payment.proofSubmitted);
  const awaitingProof = query.data.payments.filter((payment) => !payment.proofSubmitted);
  return (
    <div className="space-y-3">
      {ready.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-stone-600 ring-1 ring-stone-200">{empty}</p>
      ) : (
        <ul className="space-y-3" aria-label={`${label} payments`}>
          {ready.map((payment) => (
            <QueueRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
      {awaitingProof.length > 0 && (
        <details className="rounded-2xl bg-stone-100 p-3" data-testid="admin-payments-awaiting-proof">
          <summary className="cursor-pointer text-sm font-semibold text-stone-700">
            {awaitingProof.length} started without a MoMo transaction ID yet
          </summary>
          <ul className="mt-3 space-y-3" aria-label="Payments without a MoMo transaction ID">
            {awaitingProof.map((payment) => (
              <QueueRow key={payment.id} payment={payment} />
            ))}
          </ul>
        </details>
      )}
      <PageSwitcher
        page={page}
        pageSize={query.data.pageSize}
        total={query.data.total}
        onPage={setPage}
        label={`${label.toLowerCase()} payments`}
      />
    </div>
  );
}

/**
 * The admin's payment queue: manual MoMo payments waiting to be checked against the merchant account
 * (and provider payments not yet confirmed), oldest first; flagged ones (amount or currency didn't
 * match) apart. Each is verified, or rejected with a reason the payer is told.
 */
export function AdminPaymentsQueue() {
  return (
    <Tabs.Root defaultValue="pending" className="space-y-3" data-testid="admin-payments">
      <Tabs.List aria-label="Which payments" className="flex max-w-sm gap-1 rounded-2xl bg-stone-100 p-1">
        {queues.map((queue) => (
          <Tabs.Trigger key={queue.status} value={queue.status} className={tabClass}>
            {queue.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {queues.map((queue) => (
        <Tabs.Content key={queue.status} value={queue.status}>
          <Queue status={queue.status} label={queue.label} empty={queue.empty} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
