import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { brand } from "../../../shared/brand";
import type { PaymentDetail } from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { formatAccraDate, formatAccraDateTime } from "../../lib/dates";
import { localPhone, paymentMethodText, periodText } from "./payment-format";
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
 * A payment's receipt, printable: what was paid for, the amount, the period, both references, the
 * payer and the dates in Accra time. A payment still pending shows what happens next instead of a
 * period.
 */
export function PaymentReceipt({ payment, readOnly }: { payment: PaymentDetail; readOnly: boolean }) {
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
          <h1 className="text-2xl font-extrabold text-stone-900">{paid ? "Receipt" : "Payment"}</h1>
          <p className="text-sm text-stone-600">
            {formatAccraDateTime(payment.paidAt ?? payment.createdAt)} (Accra time)
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
        <Row label="For" testId="receipt-description">
          {payment.description}
        </Row>
        {period && (
          <Row label="Period" testId="receipt-period">
            {period}
          </Row>
        )}
        <Row label="Our reference" testId="receipt-reference">
          <span className="font-mono">{payment.reference}</span>
        </Row>
        {payment.momoReference && (
          <Row label="MoMo transaction ID" testId="receipt-momo-reference">
            <span className="font-mono">{payment.momoReference}</span>
          </Row>
        )}
        <Row label="Paid by">{payment.payerName}</Row>
        {payment.paymentPhone && <Row label="From number">{localPhone(payment.paymentPhone)}</Row>}
        <Row label="Method">{paymentMethodText(payment.method, payment.provider)}</Row>
        <Row label="Started">{formatAccraDateTime(payment.createdAt)}</Row>
        {payment.paidAt && <Row label="Paid">{formatAccraDateTime(payment.paidAt)}</Row>}
        {payment.reason && !paid && <Row label="Reason">{payment.reason}</Row>}
      </dl>

      {payment.status === "pending" || payment.status === "flagged" ? (
        <div className="print:hidden">
          <PaymentProgress paymentId={payment.id} readOnly={readOnly} showReceiptLink={false} />
        </div>
      ) : null}

      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4 text-xs text-stone-500">
        <p>
          Questions? {brand.supportPhone} · {brand.supportEmail}
          {paid && payment.periodEnd ? ` · Valid until ${formatAccraDate(payment.periodEnd)}` : ""}
        </p>
        <Button variant="secondary" className="text-sm print:hidden" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> Print
        </Button>
      </footer>
    </article>
  );
}
