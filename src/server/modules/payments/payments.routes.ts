import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import { walletTopUpRequest } from "../../../shared/contracts/money";
import {
  adminPaymentList,
  adminPaymentsQuery,
  createPaymentRequest,
  mySubscription,
  paymentDecisionRequest,
  paymentDetail,
  paymentList,
  paymentOtpRequest,
  paymentProofRequest,
  paymentResponse,
  plansResponse,
  webhookAck,
} from "../../../shared/contracts/payments";
import type { AppDeps } from "../../app-deps";
import { AppError, forbidden, unauthenticated } from "../../lib/errors";
import { languageOf } from "../../lib/i18n";
import { currentUser, guardedAdmin, requireUser } from "../auth";
import { requireCompanyAccess, signedInCompanyId } from "../companies";
import { consumeRateLimit, type RateLimitSubject } from "../rate-limit";
import { manualMomoAccount } from "../settings";
import { decidePayment } from "./admin-payments.service";
import {
  createPayment,
  createTopUpPayment,
  type Payer,
  submitOtp,
  submitProof,
} from "./payment-orders.service";
import {
  findPaymentDetail,
  listCompanyPayments,
  listMemberPayments,
  listPaymentsByStatus,
  nextStepIn,
} from "./payments.read-model";
import { receivePaystackWebhook } from "./paystack-webhook.service";
import { listPlanOffers } from "./plan-offers";
import { recheckPendingPayment } from "./provider-confirmation.service";

const paymentParams = z.object({ id: idParam });

function payerSubject(payer: Payer): RateLimitSubject {
  return payer.kind === "company"
    ? { identifier: String(payer.companyId), identifierType: "company" }
    : { identifier: String(payer.userId), identifierType: "user" };
}
const companyIdParams = z.object({ companyId: idParam });

/** A loose description of Paystack's event body, for the API reference; the handler reads the raw bytes. */
const paystackEvent = z.looseObject({
  event: z.string().optional(),
  data: z.looseObject({ reference: z.string().optional() }).optional(),
});

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export function paymentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** Where manual payments go now (environment, else the admin's setting, else the demo account). */
  const manual = () => manualMomoAccount(deps.db, deps.config);

  async function payerFor(
    request: FastifyRequest,
    body: z.output<typeof createPaymentRequest>,
  ): Promise<Payer> {
    if (body.purpose === "plus") {
      const member = await requireUser(request);
      return { kind: "member", userId: member.id, email: member.email };
    }
    // Only the company's own owner pays for its plan (an admin verifies payments; never makes them).
    const ownCompanyId = await signedInCompanyId(request);
    if (ownCompanyId === undefined)
      throw unauthenticated("Sign in to your business account to pay for a plan");
    if (ownCompanyId !== body.companyId) throw forbidden();
    const company = await requireCompanyAccess(deps.db, request, ownCompanyId);
    return { kind: "company", companyId: company.id, email: company.contactEmail };
  }

  /**
   * Plan, Anigye+ and top-up orders count together, per payer, so nobody else's orders can stop them
   * paying; each provider order is a real charge on the payer's phone.
   */
  async function countPaymentOrder(payer: Payer) {
    await consumeRateLimit(
      deps.db,
      payerSubject(payer),
      { action: "payment_order", limit: 20, windowSeconds: 3600 },
      deps.now(),
    );
  }

  /** The payer's own payment (their Anigye+ or their company's plan); an admin may read any. */
  async function readablePayment(request: FastifyRequest, paymentId: number, { adminToo = true } = {}) {
    const found = await findPaymentDetail(deps.db, paymentId, await manual());
    const payment = found?.row.payment;
    if (payment) {
      const member = await currentUser(request);
      const ownCompanyId = await signedInCompanyId(request);
      const isPayer =
        (payment.userId !== null && payment.userId === member?.id) ||
        (payment.companyId !== null && payment.companyId === ownCompanyId);
      if (isPayer || (adminToo && member?.role === "admin")) return found;
      if (!member && ownCompanyId === undefined) throw unauthenticated();
    }
    throw new AppError("NOT_FOUND", "Payment not found");
  }

  return async (app) => {
    app.get(
      "/api/plans",
      {
        config: { access: "anyone" },
        schema: {
          summary: "The four business plans and Anigye+, with prices in pesewas and how to pay",
          response: { 200: plansResponse },
        },
      },
      async (request) => listPlanOffers(deps, languageOf(request)),
    );

    app.post(
      "/api/payments",
      {
        config: { access: "payer" },
        schema: {
          summary: "Pay for a business plan (its owner) or Anigye+ (a member) by mobile money",
          body: createPaymentRequest,
          response: { 201: paymentResponse },
        },
      },
      async (request, reply) => {
        const payer = await payerFor(request, request.body);
        await countPaymentOrder(payer);
        reply.code(201);
        return nextStepIn(await createPayment(deps, payer, request.body), languageOf(request));
      },
    );

    app.get(
      "/api/payments/:id",
      {
        config: { access: "payer" },
        schema: {
          summary: "One of the payer's own payments, with its receipt (admins: any)",
          params: paymentParams,
          response: { 200: paymentDetail },
        },
      },
      async (request) => {
        const found = await readablePayment(request, request.params.id);
        if (found.detail.status !== "pending") return nextStepIn(found.detail, languageOf(request));
        await recheckPendingPayment(deps, request.params.id);
        const detail = (await findPaymentDetail(deps.db, request.params.id, await manual()))!.detail;
        return nextStepIn(detail, languageOf(request));
      },
    );

    app.post(
      "/api/payments/:id/proof",
      {
        config: { access: "payer" },
        schema: {
          summary:
            "Manual MoMo: the payer gives the MoMo transaction ID, and the payment joins the admin queue",
          params: paymentParams,
          body: paymentProofRequest,
          response: { 200: paymentResponse },
        },
      },
      async (request) => {
        await readablePayment(request, request.params.id, { adminToo: false });
        return nextStepIn(await submitProof(deps, request.params.id, request.body), languageOf(request));
      },
    );

    app.post(
      "/api/payments/:id/otp",
      {
        config: { access: "payer" },
        schema: {
          summary: "Provider path: the code the network sent by SMS (Telecel Cash)",
          params: paymentParams,
          body: paymentOtpRequest,
          response: { 200: paymentResponse },
        },
      },
      async (request) => {
        await readablePayment(request, request.params.id, { adminToo: false });
        await consumeRateLimit(
          deps.db,
          { identifier: `payment:${request.params.id}`, identifierType: "account" },
          { action: "payment_otp", limit: 10, windowSeconds: 3600 },
          deps.now(),
        );
        return nextStepIn(await submitOtp(deps, request.params.id, request.body.otp), languageOf(request));
      },
    );

    app.get(
      "/api/subscriptions/mine",
      {
        config: { access: "member" },
        schema: { summary: "The member's Anigye+ status and payments", response: { 200: mySubscription } },
      },
      async (request) => {
        const member = await requireUser(request);
        return {
          isPlus: member.isPlus,
          plusExpiresAt: member.isPlus ? (member.subscriptionExpiresAt?.toISOString() ?? null) : null,
          plusSince: member.isPlus ? (member.plusSince?.toISOString() ?? null) : null,
          payments: (await listMemberPayments(deps.db, member.id, await manual())).map((payment) =>
            nextStepIn(payment, languageOf(request)),
          ),
        };
      },
    );

    app.post(
      "/api/companies/:companyId/wallet/top-ups",
      {
        config: { access: "businessOwner" },
        schema: {
          summary:
            "Put money on a business's balance (its owner), paid by mobile money like a plan; it lands once the payment succeeds",
          params: companyIdParams,
          body: walletTopUpRequest,
          response: { 201: paymentResponse },
        },
      },
      async (request, reply) => {
        const ownCompanyId = await signedInCompanyId(request);
        if (ownCompanyId === undefined)
          throw unauthenticated("Sign in to your business account to top up its balance");
        if (ownCompanyId !== request.params.companyId) throw forbidden();
        const company = await requireCompanyAccess(deps.db, request, ownCompanyId);
        const payer = { kind: "company" as const, companyId: company.id, email: company.contactEmail };
        await countPaymentOrder(payer);
        reply.code(201);
        return nextStepIn(await createTopUpPayment(deps, payer, request.body), languageOf(request));
      },
    );

    app.get(
      "/api/companies/:companyId/payments",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A company's plan payments and receipts (owner or admin)",
          params: companyIdParams,
          response: { 200: paymentList },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return { payments: await listCompanyPayments(deps.db, company.id, await manual()) };
      },
    );

    app.get(
      "/api/admin/payments",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Payments by status, oldest first, 25 a page (admins only); pending is the verification queue",
          querystring: adminPaymentsQuery,
          response: { 200: adminPaymentList },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return listPaymentsByStatus(deps.db, request.query, deps.now());
      },
    );

    app.post(
      "/api/admin/payments/:id/decision",
      {
        config: { access: "admin" },
        schema: {
          summary: "Verify or reject a payment (admins only); the payer is told either way",
          params: paymentParams,
          body: paymentDecisionRequest,
          response: { 200: paymentDetail },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        await decidePayment(deps, admin, request.params.id, request.body);
        return (await findPaymentDetail(deps.db, request.params.id, await manual()))!.detail;
      },
    );

    await app.register(async (scope) => {
      // Paystack signs the exact bytes it sends, so this route keeps them; a body that isn't JSON is kept too
      // and refused by the signature check, never by the parser.
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
        request.rawBody = body as Buffer;
        try {
          const parsed: unknown = JSON.parse((body as Buffer).toString("utf8"));
          done(null, parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {});
        } catch {
          done(null, {});
        }
      });
      scope.post(
        "/api/payments/paystack/webhook",
        {
          config: { access: "anyone", csrf: false },
          schema: {
            summary: "Paystack's events, signed with x-paystack-signature (HMAC-SHA512 of the raw body)",
            body: paystackEvent,
            response: { 200: webhookAck },
          },
        },
        async (request) => {
          await receivePaystackWebhook(
            deps,
            request.rawBody ?? Buffer.alloc(0),
            request.headers["x-paystack-signature"],
          );
          return { received: true as const };
        },
      );
    });
  };
}
