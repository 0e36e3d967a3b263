import { formatAccraDate } from "../../../shared/accra-time";
import { brand } from "../../../shared/brand";
import { formatCedis } from "../../../shared/money";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { renderEmail } from "../../integrations/mail/mailer";
import { queueEmail, queueSms } from "../../integrations/message-queue/message-queue";
import { findPaymentDetail, payerContact } from "./payments.read-model";

/** Where a payer reads a payment's receipt. */
export function receiptUrl(deps: AppDeps, paymentId: number) {
  return `${deps.config.appUrl}/payments/${paymentId}`;
}

/**
 * The payer hears how their payment ended, by email (or SMS when there's no email), queued in the
 * transaction that settles it.
 */
export async function tellPayerTheOutcome(tx: Executor, deps: AppDeps, paymentId: number) {
  const found = await findPaymentDetail(tx, paymentId);
  if (!found) return;
  const { detail, row } = found;
  const contact = payerContact(row);
  const amount = formatCedis(detail.amount);
  const { subject, line } =
    detail.status === "succeeded" && detail.purpose === "wallet_top_up"
      ? {
          subject: `Payment received: ${detail.description}`,
          line: `We received ${amount} (reference ${detail.reference}). It is on your ${brand.name} balance now, ready for your campaigns.`,
        }
      : detail.status === "succeeded"
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
  await sendNotice(tx, contact, subject, line, receiptUrl(deps, paymentId));
}

/** Queues a notice in the caller's transaction: an email, or an SMS when there is no email. */
export async function sendNotice(
  tx: Executor,
  contact: { email: string | null; phone: string | null },
  subject: string,
  line: string,
  url: string,
) {
  if (contact.email) {
    const body = renderEmail({ heading: subject, paragraphs: [line], action: { label: "Open", url } });
    // Notices about a payment: nobody waits on them at a screen, so codes and sign-in links go first.
    await queueEmail(tx, {
      to: contact.email,
      subject: `${subject} · ${brand.name}`,
      ...body,
      waitedFor: false,
    });
  } else if (contact.phone) {
    await queueSms(tx, { to: contact.phone, text: `${brand.name}: ${line} ${url}`, waitedFor: false });
  }
}
