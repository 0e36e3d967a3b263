import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import {
  campaign,
  campaignChange,
  campaignList,
  campaignRequest,
  walletQuery,
  walletResponse,
} from "../../../shared/contracts/money";
import type { AppDeps } from "../../app-deps";
import { unauthenticated } from "../../lib/errors";
import { requireCompanyAccess, signedInCompanyId } from "../companies";
import { companyCampaigns } from "./campaigns.read-model";
import { changeCampaign, createCampaign } from "./campaigns.service";
import { companyWallet } from "./wallet.service";

const companyIdParams = z.object({ companyId: idParam });
const campaignParams = z.object({ companyId: idParam, campaignId: idParam });

export function moneyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
        return { campaigns: await companyCampaigns(deps.db, company.id, deps.now()) };
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
