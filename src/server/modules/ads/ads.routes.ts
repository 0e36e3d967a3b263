import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adInput, companyAd, discoveryAd, discoveryQuery, viewerAd } from "../../../shared/contracts/ads";
import { messageResponse } from "../../../shared/contracts/auth";
import { notModifiedResponse } from "../../../shared/contracts/common";
import { idParam, idSchema } from "../../../shared/contracts/ids";
import { interactionRequest, likeState } from "../../../shared/contracts/interactions";
import type { AppDeps } from "../../app-deps";
import { sendEncoded } from "../../lib/encoded-answer";
import { AppError } from "../../lib/errors";
import { adParams, companyParams } from "../../lib/route-params";
import { requireUser } from "../auth";
import { requireCompanyAccess } from "../companies";
import { byUser, consumeRateLimit } from "../rate-limit";
import { createAd, deleteAd, listCompanyAds, setAdPaused, updateAd } from "./ads.service";
import { filterVisibleAdIds, findDiscoveryAds, findViewerAd } from "./discovery.read-model";
import type { DiscoveryFeed } from "./discovery-feed.read-model";
import type { ImpressionCounter } from "./impressions";
import { likeAd, recordInteraction, unlikeAd } from "./interactions.service";

const impressionsRequest = z.object({ adIds: z.array(idSchema).min(1).max(50) });

export function adsRoutes(
  deps: AppDeps,
  impressions: ImpressionCounter,
  feed: DiscoveryFeed,
): FastifyPluginAsyncZod {
  return async (app) => {
    /** A business's change to its ads shows in Discover at once on this instance (others within seconds). */
    const shownAtOnce = <T>(result: T): T => {
      deps.discoveryChanged();
      return result;
    };
    app.get(
      "/api/ads/discovery",
      {
        config: { access: "member" },
        schema: {
          summary: "Discover: the ads a signed-in member may watch, best first",
          querystring: discoveryQuery,
          response: {
            200: z.array(discoveryAd),
            304: notModifiedResponse,
          },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        const { sort } = request.query;
        if (sort === "near") return findDiscoveryAds(deps.db, user, request.query, deps.now());
        // A poll whose copy is current is answered 304 before any card is built.
        return sendEncoded(request, reply, await feed.page(user, sort, deps.now()));
      },
    );

    app.get(
      "/api/ads/:adId",
      {
        config: { access: "member" },
        schema: {
          summary: "One ad for the viewer, if the member may see it",
          params: z.object({ adId: idParam }),
          response: { 200: viewerAd },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        const ad = await findViewerAd(deps.db, user, request.params.adId, deps.now());
        if (!ad) throw new AppError("NOT_FOUND", "This ad is not available");
        reply.header("cache-control", "private, no-cache");
        return ad;
      },
    );

    const adIdParams = z.object({ adId: idParam });
    /** Likes, shares and map visits: a signed-in member, at most 60 a minute. */
    const memberWithinInteractionRate = async (request: FastifyRequest) => {
      const user = await requireUser(request);
      await consumeRateLimit(
        deps.db,
        byUser(user),
        { action: "ad_interactions", limit: 60, windowSeconds: 60 },
        deps.now(),
      );
      return user;
    };

    app.put(
      "/api/ads/:adId/like",
      {
        config: { access: "member" },
        schema: { summary: "Like an ad (once per member)", params: adIdParams, response: { 200: likeState } },
      },
      async (request) => {
        const user = await memberWithinInteractionRate(request);
        return likeAd(deps.db, user, request.params.adId, deps.now());
      },
    );

    app.delete(
      "/api/ads/:adId/like",
      {
        config: { access: "member" },
        schema: { summary: "Take back a like", params: adIdParams, response: { 200: likeState } },
      },
      async (request) => {
        const user = await memberWithinInteractionRate(request);
        return unlikeAd(deps.db, user, request.params.adId, deps.now());
      },
    );

    app.post(
      "/api/ads/:adId/interactions",
      {
        config: { access: "member" },
        schema: {
          summary: "Record a share or a map-link visit",
          params: adIdParams,
          body: interactionRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const user = await memberWithinInteractionRate(request);
        await recordInteraction(deps.db, user, request.params.adId, request.body, deps.now());
        return { success: true as const, message: "Recorded" };
      },
    );

    app.post(
      "/api/ads/impressions",
      {
        config: { access: "member" },
        schema: {
          summary: "Report ads shown on screen (counted once per member per day)",
          body: impressionsRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        await consumeRateLimit(
          deps.db,
          byUser(user),
          { action: "ad_impressions", limit: 60, windowSeconds: 60 },
          deps.now(),
        );
        impressions.record(user.id, await filterVisibleAdIds(deps.db, user, request.body.adIds, deps.now()));
        return { success: true as const, message: "Recorded" };
      },
    );

    app.get(
      "/api/companies/:companyId/ads",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's ads (owner or admin)",
          params: companyParams,
          response: { 200: z.array(companyAd) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return listCompanyAds(deps.db, request.params.companyId, deps.now());
      },
    );

    app.post(
      "/api/companies/:companyId/ads",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Create an ad within the plan (owner or admin)",
          params: companyParams,
          body: adInput,
          response: { 200: companyAd },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return shownAtOnce(await createAd(deps, company, request.body));
      },
    );

    app.put(
      "/api/companies/:companyId/ads/:adId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Edit an ad (owner or admin)",
          params: adParams,
          body: adInput,
          response: { 200: companyAd },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return shownAtOnce(await updateAd(deps, company, request.params.adId, request.body));
      },
    );

    for (const action of ["pause", "resume"] as const) {
      app.post(
        `/api/companies/:companyId/ads/:adId/${action}`,
        {
          config: { access: "ownerOrAdmin" },
          schema: {
            summary: "Pause or resume an ad (owner or admin)",
            params: adParams,
            response: { 200: companyAd },
          },
        },
        async (request) => {
          const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
          return shownAtOnce(await setAdPaused(deps, company, request.params.adId, action === "pause"));
        },
      );
    }

    app.delete(
      "/api/companies/:companyId/ads/:adId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Delete an ad (owner or admin)",
          params: adParams,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        await deleteAd(deps, company, request.params.adId);
        return shownAtOnce({ success: true as const, message: "Ad deleted" });
      },
    );
  };
}
