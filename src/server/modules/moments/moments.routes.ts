import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { momentsPage, momentsQuery } from "../../../shared/contracts/moments";
import type { AppDeps } from "../../app-deps";
import { languageOf } from "../../lib/i18n";
import { requireUser } from "../auth";
import { badgesIn } from "../badges";
import { listMoments } from "./moments.read-model";

/** The consumer's discovery timeline. */
export function momentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/moments",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's discovery timeline, newest first",
          querystring: momentsQuery,
          response: { 200: momentsPage },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        const page = await listMoments(deps.db, user.id, request.query.before);
        // A badge's description is stored in English and said in the member's language, as on My Rewards.
        const language = languageOf(request);
        const items = page.items.map((moment) =>
          moment.kind === "badge" ? { ...moment, badge: badgesIn([moment.badge], language)[0]! } : moment,
        );
        return { ...page, items };
      },
    );
  };
}
