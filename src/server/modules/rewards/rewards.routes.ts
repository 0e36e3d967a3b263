import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { myRewardsResponse, rewardsCollection } from "../../../shared/contracts/rewards";
import type { AppDeps } from "../../app-deps";
import { languageOf } from "../../lib/i18n";
import { requireUser } from "../auth";
import { badgesIn, listBadges } from "../badges";
import { currentDrawStanding } from "../draws";
import { listMemberRewards } from "./member-rewards.read-model";

export function rewardsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/rewards/mine",
      {
        config: { access: "member" },
        schema: { summary: "The member's rewards, newest first", response: { 200: myRewardsResponse } },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return listMemberRewards(deps.db, user.id, deps.now());
      },
    );

    app.get(
      "/api/rewards/collection",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's badges and this month's draw standing",
          response: { 200: rewardsCollection },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        const [badges, draw] = await Promise.all([
          listBadges(deps.db, user.id),
          currentDrawStanding(deps.db, user.id, deps.now()),
        ]);
        return { badges: badgesIn(badges, languageOf(request)), draw };
      },
    );
  };
}
