import { CheckCircle2, Clock, Copy, Smartphone, XCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import {
  type PaymentDetail,
  type PaymentNextStep,
  type PaymentResponse,
  type PaymentStatusName,
  paymentOtpRequest,
  paymentProofRequest,
} from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { paymentReceiptPath } from "../../app/paths";
import { Button, buttonClass } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Form, TextField } from "../../components/ui/form-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api-errors";
import { applyServerErrors, useContractForm } from "../../lib/forms";
import { usePayment, useRefreshPayments, useSubmitOtp, useSubmitProof } from "./api";
import { localPhone, periodText } from "./payment-format";

type NextStepType = PaymentNextStep["type"];

/** What the screen knows of a payment: the answer to a request, or the full detail once read. */
type KnownPayment = PaymentResponse & Partial<PaymentDetail>;

const sendAgainMessage = "We couldn't send that. Check your connection and try again.";

function StepFrame({
  icon,
  title,
  tone = "neutral",
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: "neutral" | "good" | "bad";
  children: ReactNode;
}) {
  const toneClass = {
    neutral: "bg-amber-50 ring-amber-200",
    good: "bg-green-50 ring-green-200",
    bad: "bg-red-50 ring-red-200",
  }[tone];
  return (
    <div className={`rounded-2xl p-4 ring-1 ${toneClass}`}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0 flex-1 space-y-3">
          <h3 className="text-lg font-bold text-stone-900">{title}</h3>
          {children}
        </div>
      </div>
    </div>
  );
}

function ReceiptLink({ paymentId }: { paymentId: number }) {
  return (
    <Link to={paymentReceiptPath(paymentId)} className={buttonClass("secondary", "text-sm")}>
      View receipt
    </Link>
  );
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied` });
  } catch {
    toast({ title: `Couldn't copy the ${what.toLowerCase()}`, description: text });
  }
}

/** One line of the MoMo transfer's details, copyable where the payer has to type it. */
function TransferLine({
  label,
  value,
  testId,
  copyAs,
}: {
  label: string;
  value: string;
  testId: string;
  copyAs?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="font-mono text-lg font-bold text-stone-900" data-testid={testId}>
          {value}
        </span>
        {copyAs && (
          <button
            type="button"
            onClick={() => void copy(value, copyAs)}
            className="flex size-9 items-center justify-center rounded-lg text-amber-800 hover:bg-amber-100"
            aria-label={`Copy the ${copyAs.toLowerCase()}`}
          >
            <Copy className="size-4" aria-hidden />
          </button>
        )}
      </dd>
    </div>
  );
}

function ProofForm({ payment }: { payment: KnownPayment }) {
  const submit = useSubmitProof(payment.id);
  const knownPhone = payment.paymentPhone ? localPhone(payment.paymentPhone) : "";
  const form = useContractForm(paymentProofRequest, {
    defaultValues: { paymentReference: "", paymentPhone: knownPhone },
  });
  // The number given when the payment started, once the payment is read (unless already typed here).
  useEffect(() => {
    if (knownPhone && !form.getValues("paymentPhone")) form.setValue("paymentPhone", knownPhone);
  }, [knownPhone, form]);
  return (
    <Form
      form={form}
      onValid={(body) =>
        submit.mutate(body, {
          onError: (failure) =>
            applyServerErrors(form, failure, {
              fallbackField: "paymentReference",
              fallbackMessage: sendAgainMessage,
            }),
        })
      }
      aria-label="MoMo transaction details"
      className="space-y-3"
    >
      <TextField
        name="paymentReference"
        label="MoMo transaction ID"
        hint="It's in the confirmation SMS from your network, e.g. 1234567890."
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <TextField
        name="paymentPhone"
        label="Phone you paid from"
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <Button type="submit" pending={submit.isPending} pendingLabel="Sending…">
        I've paid: send for checking
      </Button>
    </Form>
  );
}

function SendMomoStep({
  payment,
  title,
  readOnly,
}: {
  payment: KnownPayment;
  title: string;
  readOnly: boolean;
}) {
  const step = payment.nextStep;
  return (
    <StepFrame icon={<Smartphone className="size-6 text-amber-700" />} title={title}>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>
          From your mobile money menu or app, send exactly <strong>{formatCedis(payment.amount)}</strong> to
          our merchant number.
        </li>
        <li>
          Put our reference <strong>{payment.reference}</strong> in the transfer's reference or message.
        </li>
        <li>Enter the transaction ID from your confirmation SMS below.</li>
      </ol>
      <dl className="divide-y divide-amber-200 rounded-xl bg-white px-3 ring-1 ring-amber-200">
        <TransferLine label="Amount" value={formatCedis(payment.amount)} testId="momo-amount" />
        {step?.merchantNumber && (
          <TransferLine
            label="Merchant number"
            value={step.merchantNumber}
            testId="momo-merchant-number"
            copyAs="Merchant number"
          />
        )}
        {step?.merchantName && (
          <TransferLine label="Merchant name" value={step.merchantName} testId="momo-merchant-name" />
        )}
        <TransferLine
          label="Reference"
          value={payment.reference}
          testId="payment-reference"
          copyAs="Reference"
        />
      </dl>
      {readOnly ? (
        <p className="text-sm text-stone-700">Waiting for the payer to send the MoMo transaction ID.</p>
      ) : (
        <ProofForm payment={payment} />
      )}
    </StepFrame>
  );
}

function OtpForm({ paymentId }: { paymentId: number }) {
  const submit = useSubmitOtp(paymentId);
  const form = useContractForm(paymentOtpRequest, { defaultValues: { otp: "" } });
  return (
    <Form
      form={form}
      onValid={(body) =>
        submit.mutate(body, {
          onError: (failure) =>
            applyServerErrors(form, failure, { fallbackField: "otp", fallbackMessage: sendAgainMessage }),
        })
      }
      aria-label="Payment code"
      className="space-y-3"
    >
      <TextField
        name="otp"
        label="Code from the SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        placeholder="123456"
      />
      <Button type="submit" pending={submit.isPending} pendingLabel="Checking…">
        Confirm payment
      </Button>
    </Form>
  );
}

interface PaymentProgressProps {
  paymentId: number;
  /** The answer that created the payment, shown until the payment is read. */
  initial?: PaymentResponse;
  /** Someone who may look but not act (an admin reading another's payment). */
  readOnly?: boolean;
  /** Offered after a failure: start a new payment. */
  onRestart?(): void;
  /** Called once when the payment succeeds while this is on screen. */
  onSucceeded?(payment: KnownPayment): void;
  /** Hidden where the receipt is already on the page. */
  showReceiptLink?: boolean;
}

/**
 * Where a payment stands and what the payer does next: send the MoMo and give its ID, approve the
 * prompt on the phone, type the SMS code, or wait for an admin; then paid, or why not.
 */
export function PaymentProgress({
  paymentId,
  initial,
  readOnly = false,
  onRestart,
  onSucceeded,
  showReceiptLink = true,
}: PaymentProgressProps) {
  const query = usePayment(paymentId);
  const payment: KnownPayment | undefined = query.data ?? initial;
  const succeeded = payment?.status === "succeeded";
  const refreshPayments = useRefreshPayments();
  const told = useRef(false);
  const seenPending = useRef(false);
  if (payment?.status === "pending") seenPending.current = true;
  const onSucceededRef = useRef(onSucceeded);
  onSucceededRef.current = onSucceeded;

  // Paid while on screen: the lists that show it are read again, and the page is told (once).
  useEffect(() => {
    if (!succeeded || !payment || told.current) return;
    told.current = true;
    if (!seenPending.current && !onSucceededRef.current) return;
    refreshPayments();
    onSucceededRef.current?.(payment);
  }, [succeeded, payment, refreshPayments]);

  if (!payment) {
    if (query.isError)
      return (
        <FormAlert>
          We couldn't check this payment.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </FormAlert>
      );
    return (
      <p role="status" className="text-sm text-stone-600">
        Checking the payment…
      </p>
    );
  }

  const step =
    payment.nextStep?.type ??
    (succeeded ? "done" : payment.status === "pending" ? "wait_for_admin" : "failed");
  const receipt = showReceiptLink ? <ReceiptLink paymentId={payment.id} /> : null;
  const title = stepTitle(step, payment.status);
  let view: ReactNode;
  switch (step) {
    case "send_momo":
      view = <SendMomoStep payment={payment} title={title} readOnly={readOnly} />;
      break;
    case "wait_for_admin":
      view = (
        <StepFrame icon={<Clock className="size-6 text-amber-700" />} title={title}>
          <p className="text-sm text-stone-700">{payment.nextStep?.displayText}</p>
          <p className="text-sm text-stone-700">
            Our reference: <strong className="font-mono">{payment.reference}</strong>. You can leave this
            page: we'll tell you by email or SMS when it's done, and the receipt shows where it stands.
          </p>
          {receipt}
        </StepFrame>
      );
      break;
    case "approve_on_phone":
      view = (
        <StepFrame icon={<Smartphone className="size-6 text-amber-700" />} title={title}>
          <p className="text-sm text-stone-700">{payment.nextStep?.displayText}</p>
          <p className="flex items-center gap-2 text-sm font-medium text-stone-800">
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-amber-700 border-t-transparent"
            />
            Waiting for your approval ({formatCedis(payment.amount)})…
          </p>
          <p className="text-xs text-stone-500">
            No prompt? Open your network's MoMo menu and look for approvals waiting. This page updates by
            itself.
          </p>
        </StepFrame>
      );
      break;
    case "enter_otp":
      view = (
        <StepFrame icon={<Smartphone className="size-6 text-amber-700" />} title={title}>
          <p className="text-sm text-stone-700">{payment.nextStep?.displayText}</p>
          {readOnly ? null : <OtpForm paymentId={payment.id} />}
        </StepFrame>
      );
      break;
    case "done": {
      const period = periodText(payment.periodStart ?? null, payment.periodEnd ?? null);
      view = (
        <StepFrame icon={<CheckCircle2 className="size-6 text-green-700" />} title={title} tone="good">
          <p className="text-sm text-stone-700">
            {formatCedis(payment.amount)} paid{payment.description ? ` for ${payment.description}` : ""}.
            {period ? ` Paid period: ${period}.` : ""} Thank you!
          </p>
          {receipt}
        </StepFrame>
      );
      break;
    }
    default:
      view = (
        <StepFrame icon={<XCircle className="size-6 text-red-700" />} title={title} tone="bad">
          <p className="text-sm text-stone-700">
            {payment.nextStep?.displayText ?? payment.reason ?? "Nothing was granted."}
          </p>
          <div className="flex flex-wrap gap-2">
            {onRestart && (
              <Button onClick={onRestart} className="text-sm">
                Try again
              </Button>
            )}
            {receipt}
          </div>
        </StepFrame>
      );
  }

  return (
    <div data-testid="payment-progress" data-status={payment.status} data-step={step}>
      {/* The step's title is announced as it changes (the prompt approved, the admin's decision). */}
      <p role="status" className="sr-only">
        {title}
      </p>
      {view}
      {query.isError && query.data === undefined && (
        <p className="mt-2 text-sm text-red-700">
          {serverMessage(query.error) ?? "We couldn't check the payment just now; we'll keep trying."}
        </p>
      )}
    </div>
  );
}

function stepTitle(step: NextStepType, status: PaymentStatusName): string {
  switch (step) {
    case "send_momo":
      return "Send the money by MoMo";
    case "wait_for_admin":
      return "Waiting for verification";
    case "approve_on_phone":
      return "Approve the payment on your phone";
    case "enter_otp":
      return "Enter the code from the SMS";
    case "done":
      return "Payment received";
    default:
      return status === "rejected" ? "Payment rejected" : "The payment didn't go through";
  }
}
