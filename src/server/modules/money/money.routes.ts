import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import { walletQuery, walletResponse } from "../../../shared/contracts/money";
import type { AppDeps } from "../../app-deps";
import { requireCompanyAccess } from "../companies";
import { companyWallet } from "./wallet.service";

const companyIdParams = z.object({ companyId: idParam });

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
  };
}
