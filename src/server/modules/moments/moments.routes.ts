import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { momentsPage, momentsQuery } from "../../../shared/contracts/moments";
import type { AppDeps } from "../../app-deps";
import { requireUser } from "../auth";
import { listMoments } from "./moments.read-model";

/** The consumer's discovery timeline. */
export function momentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/moments",
      {
        schema: {
          summary: "The member's discovery timeline, newest first",
          querystring: momentsQuery,
          response: { 200: momentsPage },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return listMoments(deps.db, user.id, request.query.before);
      },
    );
  };
}
