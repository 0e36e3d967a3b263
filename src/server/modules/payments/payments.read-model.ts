import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { brand } from "../../../shared/brand";
import {
  adminPaymentsPageSize,
  type MomoProviderCode,
  type PaymentDetail,
  type PaymentMethod,
  type PaymentNextStep,
  type PaymentStatusName,
} from "../../../shared/contracts/payments";
import type { Language } from "../../../shared/i18n/languages";
import { type PlanId, plans } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { payments, subscriptions } from "../../db/schema/payments";
import { translateMessage } from "../../lib/i18n";

/** Payments with what a receipt names: the company or member paying, the period bought. */

const networkCodes: Record<string, MomoProviderCode> = { mtn: "mtn", telecel: "vod", airteltigo: "atl" };

const paymentColumns = {
  payment: payments,
  subscription: subscriptions,
  companyName: companies.name,
  companyEmail: companies.contactEmail,
  companyPhone: companies.contactPhone,
  memberName: users.displayName,
  memberEmail: users.email,
};

/** Newest first, unless `oldestFirst` (the admin's queue works from the longest waiting). */
function selectPayments(db: Executor, where: SQL | undefined, { oldestFirst = false } = {}) {
  const order = oldestFirst
    ? [asc(payments.createdAt), asc(payments.id)]
    : [desc(payments.createdAt), desc(payments.id)];
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(companies, eq(companies.id, payments.companyId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(...order);
}

type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

export interface ManualMomoAccount {
  merchantNumber: string;
  merchantName: string;
}

const sendMomoText =
  "Send the amount by mobile money to {number} with the reference {reference}, then enter the MoMo transaction ID from your confirmation SMS.";

/** The manual path's instructions, in a language. */
function sendMomoDisplayText(merchantNumber: string | undefined, reference: string, language: Language) {
  const number = merchantNumber ?? translateMessage("our merchant number", language);
  return translateMessage(sendMomoText, language, { number, reference });
}

/**
 * A payment answer's next step said in the language asked for: ours through the catalog, the
 * provider's own display text (and a reason typed by an admin) as they are.
 */
export function nextStepIn<T extends { reference: string; nextStep?: PaymentNextStep }>(
  payment: T,
  language: Language,
): T {
  const step = payment.nextStep;
  if (!step || language === "en") return payment;
  const displayText =
    step.type === "send_momo"
      ? sendMomoDisplayText(step.merchantNumber, payment.reference, language)
      : translateMessage(step.displayText, language);
  return { ...payment, nextStep: { ...step, displayText } };
}

/** What the payer has to do now, from the payment's status and the provider's last answer. */
export function nextStepOf(
  row: PaymentRow["payment"],
  manual: ManualMomoAccount | undefined,
): PaymentNextStep | undefined {
  const status = row.status as PaymentStatusName;
  if (status === "succeeded") return { type: "done", displayText: "Payment received. Thank you!" };
  if (status === "failed" || status === "rejected")
    return { type: "failed", displayText: row.reason ?? "The payment did not go through." };
  if (status === "flagged")
    return {
      type: "wait_for_admin",
      displayText: "We're checking this payment. We'll tell you when it's done.",
    };
  if (row.paymentMethod === "momo_manual") {
    if (row.proofSubmittedAt)
      return {
        type: "wait_for_admin",
        displayText: "We're checking your MoMo payment. This usually takes a few hours.",
      };
    return {
      type: "send_momo",
      displayText: sendMomoDisplayText(manual?.merchantNumber, row.reference, "en"),
      merchantNumber: manual?.merchantNumber,
      merchantName: manual?.merchantName,
    };
  }
  const charge = row.metadata as { chargeStatus?: string; displayText?: string };
  if (charge.chargeStatus === "send_otp")
    return { type: "enter_otp", displayText: charge.displayText ?? "Enter the code sent to your phone." };
  return {
    type: "approve_on_phone",
    displayText: charge.displayText ?? "Approve the payment prompt on your phone with your MoMo PIN.",
  };
}

function describePayment(row: PaymentRow): string {
  if (row.payment.purpose === "wallet_top_up")
    return `Balance top-up · ${row.companyName ?? "your business"}`;
  const type = row.subscription?.type;
  if (!type || type === "plus") return `${brand.name}+ · 30 days`;
  return `${plans[type as PlanId].name} plan · ${row.companyName ?? "your business"} · 30 days`;
}

function toDetail(row: PaymentRow, manual: ManualMomoAccount | undefined): PaymentDetail {
  const { payment, subscription } = row;
  const type = subscription?.type;
  const succeeded = payment.status === "succeeded";
  return {
    id: payment.id,
    reference: payment.reference,
    status: payment.status as PaymentStatusName,
    amount: payment.amountPesewas,
    currency: "GHS",
    nextStep: nextStepOf(payment, manual),
    purpose:
      payment.purpose === "wallet_top_up" ? "wallet_top_up" : payment.companyId ? "company_plan" : "plus",
    method: (payment.paymentMethod ?? "momo_manual") as PaymentMethod,
    description: describePayment(row),
    plan: type && type !== "plus" ? (type as PlanId) : null,
    companyId: payment.companyId,
    companyName: row.companyName,
    payerName: row.companyName ?? row.memberName ?? "Anigye member",
    paymentPhone: payment.momoNumber,
    provider: payment.momoProvider ? (networkCodes[payment.momoProvider] ?? null) : null,
    momoReference: subscription?.paymentReference ?? payment.payerReference ?? null,
    createdAt: payment.createdAt.toISOString(),
    paidAt: succeeded ? (payment.processedAt?.toISOString() ?? null) : null,
    periodStart: succeeded ? (subscription?.startsAt?.toISOString() ?? null) : null,
    periodEnd: succeeded ? (subscription?.expiresAt?.toISOString() ?? null) : null,
    reason: payment.status === "succeeded" ? null : payment.reason,
  };
}

export async function findPaymentDetail(db: Executor, paymentId: number, manual?: ManualMomoAccount) {
  const [row] = await selectPayments(db, eq(payments.id, paymentId)).limit(1);
  return row ? { detail: toDetail(row, manual), row } : undefined;
}

export async function listCompanyPayments(db: Executor, companyId: number, manual?: ManualMomoAccount) {
  const rows = await selectPayments(db, eq(payments.companyId, companyId)).limit(100);
  return rows.map((row) => toDetail(row, manual));
}

export async function listMemberPayments(db: Executor, userId: number, manual?: ManualMomoAccount) {
  const rows = await selectPayments(
    db,
    and(eq(payments.userId, userId), eq(subscriptions.type, "plus")),
  ).limit(100);
  return rows.map((row) => toDetail(row, manual));
}

/** The admin's queue: payments with one status (pending by default), oldest first, 25 a page. */
export async function listPaymentsByStatus(
  db: Executor,
  query: { status: PaymentStatusName; page: number },
  now: Date,
) {
  const withStatus = eq(payments.status, query.status);
  const [rows, [counted]] = await Promise.all([
    selectPayments(db, withStatus, { oldestFirst: true })
      .limit(adminPaymentsPageSize)
      .offset((query.page - 1) * adminPaymentsPageSize),
    db.select({ total: count() }).from(payments).where(withStatus),
  ]);
  return {
    payments: rows.map((row) => ({
      ...toDetail(row, undefined),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - row.payment.createdAt.getTime()) / 1000)),
      proofSubmitted: row.payment.proofSubmittedAt !== null || row.payment.paymentMethod === "paystack",
    })),
    page: query.page,
    pageSize: adminPaymentsPageSize,
    total: counted?.total ?? 0,
  };
}

/** Who to tell about a payment: the company's contact, or the member. */
export function payerContact(row: PaymentRow) {
  return {
    email: row.payment.companyId ? row.companyEmail : row.memberEmail,
    phone: row.payment.companyId ? (row.companyPhone ?? row.payment.momoNumber) : row.payment.momoNumber,
  };
}
