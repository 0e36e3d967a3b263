import { useId } from "react";
import type { PaymentDetail } from "../../../shared/contracts/payments";
import { formatCedis } from "../../../shared/money";
import { useT } from "../../lib/i18n";
import { paymentDescription, waitsForPayer } from "./payment-format";
import { PaymentProgress } from "./payment-progress";

interface OpenPaymentsProps {
  /** The payer's payments, newest first (the list the page already reads). */
  payments: PaymentDetail[];
  /** One the page shows elsewhere at this moment (the order just started in the pay panel). */
  except?: number | null;
  /** Someone who may look but not act (an admin on a business's plans). */
  readOnly?: boolean;
  onSucceeded?(): void;
}

/**
 * The payer's unfinished orders, read from the server, so a reload never loses them: while the money is
 * still to come, "Waiting for your payment" with the MoMo instructions (merchant number, reference,
 * amount) and the transaction ID form; once sent, the wait for the admin's check. Gone when settled.
 * docs/product-rules.md#payments-waiting-for-your-payment
 */
export function OpenPayments({ payments, except = null, readOnly = false, onSucceeded }: OpenPaymentsProps) {
  const t = useT();
  const titleId = useId();
  const open = payments.filter((payment) => payment.status === "pending" && payment.id !== except);
  if (open.length === 0) return null;
  const title = t(open.some(waitsForPayer) ? "payment.open.waiting" : "payment.open.checking");
  return (
    <section
      aria-labelledby={titleId}
      data-testid="open-payments"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-2 ring-amber-300"
    >
      <h2 id={titleId} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {open.map((payment) => (
        <div
          key={payment.id}
          data-testid="open-payment"
          data-reference={payment.reference}
          className="space-y-2"
        >
          <p className="font-semibold text-stone-800">
            {t("payment.open.order", {
              description: paymentDescription(payment),
              amount: formatCedis(payment.amount),
            })}
          </p>
          <PaymentProgress
            paymentId={payment.id}
            initial={payment}
            readOnly={readOnly}
            onSucceeded={onSucceeded}
          />
        </div>
      ))}
    </section>
  );
}
