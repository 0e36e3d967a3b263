import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminWithdrawal,
  adminWithdrawalList,
  adminWithdrawalsQuery,
  myCashback,
  payoutAccount,
  payoutAccountRequest,
  payoutCodeSent,
  withdrawal,
  withdrawalDecision,
  withdrawalRequest,
} from "../../../shared/contracts/cashback";
import { idParam } from "../../../shared/contracts/ids";
import {
  campaign,
  campaignChange,
  campaignList,
  campaignReport,
  campaignReportQuery,
  campaignRequest,
  walletQuery,
  walletResponse,
} from "../../../shared/contracts/money";
import type { AppDeps } from "../../app-deps";
import { signalsOf } from "../../lib/client-signals";
import { AppError, unauthenticated } from "../../lib/errors";
import { guardedAdmin, requireUser } from "../auth";
import { requireCompanyAccess, signedInCompanyId } from "../companies";
import { campaignReportCsv, campaignReport as readCampaignReport } from "./campaign-report.read-model";
import { companyCampaigns } from "./campaigns.read-model";
import { campaignMinimumPrice, changeCampaign, createCampaign } from "./campaigns.service";
import { memberCashback } from "./member-cashback.read-model";
import { payoutAccountView, setPayoutAccount } from "./payout-account.service";
import { companyWallet } from "./wallet.service";
import { requestWithdrawal } from "./withdrawals.service";
import { withdrawalsForAdmin } from "./withdrawals-admin.read-model";
import { decideWithdrawal } from "./withdrawals-admin.service";

const companyIdParams = z.object({ companyId: idParam });
const campaignParams = z.object({ companyId: idParam, campaignId: idParam });

export function moneyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/cashback/mine",
      {
        config: { access: "member" },
        schema: {
          summary:
            "The member's cashback: her balance, what her unused cashback rewards hold, their history and her payout wallet",
          response: { 200: myCashback },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return memberCashback(deps.db, user.id, deps.now());
      },
    );

    app.put(
      "/api/cashback/payout-account",
      {
        config: { access: "member" },
        schema: {
          summary:
            "Set the MoMo wallet the member's cashback is paid to: registered with the provider before it is saved; a number other than her verified phone first gets a texted code (202), then is saved with it",
          body: payoutAccountRequest,
          response: { 200: payoutAccount, 202: payoutCodeSent },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const outcome = await setPayoutAccount(
          deps,
          user,
          request.body,
          signalsOf(request).deviceFingerprint,
        );
        if ("codeSent" in outcome) {
          reply.code(202);
          return outcome;
        }
        return payoutAccountView(outcome.account, deps.now());
      },
    );

    app.post(
      "/api/cashback/withdrawals",
      {
        config: { access: "member" },
        schema: {
          summary:
            "Withdraw cashback to the member's MoMo wallet: the same idempotency key is the same withdrawal; queued for the provider, held a day after a new device or number, or in review for a risky member",
          body: withdrawalRequest,
          response: { 201: withdrawal },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const session = await request.getSession();
        reply.code(201);
        return requestWithdrawal(deps, user, request.body, {
          sessionStartedAt: session?.createdAt,
          deviceFingerprint: signalsOf(request).deviceFingerprint,
        });
      },
    );

    app.get(
      "/api/admin/withdrawals",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Cashback withdrawals in one state, oldest first: the review queue by default (admins only)",
          querystring: adminWithdrawalsQuery,
          response: { 200: adminWithdrawalList },
        },
      },
      async (request) => {
        guardedAdmin(request);
        return {
          withdrawals: await withdrawalsForAdmin(deps.db, request.query.status),
          paidByHand: deps.paystack === undefined,
        };
      },
    );

    app.post(
      "/api/admin/withdrawals/:id/decision",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Approve or reject a withdrawal waiting for an admin; one paid by hand is approved with its MoMo transaction ID (admins only)",
          params: z.object({ id: idParam }),
          body: withdrawalDecision,
          response: { 200: adminWithdrawal },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        return decideWithdrawal(deps, admin.id, request.params.id, request.body);
      },
    );

    app.get(
      "/api/companies/:companyId/wallet",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary:
            "A business's balance in pesewas and its movements, newest first, 50 a page (owner or admin)",
          params: companyIdParams,
          querystring: walletQuery,
          response: { 200: walletResponse },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return companyWallet(deps.db, company.id, request.query.before);
      },
    );

    app.post(
      "/api/companies/:companyId/campaigns",
      {
        config: { access: "businessOwner" },
        schema: {
          summary:
            "Start a pay-per-view campaign on one of the business's ads: each completed view charged to its balance, within a daily cap and a total budget (its owner)",
          params: companyIdParams,
          body: campaignRequest,
          response: { 201: campaign },
        },
      },
      async (request, reply) => {
        const company = await requireOwnCompany(deps, request, request.params.companyId);
        reply.code(201);
        return createCampaign(deps.db, company.id, request.body, deps.now());
      },
    );

    app.get(
      "/api/companies/:companyId/campaigns",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's pay-per-view campaigns, newest first, with today's spend (owner or admin)",
          params: companyIdParams,
          response: { 200: campaignList },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const [campaigns, minPricePerViewPesewas] = await Promise.all([
          companyCampaigns(deps.db, company.id, deps.now()),
          campaignMinimumPrice(deps.db),
        ]);
        return { campaigns, minPricePerViewPesewas };
      },
    );

    const reportOf = async (
      request: {
        params: { companyId: number; campaignId: number };
        query: { from?: string; to?: string };
      } & FastifyRequest,
    ) => {
      const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
      const report = await readCampaignReport(
        deps.db,
        company.id,
        request.params.campaignId,
        request.query,
        deps.now(),
      );
      if (!report) throw new AppError("NOT_FOUND", "Campaign not found");
      return report;
    };

    app.get(
      "/api/companies/:companyId/campaigns/:campaignId/report",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary:
            "A campaign's completed views day by day (charged, free, refunded), its spend, the rewards used at the counter and the cost of each (owner or admin)",
          params: campaignParams,
          querystring: campaignReportQuery,
          response: { 200: campaignReport },
        },
      },
      async (request) => reportOf(request),
    );

    app.get(
      "/api/companies/:companyId/campaigns/:campaignId/report.csv",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "The same report as CSV (owner or admin)",
          params: campaignParams,
          querystring: campaignReportQuery,
          response: {
            200: {
              description: "A CSV file (UTF-8), one row per Accra day, amounts in GH₵",
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const report = await reportOf(request);
        return reply
          .header("cache-control", "no-store")
          .header("content-type", "text/csv; charset=utf-8")
          .header(
            "content-disposition",
            `attachment; filename="campaign-${report.campaignId}-${report.from}-${report.to}.csv"`,
          )
          .send(campaignReportCsv(report));
      },
    );

    app.patch(
      "/api/companies/:companyId/campaigns/:campaignId",
      {
        config: { access: "businessOwner" },
        schema: {
          summary: "Pause or resume a campaign, or change its daily cap or total budget (its owner)",
          params: campaignParams,
          body: campaignChange,
          response: { 200: campaign },
        },
      },
      async (request) => {
        const company = await requireOwnCompany(deps, request, request.params.companyId);
        return changeCampaign(deps.db, company.id, request.params.campaignId, request.body, deps.now());
      },
    );
  };
}

/** Spending the balance is the owner's decision: an admin reads campaigns but doesn't start or change them. */
async function requireOwnCompany(deps: AppDeps, request: FastifyRequest, companyId: number) {
  if ((await signedInCompanyId(request)) === undefined) {
    throw unauthenticated("Sign in to your business account to run its campaigns");
  }
  return requireCompanyAccess(deps.db, request, companyId);
}
