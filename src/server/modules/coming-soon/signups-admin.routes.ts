import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  inviteSignupResponse,
  signupParams,
  signupsExportQuery,
  signupsQuery,
  signupsResponse,
} from "../../../shared/contracts/signups";
import type { AppDeps } from "../../app-deps";
import { guardedAdmin } from "../auth";
import { exportSignupsCsv, inviteSignup, listSignups } from "./signups-admin.service";

/** The early-access lists for admins: read them, export them, invite people from them. */
export function signupsAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/signups",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Early-access signups of one kind (consumers or merchants), newest first, 25 a page, searchable by name, email or phone (admins)",
          querystring: signupsQuery,
          response: { 200: signupsResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return listSignups(deps.db, request.query);
      },
    );

    app.get(
      "/api/admin/signups/export.csv",
      {
        config: { access: "admin" },
        schema: {
          summary: "Every early-access signup of one kind matching the filter, as CSV, oldest first (admins)",
          querystring: signupsExportQuery,
          response: {
            200: {
              description:
                "A UTF-8 CSV file with a byte-order mark, streamed; cells that a spreadsheet would run as a formula start with a single quote",
              content: { "text/csv": { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const csv = exportSignupsCsv(deps, request.query);
        return (
          reply
            .header("cache-control", "no-store")
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${csv.filename}"`)
            // Fastify pipes a stream as it is; the schema's string only describes the file for the reference.
            .send(csv.body as unknown as string)
        );
      },
    );

    app.post(
      "/api/admin/signups/:kind/:id/invite",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Email a waiting signup their invitation (consumers: a registration link; merchants: the plans and next steps) and mark it converted; 409 if it already was (admins)",
          params: signupParams,
          response: { 200: inviteSignupResponse },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        return inviteSignup(deps, request.params.kind, request.params.id, admin);
      },
    );
  };
}
