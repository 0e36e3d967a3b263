import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationsQuery,
  notificationsResponse,
} from "../../../shared/contracts/notifications";
import type { AppDeps } from "../../app-deps";
import { languageOf } from "../../lib/i18n";
import { requireUser } from "../auth";
import { listNotifications, markNotificationsRead } from "./notifications.service";

export function notificationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/notifications",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's notifications, newest first, with the unread count",
          querystring: notificationsQuery,
          response: { 200: notificationsResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return listNotifications(deps.db, user.id, languageOf(request), request.query.before);
      },
    );

    app.post(
      "/api/notifications/read",
      {
        config: { access: "member" },
        schema: {
          summary: "Mark some or all of the member's notifications read",
          body: markNotificationsReadRequest,
          response: { 200: markNotificationsReadResponse },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return markNotificationsRead(deps.db, user.id, request.body.ids, deps.now());
      },
    );
  };
}
