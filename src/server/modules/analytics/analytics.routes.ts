import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analyticsQuery, analyticsResponse } from "../../../shared/contracts/analytics";
import type { AppDeps } from "../../app-deps";
import { companyParams } from "../../lib/route-params";
import { requireCompanyAccess } from "../companies";
import { exportCompanyAnalyticsCsv, loadCompanyAnalytics } from "./analytics.read-model";

/** Company analytics (per ad and in total, as the plan allows): the owner or a platform admin. */
export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/companies/:companyId/analytics",
      {
        schema: { params: companyParams, querystring: analyticsQuery, response: { 200: analyticsResponse } },
      },
      async (request, reply) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        reply.header("cache-control", "no-store");
        return loadCompanyAnalytics(deps.db, company, request.query.days, deps.now());
      },
    );

    app.get(
      "/api/companies/:companyId/analytics.csv",
      { schema: { params: companyParams, querystring: analyticsQuery } },
      async (request, reply) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const csv = await exportCompanyAnalyticsCsv(deps.db, company, request.query.days, deps.now());
        return reply
          .header("cache-control", "no-store")
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${csv.filename}"`)
          .send(csv.body);
      },
    );
  };
}
