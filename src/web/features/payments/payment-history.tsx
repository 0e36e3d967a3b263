import { ReceiptText } from "lucide-react";
import { Link } from "react-router";
import type { PaymentDetail, PaymentStatusName } from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { paymentReceiptPath } from "../../app/paths";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import {
  paymentDescription,
  paymentStatusClass,
  paymentStatusLabel,
  periodText,
  waitsForPayer,
} from "./payment-format";

export function PaymentStatusBadge({ status }: { status: PaymentStatusName }) {
  const t = useT();
  return (
    <span
      data-testid="payment-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${paymentStatusClass[status]}`}
    >
      {t(paymentStatusLabel[status])}
    </span>
  );
}

/** A receipt only once paid: before, how to pay (or the payment's details). */
function historyLinkText(payment: PaymentDetail): UiKey {
  if (payment.status === "succeeded") return "payment.history.receipt";
  return waitsForPayer(payment) ? "payment.history.howToPay" : "payment.history.details";
}

/** Payments newest first, each with what it bought, its period and a link to its receipt. */
export function PaymentHistory({ payments, emptyText }: { payments: PaymentDetail[]; emptyText: string }) {
  const t = useT();
  if (payments.length === 0) return <p className="text-sm text-stone-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-stone-100" aria-label={t("payment.history.label")}>
      {payments.map((payment) => {
        const period = periodText(payment.periodStart, payment.periodEnd);
        return (
          <li key={payment.id} data-testid="payment-row" className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{paymentDescription(payment)}</p>
              <p className="text-sm text-stone-600">
                {formatCedis(payment.amount)} · {formatAccraDate(payment.createdAt)} ·{" "}
                <span className="font-mono">{payment.reference}</span>
              </p>
              {period && <p className="text-sm text-stone-600">{t("payment.history.period", { period })}</p>}
              {payment.reason && payment.status !== "pending" && (
                <p className="text-sm text-red-700">{payment.reason}</p>
              )}
            </div>
            <PaymentStatusBadge status={payment.status} />
            <Link
              to={paymentReceiptPath(payment.id)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-amber-800 hover:bg-amber-50"
            >
              <ReceiptText className="size-4" aria-hidden />
              {t(historyLinkText(payment))}
              <span className="sr-only">
                {" "}
                {t("payment.history.receiptFor", { reference: payment.reference })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
