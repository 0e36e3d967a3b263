import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { brand } from "../../../shared/brand";
import type { PaymentDetail } from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { formatAccraDate, formatAccraDateTime } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import {
  localPhone,
  paymentDescription,
  paymentMethodLabel,
  periodText,
  waitsForPayer,
} from "./payment-format";
import { PaymentStatusBadge } from "./payment-history";
import { PaymentProgress } from "./payment-progress";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-2 text-sm print:py-1">
      <dt className="text-stone-500">{label}</dt>
      <dd className="font-medium break-words text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * What the page is: a receipt only once paid; before, "Waiting for your payment" while the money is still
 * to come, or the wait for an admin's check; a payment that failed is just "Payment".
 */
export function receiptHeading(payment: Pick<PaymentDetail, "status" | "nextStep">): UiKey {
  if (payment.status === "succeeded") return "payment.receipt.receipt";
  if (waitsForPayer(payment)) return "payment.receipt.waiting";
  if (payment.status === "pending") return "payment.step.waitForAdmin";
  return "payment.receipt.payment";
}

/**
 * A payment's receipt, printable: what was paid for, the amount, the period, both references, the
 * payer and the dates in Accra time. A payment still pending shows what happens next instead of a
 * period.
 */
export function PaymentReceipt({ payment, readOnly }: { payment: PaymentDetail; readOnly: boolean }) {
  const t = useT();
  const period = periodText(payment.periodStart, payment.periodEnd);
  const paid = payment.status === "succeeded";
  return (
    <article
      data-testid="receipt"
      className="space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 pb-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-700">{brand.name}</p>
          <h1 className="text-2xl font-extrabold text-stone-900">{t(receiptHeading(payment))}</h1>
          <p className="text-sm text-stone-600">
            {t("payment.receipt.accraTime", {
              date: formatAccraDateTime(payment.paidAt ?? payment.createdAt),
            })}
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <p className="text-3xl font-extrabold text-stone-900" data-testid="receipt-amount">
            {formatCedis(payment.amount)}
          </p>
          <PaymentStatusBadge status={payment.status} />
        </div>
      </header>

      <dl className="divide-y divide-stone-100">
        <Row label={t("payment.receipt.for")} testId="receipt-description">
          {paymentDescription(payment)}
        </Row>
        {period && (
          <Row label={t("payment.receipt.period")} testId="receipt-period">
            {period}
          </Row>
        )}
        <Row label={t("payment.receipt.ourReference")} testId="receipt-reference">
          <span className="font-mono">{payment.reference}</span>
        </Row>
        {payment.momoReference && (
          <Row label={t("payment.proof.transactionId")} testId="receipt-momo-reference">
            <span className="font-mono">{payment.momoReference}</span>
          </Row>
        )}
        <Row label={t(paid ? "payment.receipt.paidBy" : "payment.receipt.payer")}>{payment.payerName}</Row>
        {payment.paymentPhone && (
          <Row label={t("payment.receipt.fromNumber")}>{localPhone(payment.paymentPhone)}</Row>
        )}
        <Row label={t("payment.receipt.method")}>{paymentMethodLabel(payment.method, payment.provider)}</Row>
        <Row label={t("payment.receipt.started")}>{formatAccraDateTime(payment.createdAt)}</Row>
        {payment.paidAt && <Row label={t("payment.receipt.paid")}>{formatAccraDateTime(payment.paidAt)}</Row>}
        {payment.reason && !paid && <Row label={t("payment.receipt.reason")}>{payment.reason}</Row>}
      </dl>

      {payment.status === "pending" || payment.status === "flagged" ? (
        <div className="print:hidden">
          <PaymentProgress paymentId={payment.id} readOnly={readOnly} showReceiptLink={false} />
        </div>
      ) : null}

      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4 text-xs text-stone-500">
        <p>
          {t("payment.receipt.questions", { phone: brand.supportPhone, email: brand.supportEmail })}
          {paid && payment.periodEnd
            ? ` · ${t("payment.receipt.validUntil", { date: formatAccraDate(payment.periodEnd) })}`
            : ""}
        </p>
        <Button variant="secondary" className="text-sm print:hidden" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> {t("payment.receipt.print")}
        </Button>
      </footer>
    </article>
  );
}
