import { eq } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { payments, paymentWebhookEvents } from "../../db/schema/payments";
import { isValidPaystackSignature } from "../../integrations/payments/paystack";
import { AppError } from "../../lib/errors";
import { settleWithdrawalFromProvider } from "../money";
import { confirmWithProvider } from "./provider-confirmation.service";

/** Transfer events settle a cashback withdrawal (docs/product-rules.md#cashback-withdrawals). */
const transferEvents = new Set(["transfer.success", "transfer.failed", "transfer.reversed"]);

interface PaystackEvent {
  event?: unknown;
  data?: { reference?: unknown; id?: unknown; status?: unknown };
}

/**
 * POST /api/payments/paystack/webhook. The signature is checked on the raw bytes before anything is
 * read; a good event is recorded once (a redelivery is recognised) and its payment, when it was made
 * through Paystack, is confirmed with Paystack's verify call, which settles it at most once. A transfer
 * event settles its cashback withdrawal the same way: on what Paystack's transfer verify says, once.
 */
export async function receivePaystackWebhook(deps: AppDeps, rawBody: Buffer, signature: unknown) {
  const secretKey = deps.config.payments.paystack?.secretKey;
  if (!secretKey || !isValidPaystackSignature(secretKey, rawBody, signature)) {
    throw new AppError("UNAUTHENTICATED", "Invalid signature");
  }
  let event: PaystackEvent;
  try {
    event = JSON.parse(rawBody.toString("utf8")) as PaystackEvent;
  } catch {
    throw new AppError("VALIDATION", "The body is not JSON");
  }
  const name = typeof event.event === "string" ? event.event : "unknown";
  const reference = typeof event.data?.reference === "string" ? event.data.reference : null;
  const eventId = `${name}:${String(event.data?.id ?? reference ?? "none")}`;
  // Kept for the record without the payer's details or authorization codes.
  await deps.db
    .insert(paymentWebhookEvents)
    .values({
      provider: "paystack",
      eventId: eventId.slice(0, 200),
      reference,
      payload: { event: name, reference, status: String(event.data?.status ?? "") },
      processedAt: deps.now(),
    })
    .onConflictDoNothing();
  if (transferEvents.has(name) && reference) {
    const outcome = await settleWithdrawalFromProvider(deps, reference);
    if (outcome === "unknown")
      deps.log.warn({ reference, event: name }, "Paystack transfer event for an unknown reference");
    return;
  }
  if (name !== "charge.success" || !reference) return;
  const [payment] = await deps.db
    .select({ id: payments.id, method: payments.paymentMethod })
    .from(payments)
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!payment) {
    deps.log.warn({ reference }, "Paystack event for an unknown reference");
    return;
  }
  // Only a payment made through Paystack is Paystack's to settle: a manual MoMo transfer waits for an
  // admin whatever a charge under its reference says (the event is kept and answered, so it isn't retried).
  if (payment.method !== "paystack") {
    deps.log.warn(
      { reference, paymentId: payment.id },
      "Paystack event for a payment not made through Paystack",
    );
    return;
  }
  await confirmWithProvider(deps, payment.id, reference);
}
