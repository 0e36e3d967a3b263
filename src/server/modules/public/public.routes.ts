import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notModifiedResponse } from "../../../shared/contracts/common";
import { carouselResponse, publicStatsResponse } from "../../../shared/contracts/public";
import { cachedValue } from "../../lib/cached-value";
import { EncodedAnswer, sendEncoded } from "../../lib/encoded-answer";
import { countPublicStats, findCarouselCompanies } from "./public-stats.read-model";

// Every signed-out visitor polls the counters every 10 s; a short cache keeps that off the database.
const statsCacheMs = 5_000;
const carouselCacheMs = 60_000;

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked against the contract and serialised once per refresh, then sent as they are.
  const stats = cachedValue(
    statsCacheMs,
    async () => new EncodedAnswer(publicStatsResponse.parse(await countPublicStats(app.db))),
  );
  const carousel = cachedValue(
    carouselCacheMs,
    async () => new EncodedAnswer(carouselResponse.parse(await findCarouselCompanies(app.db))),
  );

  app.get(
    "/api/stats/public",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Landing page counters (members, businesses)",
        response: { 200: publicStatsResponse, 304: notModifiedResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=5");
      return sendEncoded(request, reply, await stats.get());
    },
  );

  app.get(
    "/api/companies/carousel",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Partner logos for the landing page",
        response: { 200: carouselResponse, 304: notModifiedResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return sendEncoded(request, reply, await carousel.get());
    },
  );
};
