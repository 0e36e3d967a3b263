import { z } from "zod";
import { planIds } from "../plans";
import { pageNumber, requiredGhanaPhone, requiredText } from "./common";
import { idSchema } from "./ids";

/*
 * Money: business plans and Anigye+ paid in cedis by mobile money. Amounts are integer pesewas
 * (GH₵ 20.00 is 2000). Two paths end in the same place: a manual MoMo transfer an admin verifies, or a
 * Paystack mobile-money charge confirmed by its signed webhook and a verify call.
 */

/** Paystack's mobile-money provider codes (MTN MoMo, Telecel Cash, AirtelTigo Money). */
export const momoProviderCodes = ["mtn", "vod", "atl"] as const;
export type MomoProviderCode = (typeof momoProviderCodes)[number];
export const momoProviderNames: Record<MomoProviderCode, string> = {
  mtn: "MTN MoMo",
  vod: "Telecel Cash",
  atl: "AirtelTigo Money",
};

export const paymentPurposes = ["company_plan", "plus"] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];
export const paymentMethods = ["momo_manual", "paystack"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * pending → succeeded | failed | rejected, exactly once. "flagged": the provider took an amount or
 * currency that doesn't match the order; nothing is granted until an admin decides.
 */
export const paymentStatuses = ["pending", "succeeded", "failed", "rejected", "flagged"] as const;
export type PaymentStatusName = (typeof paymentStatuses)[number];

// --- Plans ---------------------------------------------------------------------------------------

export const planOffer = z.object({
  id: z.enum(planIds),
  name: z.string(),
  pricePesewas: z.number().int(),
  maxAds: z.number().int(),
  adTypes: z.array(z.enum(["image", "video", "custom"])),
  maxDurationSeconds: z.number().int(),
  monthlyPointsAllocation: z.number().int(),
  features: z.array(z.string()),
});
export type PlanOffer = z.infer<typeof planOffer>;

/** GET /api/plans: the four business plans, Anigye+ and how to pay. */
export const plansResponse = z.object({
  currency: z.literal("GHS"),
  periodDays: z.number().int(),
  plans: z.array(planOffer),
  plus: z.object({ pricePesewas: z.number().int(), benefits: z.array(z.string()) }),
  /** The platform's MoMo merchant account for manual payments (null when not configured). */
  manualMomo: z.object({ merchantNumber: z.string(), merchantName: z.string() }).nullable(),
  /** Whether the provider path (approve on your phone) is available. */
  providerEnabled: z.boolean(),
});
export type PlansResponse = z.infer<typeof plansResponse>;

// --- Paying --------------------------------------------------------------------------------------

const momoTransactionReference = requiredText("MoMo transaction reference", 100);
const chooseNetwork = "Choose your mobile money network";
const momoNetwork = z.enum(momoProviderCodes, { error: chooseNetwork });

/** POST /api/payments */
export const createPaymentRequest = z
  .object({
    purpose: z.enum(paymentPurposes, { error: "Choose what you are paying for" }),
    companyId: idSchema.optional(),
    plan: z.enum(planIds, { error: "Choose a plan" }).optional(),
    method: z.enum(paymentMethods, { error: "Choose how to pay" }),
    /** The MoMo number paying (required; docs/product-rules.md#conventions-ghana-phone). */
    paymentPhone: requiredGhanaPhone("Payment phone"),
    /** Manual path: the MoMo transaction reference from the payer's confirmation SMS. */
    paymentReference: momoTransactionReference.optional(),
    /**
     * The mobile money network paying (MTN MoMo, Telecel Cash, AirtelTigo Money): required on both paths,
     * so the admin checking a manual transfer knows which network's statement to look in.
     */
    provider: momoNetwork.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.purpose === "company_plan") {
      if (body.companyId === undefined)
        ctx.addIssue({ code: "custom", path: ["companyId"], message: "Choose the business to pay for" });
      if (body.plan === undefined) ctx.addIssue({ code: "custom", path: ["plan"], message: "Choose a plan" });
    }
    if (body.provider === undefined)
      ctx.addIssue({ code: "custom", path: ["provider"], message: chooseNetwork });
  });
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

/** POST /api/payments/:id/proof: the manual path's MoMo transaction reference, after paying. */
export const paymentProofRequest = z.object({
  paymentReference: momoTransactionReference,
  paymentPhone: requiredGhanaPhone("Payment phone"),
  /**
   * The network the transfer was sent from; may be left out when the order already names it (the
   * server refuses the proof when neither does).
   */
  provider: momoNetwork.optional(),
});
export type PaymentProofRequest = z.infer<typeof paymentProofRequest>;

/** POST /api/payments/:id/otp: the code Telecel Cash sends, when Paystack asks for it. */
export const paymentOtpRequest = z.object({
  otp: requiredText("Code", 12).regex(/^\d{4,8}$/, "Enter the code from the SMS (digits only)"),
});
export type PaymentOtpRequest = z.infer<typeof paymentOtpRequest>;

export const nextStepTypes = [
  /** Manual: send the amount to the merchant number with our reference, then submit the MoMo reference. */
  "send_momo",
  /** Manual: proof submitted; an admin checks it. */
  "wait_for_admin",
  /** Provider: approve the prompt on your phone (MTN, AirtelTigo). */
  "approve_on_phone",
  /** Provider: type the code sent by SMS (Telecel). */
  "enter_otp",
  "done",
  "failed",
] as const;

export const paymentNextStep = z.object({
  type: z.enum(nextStepTypes),
  /** What to tell the payer, e.g. Paystack's display text. */
  displayText: z.string(),
  merchantNumber: z.string().optional(),
  merchantName: z.string().optional(),
});
export type PaymentNextStep = z.infer<typeof paymentNextStep>;

/** The answer to POST /api/payments and its follow-ups. */
export const paymentResponse = z.object({
  id: z.number().int(),
  /** Our reference: put it in the MoMo message; Paystack gets it as the charge reference. */
  reference: z.string(),
  status: z.enum(paymentStatuses),
  /** Pesewas. */
  amount: z.number().int(),
  currency: z.literal("GHS"),
  nextStep: paymentNextStep.optional(),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** GET /api/payments/:id: the payer's own payment, with what a receipt shows. */
export const paymentDetail = paymentResponse.extend({
  /** What was paid for: a plan, Anigye+, or money onto a business's balance (its own endpoint). */
  purpose: z.enum([...paymentPurposes, "wallet_top_up"]),
  method: z.enum(paymentMethods),
  /** "Enterprise plan · Kofi's Chop Bar" or "Anigye+". */
  description: z.string(),
  plan: z.enum(planIds).nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  payerName: z.string(),
  paymentPhone: z.string().nullable(),
  provider: z.enum(momoProviderCodes).nullable(),
  /** The payer's MoMo transaction reference (manual path). */
  momoReference: z.string().nullable(),
  createdAt: z.string(),
  /** When the money was confirmed. */
  paidAt: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The admin's reason for a rejection, or why a payment was flagged. */
  reason: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const paymentList = z.object({ payments: z.array(paymentDetail) });
export type PaymentList = z.infer<typeof paymentList>;

/** GET /api/subscriptions/mine */
export const mySubscription = z.object({
  isPlus: z.boolean(),
  plusExpiresAt: z.string().nullable(),
  plusSince: z.string().nullable(),
  payments: z.array(paymentDetail),
});
export type MySubscription = z.infer<typeof mySubscription>;

// --- Admin ---------------------------------------------------------------------------------------

export const adminPaymentsPageSize = 25;

/** GET /api/admin/payments?status=&page= : oldest first, 25 a page. */
export const adminPaymentsQuery = z.object({
  status: z.enum(paymentStatuses, { error: "Unknown status" }).default("pending"),
  page: pageNumber,
});

export const adminPayment = paymentDetail.extend({
  /** Seconds since the payment was created. */
  ageSeconds: z.number().int(),
  /** The manual path waits for its MoMo reference before it reaches the queue. */
  proofSubmitted: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

export const adminPaymentList = z.object({
  payments: z.array(adminPayment),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Payments with this status, every page together. */
  total: z.number().int(),
});
export type AdminPaymentList = z.infer<typeof adminPaymentList>;

/** POST /api/admin/payments/:id/decision */
export const paymentDecisionRequest = z
  .object({
    status: z.enum(["verified", "rejected"], { error: "Choose verify or reject" }),
    notes: z
      .string()
      .trim()
      .max(500, "Notes must be at most 500 characters")
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((body, ctx) => {
    if (body.status === "rejected" && !body.notes)
      ctx.addIssue({ code: "custom", path: ["notes"], message: "Give the payer a reason for the rejection" });
  });
export type PaymentDecisionRequest = z.infer<typeof paymentDecisionRequest>;

/** The Paystack webhook always gets this when its signature is good. */
export const webhookAck = z.object({ received: z.literal(true) });
