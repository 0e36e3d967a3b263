import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
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
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's numbers for the last N days, as its plan allows",
          params: companyParams,
          querystring: analyticsQuery,
          response: { 200: analyticsResponse },
        },
      },
      async (request, reply) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        reply.header("cache-control", "no-store");
        return loadCompanyAnalytics(deps.db, company, request.query.days, deps.now());
      },
    );

    app.get(
      "/api/companies/:companyId/analytics.csv",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "The same numbers as CSV (Enterprise plan)",
          params: companyParams,
          querystring: analyticsQuery,
          response: {
            200: {
              description: "A CSV file (UTF-8, every text cell quoted), one row per ad and day",
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
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
