import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { momentsPage, momentsQuery } from "../../../shared/contracts/moments";
import type { AuthDeps } from "../auth/auth-deps";
import { requireUser } from "../auth/current-user";
import { listMoments } from "./moments.service";

/** The consumer's discovery timeline. */
export function momentsRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/moments",
      { schema: { querystring: momentsQuery, response: { 200: momentsPage } } },
      async (request, reply) => {
        const user = await requireUser(deps.db, request);
        reply.header("cache-control", "private, no-cache");
        return listMoments(deps.db, user.id, request.query.before);
      },
    );
  };
}
