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
import { useT } from "../../lib/i18n";
import { translate, type UiKey } from "../../lib/language";
import { slotMark, withSlots } from "../../lib/rich-text";
import { usePayment, useRefreshPayments, useSubmitOtp, useSubmitProof } from "./api";
import { NetworkField } from "./network-field";
import { localPhone, paymentDescription, periodText } from "./payment-format";

type NextStepType = PaymentNextStep["type"];

/** What the screen knows of a payment: the answer to a request, or the full detail once read. */
type KnownPayment = PaymentResponse & Partial<PaymentDetail>;

/** What the payer may copy from the transfer's details, and how the screen speaks of copying it. */
const copyTexts = {
  merchantNumber: {
    copied: "payment.copied.merchantNumber",
    failed: "payment.copyFailed.merchantNumber",
    button: "payment.copy.merchantNumber",
  },
  reference: {
    copied: "payment.copied.reference",
    failed: "payment.copyFailed.reference",
    button: "payment.copy.reference",
  },
} as const satisfies Record<string, { copied: UiKey; failed: UiKey; button: UiKey }>;
type Copyable = keyof typeof copyTexts;

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
  const t = useT();
  return (
    <Link to={paymentReceiptPath(paymentId)} className={buttonClass("secondary", "text-sm")}>
      {t("payment.viewReceipt")}
    </Link>
  );
}

async function copy(text: string, what: Copyable) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: translate(copyTexts[what].copied) });
  } catch {
    toast({ title: translate(copyTexts[what].failed), description: text });
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
  copyAs?: Copyable;
}) {
  const t = useT();
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
            aria-label={t(copyTexts[copyAs].button)}
          >
            <Copy className="size-4" aria-hidden />
          </button>
        )}
      </dd>
    </div>
  );
}

function ProofForm({ payment }: { payment: KnownPayment }) {
  const t = useT();
  const submit = useSubmitProof(payment.id);
  const knownPhone = payment.paymentPhone ? localPhone(payment.paymentPhone) : "";
  const knownNetwork = payment.provider ?? undefined;
  const form = useContractForm(paymentProofRequest, {
    defaultValues: { paymentReference: "", paymentPhone: knownPhone, provider: knownNetwork },
  });
  // The number and network given when the payment started, once the payment is read (unless already
  // chosen here).
  useEffect(() => {
    if (knownPhone && !form.getValues("paymentPhone")) form.setValue("paymentPhone", knownPhone);
    if (knownNetwork && !form.getValues("provider")) form.setValue("provider", knownNetwork);
  }, [knownPhone, knownNetwork, form]);
  return (
    <Form
      form={form}
      onValid={(body) =>
        submit.mutate(body, {
          onError: (failure) =>
            applyServerErrors(form, failure, {
              fallbackField: "paymentReference",
              fallbackMessage: translate("payment.sendFailed"),
            }),
        })
      }
      aria-label={t("payment.proof.formLabel")}
      className="space-y-3"
    >
      <TextField
        name="paymentReference"
        label={t("payment.proof.transactionId")}
        hint={t("payment.proof.transactionIdHint")}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <TextField
        name="paymentPhone"
        label={t("payment.proof.phone")}
        type="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
      />
      <NetworkField />
      <Button type="submit" pending={submit.isPending} pendingLabel={t("payment.proof.sending")}>
        {t("payment.proof.submit")}
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
  const t = useT();
  const step = payment.nextStep;
  return (
    <StepFrame icon={<Smartphone className="size-6 text-amber-700" />} title={title}>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>
          {withSlots(t("payment.send.step1", { amount: slotMark("amount") }), {
            amount: <strong>{formatCedis(payment.amount)}</strong>,
          })}
        </li>
        <li>
          {withSlots(t("payment.send.step2", { reference: slotMark("reference") }), {
            reference: <strong>{payment.reference}</strong>,
          })}
        </li>
        <li>{t("payment.send.step3")}</li>
      </ol>
      <dl className="divide-y divide-amber-200 rounded-xl bg-white px-3 ring-1 ring-amber-200">
        <TransferLine
          label={t("payment.send.amount")}
          value={formatCedis(payment.amount)}
          testId="momo-amount"
        />
        {step?.merchantNumber && (
          <TransferLine
            label={t("payment.send.merchantNumber")}
            value={step.merchantNumber}
            testId="momo-merchant-number"
            copyAs="merchantNumber"
          />
        )}
        {step?.merchantName && (
          <TransferLine
            label={t("payment.send.merchantName")}
            value={step.merchantName}
            testId="momo-merchant-name"
          />
        )}
        <TransferLine
          label={t("payment.send.reference")}
          value={payment.reference}
          testId="payment-reference"
          copyAs="reference"
        />
      </dl>
      {readOnly ? (
        <p className="text-sm text-stone-700">{t("payment.send.waitingForPayer")}</p>
      ) : (
        <ProofForm payment={payment} />
      )}
    </StepFrame>
  );
}

function OtpForm({ paymentId }: { paymentId: number }) {
  const t = useT();
  const submit = useSubmitOtp(paymentId);
  const form = useContractForm(paymentOtpRequest, { defaultValues: { otp: "" } });
  return (
    <Form
      form={form}
      onValid={(body) =>
        submit.mutate(body, {
          onError: (failure) =>
            applyServerErrors(form, failure, {
              fallbackField: "otp",
              fallbackMessage: translate("payment.sendFailed"),
            }),
        })
      }
      aria-label={t("payment.otp.formLabel")}
      className="space-y-3"
    >
      <TextField
        name="otp"
        label={t("payment.otp.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        placeholder="123456"
      />
      <Button type="submit" pending={submit.isPending} pendingLabel={t("payment.otp.checking")}>
        {t("payment.otp.submit")}
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
  const t = useT();
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
          {t("payment.checkFailed")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            {t("payment.tryAgain")}
          </button>
        </FormAlert>
      );
    return (
      <p role="status" className="text-sm text-stone-600">
        {t("payment.checking")}
      </p>
    );
  }

  const step =
    payment.nextStep?.type ??
    (succeeded ? "done" : payment.status === "pending" ? "wait_for_admin" : "failed");
  const receipt = showReceiptLink ? <ReceiptLink paymentId={payment.id} /> : null;
  const title = t(stepTitle(step, payment.status));
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
            {withSlots(t("payment.wait.reference", { reference: slotMark("reference") }), {
              reference: <strong className="font-mono">{payment.reference}</strong>,
            })}
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
            {t("payment.approve.waiting", { amount: formatCedis(payment.amount) })}
          </p>
          <p className="text-xs text-stone-500">{t("payment.approve.noPrompt")}</p>
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
      const amount = formatCedis(payment.amount);
      const paidText = [
        payment.description && payment.purpose
          ? t("payment.done.paidFor", {
              amount,
              description: paymentDescription({ purpose: payment.purpose, description: payment.description }),
            })
          : t("payment.done.paid", { amount }),
        period ? t("payment.done.period", { period }) : null,
        t("payment.done.thanks"),
      ];
      view = (
        <StepFrame icon={<CheckCircle2 className="size-6 text-green-700" />} title={title} tone="good">
          <p className="text-sm text-stone-700">{paidText.filter(Boolean).join(" ")}</p>
          {receipt}
        </StepFrame>
      );
      break;
    }
    default:
      view = (
        <StepFrame icon={<XCircle className="size-6 text-red-700" />} title={title} tone="bad">
          <p className="text-sm text-stone-700">
            {payment.nextStep?.displayText ?? payment.reason ?? t("payment.failed.nothingGranted")}
          </p>
          <div className="flex flex-wrap gap-2">
            {onRestart && (
              <Button onClick={onRestart} className="text-sm">
                {t("payment.tryAgain")}
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
        <p className="mt-2 text-sm text-red-700">{serverMessage(query.error) ?? t("payment.checkLater")}</p>
      )}
    </div>
  );
}

function stepTitle(step: NextStepType, status: PaymentStatusName): UiKey {
  switch (step) {
    case "send_momo":
      return "payment.step.sendMomo";
    case "wait_for_admin":
      return "payment.step.waitForAdmin";
    case "approve_on_phone":
      return "payment.step.approveOnPhone";
    case "enter_otp":
      return "payment.step.enterOtp";
    case "done":
      return "payment.step.done";
    default:
      return status === "rejected" ? "payment.step.rejected" : "payment.step.failed";
  }
}
