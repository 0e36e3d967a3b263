import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  auditQuery,
  auditResponse,
  settingItem,
  settingKeyParams,
  settingsResponse,
  updateSettingRequest,
} from "../../../shared/contracts/admin";
import type { AppDeps } from "../../app-deps";
import { listAudit } from "../audit";
import { guardedAdmin } from "../auth";
import { listSettings, updateSetting } from "../settings";

/** The platform's own screens for admins: settings and the audit log. */
export function adminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/settings",
      {
        config: { access: "admin" },
        schema: {
          summary: "Platform settings with their values, defaults and bounds (admins)",
          response: { 200: settingsResponse },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return { settings: await listSettings(deps.db, deps.config) };
      },
    );

    app.put(
      "/api/admin/settings/:key",
      {
        config: { access: "admin" },
        schema: {
          summary: "Change one platform setting; the change is recorded in the audit log (admins)",
          params: settingKeyParams,
          body: updateSettingRequest,
          response: { 200: settingItem },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        return updateSetting(deps.db, deps.config, request.params.key, request.body.value, admin, deps.now());
      },
    );

    app.get(
      "/api/admin/audit",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "The audit log of admin and staff actions, newest first, filtered by actor and action (admins)",
          querystring: auditQuery,
          response: { 200: auditResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return listAudit(deps.db, request.query);
      },
    );
  };
}
