import { formatAccraDate } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import { formatCedis } from "../../../shared/money";
import type { AppDeps } from "../../app-deps";
import { deliverQuietly } from "../../integrations/deliver-quietly";
import { renderEmail } from "../../integrations/mail/mailer";
import { findPaymentDetail, payerContact } from "./payments.read-model";

/** Where a payer reads a payment's receipt. */
export function receiptUrl(deps: AppDeps, paymentId: number) {
  return `${deps.config.appUrl}/payments/${paymentId}`;
}

/** The payer hears how their payment ended, by email (or SMS when there's no email). */
export async function tellPayerTheOutcome(deps: AppDeps, paymentId: number) {
  const found = await findPaymentDetail(deps.db, paymentId);
  if (!found) return;
  const { detail, row } = found;
  const contact = payerContact(row);
  const amount = formatCedis(detail.amount);
  const { subject, line } =
    detail.status === "succeeded"
      ? {
          subject: `Payment received: ${detail.description}`,
          line: `We received ${amount} (reference ${detail.reference}). ${detail.description}, from ${formatAccraDate(detail.periodStart!)} to ${formatAccraDate(detail.periodEnd!)}.`,
        }
      : detail.status === "flagged"
        ? {
            subject: "We're checking your payment",
            line: `Your payment ${detail.reference} needs a check by our team before it counts: ${detail.reason ?? ""}. We'll tell you when it's done.`,
          }
        : {
            subject: "Your payment did not go through",
            line: `Your payment ${detail.reference} of ${amount} was ${detail.status === "rejected" ? "rejected" : "not completed"}: ${detail.reason ?? "no reason given"}. Nothing was granted; you can try again.`,
          };
  await sendNotice(deps, contact, subject, line, receiptUrl(deps, paymentId));
}

export async function sendNotice(
  deps: AppDeps,
  contact: { email: string | null; phone: string | null },
  subject: string,
  line: string,
  url: string,
) {
  if (contact.email) {
    const body = renderEmail({ heading: subject, paragraphs: [line], action: { label: "Open", url } });
    await deliverQuietly(deps, "payment email", () =>
      deps.mailer.send({ to: contact.email!, subject: `${subject} · ${brand.name}`, ...body }),
    );
  } else if (contact.phone) {
    await deliverQuietly(deps, "payment SMS", () =>
      deps.sms.send(contact.phone!, `${brand.name}: ${line} ${url}`),
    );
  }
}
