import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import {
  progressRequest,
  progressResponse,
  startWatchRequest,
  watchSession,
} from "../../../shared/contracts/watch";
import type { AppDeps } from "../../app-deps";
import { signalsOf } from "../../lib/client-signals";
import { languageOf } from "../../lib/i18n";
import { requireUser } from "../auth";
import { badgesIn } from "../badges";
import { byUser, consumeRateLimit } from "../rate-limit";
import { reportProgress, startWatch } from "./watch.service";

const sessionParams = z.object({ sessionId: idParam });

export function watchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/watch/sessions",
      {
        config: { access: "member" },
        schema: {
          summary: "Start a server-timed view of an ad",
          body: startWatchRequest,
          response: { 200: watchSession },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        await consumeRateLimit(
          deps.db,
          byUser(user),
          { action: "watch_start", limit: 120, windowSeconds: 3600 },
          deps.now(),
        );
        return startWatch(deps, user, request.body.adId, signalsOf(request));
      },
    );

    app.post(
      "/api/watch/sessions/:sessionId/progress",
      {
        config: { access: "member" },
        schema: {
          summary: "Report watching progress; the reward comes with the completing report",
          params: sessionParams,
          body: progressRequest,
          response: { 200: progressResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const progress = await reportProgress(
          deps,
          user,
          request.params.sessionId,
          request.body.watchedSeconds,
          signalsOf(request),
        );
        const { reward } = progress;
        // A report short of the minimum moves only the view's seconds: the member's kept session stays.
        if (!progress.completed) reply.leftMemberUnchanged();
        if (!reward) return progress;
        return { ...progress, reward: { ...reward, badges: badgesIn(reward.badges, languageOf(request)) } };
      },
    );
  };
}
