import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { WalletTopUpRequest } from "../../../shared/contracts/money";
import type {
  CreatePaymentRequest,
  MomoProviderCode,
  PaymentProofRequest,
  PaymentResponse,
} from "../../../shared/contracts/payments";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { payments, subscriptions } from "../../db/schema/payments";
import type { ChargeResult } from "../../integrations/payments/paystack";
import { PaystackError } from "../../integrations/payments/paystack";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { currentPrices, manualMomoAccount } from "../settings";
import { findPaymentDetail } from "./payments.read-model";
import { confirmWithProvider } from "./provider-confirmation.service";
import { settlePayment } from "./settlement.service";

/** Who pays: a company's owner for its plan, or a member for Anigye+. */
export type Payer =
  | { kind: "company"; companyId: number; email: string | null }
  | { kind: "member"; userId: number; email: string };

type MomoNetwork = WalletTopUpRequest["network"];

const networkOf: Record<MomoProviderCode, MomoNetwork> = {
  mtn: "mtn",
  vod: "telecel",
  atl: "airteltigo",
};

/** Our reference: short enough to type into a MoMo message, e.g. "ANG-7K3M9QX2". */
function newReference() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(8);
  return `ANG-${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

function networkMissing() {
  const message = "Choose your mobile money network";
  return new AppError("VALIDATION", message, { provider: message });
}

export function momoReferenceTaken() {
  const message = "This MoMo transaction ID has already been submitted";
  return new AppError("CONFLICT", message, { paymentReference: message });
}

/**
 * Creates the order (a pending subscription and payment) and, on the provider path, the charge. A manual
 * MoMo order for the same thing at the same price that still waits for its transaction ID is resumed
 * instead, so a reload and a second submit never leave two identical orders.
 */
export async function createPayment(deps: AppDeps, payer: Payer, body: CreatePaymentRequest) {
  await requireMethodAvailable(deps, body.method);
  const prices = await currentPrices(deps.db);
  const amount = body.purpose === "plus" ? prices.plus : prices.plans[body.plan!];
  const type = body.purpose === "plus" ? "plus" : body.plan!;
  const now = deps.now();
  const reference = newReference();
  const payment = await deps.db
    .transaction(async (tx) => {
      // One payer's orders are made one at a time, so two submits at once find the same open order.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment_order:${payerKey(payer)}`}))`);
      if (body.method === "momo_manual" && body.paymentReference) {
        await requireMomoReferenceUnused(tx, body.paymentReference);
      }
      if (body.method === "momo_manual") {
        const open = await findOpenManualOrder(tx, payer, type, amount);
        const resumed = open && (await resumeManualOrder(tx, open, body, now));
        if (resumed) return resumed;
      }
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          userId: payer.kind === "member" ? payer.userId : null,
          companyId: payer.kind === "company" ? payer.companyId : null,
          type,
          amountPesewas: amount,
          paymentMethod: body.method,
          paymentReference: body.paymentReference ?? null,
          paymentPhone: body.paymentPhone,
        })
        .returning();
      const [created] = await tx
        .insert(payments)
        .values({
          userId: payer.kind === "member" ? payer.userId : null,
          companyId: payer.kind === "company" ? payer.companyId : null,
          subscriptionId: subscription!.id,
          amountPesewas: amount,
          paymentMethod: body.method,
          momoNumber: body.paymentPhone,
          momoProvider: body.provider ? networkOf[body.provider] : null,
          reference,
          proofSubmittedAt: body.method === "momo_manual" && body.paymentReference ? now : null,
          createdAt: now,
        })
        .returning();
      return created!;
    })
    .catch(rethrowTakenReference);
  // The order is saved before the charge: a webhook that beats the charge's answer finds it.
  if (body.method === "paystack") await charge(deps, payer, payment.id, reference, amount, body);
  return paymentResponse(deps, payment.id);
}

async function requireMethodAvailable(deps: AppDeps, method: CreatePaymentRequest["method"]) {
  if (method === "paystack" && !deps.paystack) {
    throw new AppError("VALIDATION", "Paying on your phone isn't available yet. Use manual MoMo.", {
      method: "Paying on your phone isn't available yet",
    });
  }
  if (method === "momo_manual" && !(await manualMomoAccount(deps.db, deps.config))) {
    throw new AppError("VALIDATION", "Manual MoMo payments aren't available", { method: "Not available" });
  }
}

const providerCodeOf: Record<MomoNetwork, MomoProviderCode> = {
  mtn: "mtn",
  telecel: "vod",
  airteltigo: "atl",
};

/**
 * Money onto a business's balance, paid as a plan is (Paystack's prompt or manual MoMo checked by an
 * admin): a payment with no subscription, whose settlement credits the balance once (settlement.service).
 */
export async function createTopUpPayment(
  deps: AppDeps,
  payer: Extract<Payer, { kind: "company" }>,
  body: WalletTopUpRequest,
) {
  await requireMethodAvailable(deps, body.method);
  const now = deps.now();
  const reference = newReference();
  const manualReference = body.method === "momo_manual" ? body.paymentReference : undefined;
  const payment = await deps.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment_order:${payerKey(payer)}`}))`);
      if (manualReference) await requireMomoReferenceUnused(tx, manualReference);
      const [created] = await tx
        .insert(payments)
        .values({
          companyId: payer.companyId,
          purpose: "wallet_top_up",
          amountPesewas: body.amountPesewas,
          paymentMethod: body.method,
          momoNumber: body.paymentPhone,
          momoProvider: body.network,
          reference,
          payerReference: manualReference ?? null,
          proofSubmittedAt: manualReference ? now : null,
          createdAt: now,
        })
        .returning();
      return created!;
    })
    .catch(rethrowTakenReference);
  if (body.method === "paystack") {
    await charge(deps, payer, payment.id, reference, body.amountPesewas, {
      paymentPhone: body.paymentPhone,
      provider: providerCodeOf[body.network],
      purpose: "wallet_top_up",
    });
  }
  return paymentResponse(deps, payment.id);
}

/**
 * A MoMo transaction ID is used once, whether a plan's (on its subscriptions row, free again once that
 * payment is rejected) or a top-up's (on its payment, for good); each column's unique index covers a
 * race within it.
 */
async function requireMomoReferenceUnused(tx: Executor, momoReference: string) {
  const [onPlan] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.paymentReference, momoReference), ne(subscriptions.status, "rejected")))
    .limit(1);
  const [onTopUp] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.payerReference, momoReference))
    .limit(1);
  if (onPlan || onTopUp) throw momoReferenceTaken();
}

function rethrowTakenReference(error: unknown): never {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === "subscriptions_payment_reference_key" || constraint === "payments_payer_reference_key") {
    throw momoReferenceTaken();
  }
  throw error;
}

function payerKey(payer: Payer) {
  return payer.kind === "company" ? `company:${payer.companyId}` : `member:${payer.userId}`;
}

/**
 * The payer's manual MoMo order for the same thing at the same price that still waits for its MoMo
 * transaction ID (e.g. "Show payment details", then a reload and a second submit), newest first.
 */
async function findOpenManualOrder(
  tx: Executor,
  payer: Payer,
  type: (typeof subscriptions.$inferSelect)["type"],
  amount: number,
) {
  const [open] = await tx
    .select({ payment: payments })
    .from(payments)
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(
      and(
        payer.kind === "company"
          ? eq(payments.companyId, payer.companyId)
          : eq(payments.userId, payer.userId),
        eq(payments.status, "pending"),
        eq(payments.paymentMethod, "momo_manual"),
        isNull(payments.proofSubmittedAt),
        eq(payments.amountPesewas, amount),
        eq(subscriptions.type, type),
        eq(subscriptions.status, "pending"),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return open?.payment;
}

/**
 * The open order again, with the phone just given and, when given, the MoMo transaction ID; undefined
 * when it stopped waiting meanwhile (its ID sent, or settled by an admin), so a new order is made.
 */
async function resumeManualOrder(
  tx: Executor,
  open: typeof payments.$inferSelect,
  body: CreatePaymentRequest,
  now: Date,
) {
  const proof = body.paymentReference ? { proofSubmittedAt: now } : {};
  const network = body.provider ? { momoProvider: networkOf[body.provider] } : {};
  const [resumed] = await tx
    .update(payments)
    .set({ momoNumber: body.paymentPhone, ...network, ...proof, updatedAt: now })
    .where(
      and(
        eq(payments.id, open.id),
        eq(payments.status, "pending"),
        eq(payments.paymentMethod, "momo_manual"),
        isNull(payments.proofSubmittedAt),
      ),
    )
    .returning();
  if (!resumed) return undefined;
  await tx
    .update(subscriptions)
    .set({
      paymentPhone: body.paymentPhone,
      ...(body.paymentReference ? { paymentReference: body.paymentReference } : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, open.subscriptionId!));
  return resumed;
}

async function charge(
  deps: AppDeps,
  payer: Payer,
  paymentId: number,
  reference: string,
  amount: number,
  body: { paymentPhone: string; provider?: MomoProviderCode; purpose: string },
) {
  let result: ChargeResult;
  try {
    result = await deps.paystack!.chargeMobileMoney({
      email: payer.email ?? fallbackEmail(deps, payer),
      amountPesewas: amount,
      phone: localPhone(body.paymentPhone),
      provider: body.provider!,
      reference,
      metadata: { paymentId, purpose: body.purpose },
    });
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    deps.log.error({ err: error, paymentId }, "Paystack charge failed");
    await settlePayment(deps, paymentId, {
      status: "failed",
      reason: "We couldn't reach the payment provider. Nothing was charged; please try again.",
    });
    return;
  }
  await applyChargeResult(deps, paymentId, reference, result);
}

/** Acts on what Paystack said about a charge (the charge call or the OTP call). */
async function applyChargeResult(deps: AppDeps, paymentId: number, reference: string, result: ChargeResult) {
  if (result.status === "success") return confirmWithProvider(deps, paymentId, reference);
  if (result.status === "failed" || result.status === "abandoned" || result.status === "reversed") {
    await settlePayment(deps, paymentId, {
      status: "failed",
      reason: result.message || "The mobile money network declined the payment.",
    });
    return;
  }
  await deps.db
    .update(payments)
    .set({
      metadata: { chargeStatus: result.status, displayText: result.displayText ?? null },
      updatedAt: deps.now(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
}

/** Paystack wants the local number, e.g. 0241234567. */
function localPhone(e164: string) {
  return e164.startsWith("+233") ? `0${e164.slice(4)}` : e164;
}

function fallbackEmail(deps: AppDeps, payer: Payer) {
  const host = new URL(deps.config.appUrl).hostname;
  const who = payer.kind === "company" ? `company-${payer.companyId}` : `member-${payer.userId}`;
  return `billing+${who}@${host.includes(".") ? host : "anigye.app"}`;
}

export async function paymentResponse(deps: AppDeps, paymentId: number): Promise<PaymentResponse> {
  const found = await findPaymentDetail(deps.db, paymentId, await manualMomoAccount(deps.db, deps.config));
  const { id, reference, status, amount, currency, nextStep } = found!.detail;
  return { id, reference, status, amount, currency, nextStep };
}

/**
 * Manual path: after sending the MoMo, the payer gives its transaction ID (and the network it was sent
 * from, unless the order already names it); the payment joins the admin queue.
 */
export async function submitProof(deps: AppDeps, paymentId: number, body: PaymentProofRequest) {
  const now = deps.now();
  await deps.db
    .transaction(async (tx) => {
      const network = body.provider ? networkOf[body.provider] : undefined;
      const [payment] = await tx
        .update(payments)
        .set({
          proofSubmittedAt: now,
          momoNumber: body.paymentPhone,
          momoProvider: network ?? sql`${payments.momoProvider}`,
          updatedAt: now,
        })
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.status, "pending"),
            eq(payments.paymentMethod, "momo_manual"),
            isNull(payments.proofSubmittedAt),
          ),
        )
        .returning();
      if (!payment) throw new AppError("CONFLICT", "This payment isn't waiting for a MoMo transaction ID");
      // docs/product-rules.md#payments-manual-momo-network: the admin needs the network to check the transfer.
      if (!payment.momoProvider) throw networkMissing();
      await requireMomoReferenceUnused(tx, body.paymentReference);
      if (payment.purpose === "wallet_top_up") {
        await tx
          .update(payments)
          .set({ payerReference: body.paymentReference })
          .where(eq(payments.id, payment.id));
        return;
      }
      await tx
        .update(subscriptions)
        .set({ paymentReference: body.paymentReference, paymentPhone: body.paymentPhone, updatedAt: now })
        .where(eq(subscriptions.id, payment.subscriptionId!));
    })
    .catch(rethrowTakenReference);
  return paymentResponse(deps, paymentId);
}

/** Provider path, Telecel: the code from the SMS goes to Paystack. */
export async function submitOtp(deps: AppDeps, paymentId: number, otp: string) {
  const found = await findPaymentDetail(deps.db, paymentId);
  const payment = found?.row.payment;
  const waiting =
    payment?.status === "pending" &&
    payment.paymentMethod === "paystack" &&
    (payment.metadata as { chargeStatus?: string }).chargeStatus === "send_otp";
  if (!payment || !waiting || !deps.paystack) {
    throw new AppError("CONFLICT", "This payment isn't waiting for a code");
  }
  let result: ChargeResult;
  try {
    result = await deps.paystack.submitOtp(payment.reference, otp);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    throw new AppError("CONFLICT", "We couldn't reach the payment provider. Try the code again in a moment.");
  }
  if (result.status === "failed" && result.message) {
    throw new AppError("VALIDATION", result.message, { otp: result.message });
  }
  await applyChargeResult(deps, paymentId, payment.reference, result);
  return paymentResponse(deps, paymentId);
}
