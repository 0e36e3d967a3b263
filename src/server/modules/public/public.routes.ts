import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { carouselResponse, publicStatsResponse } from "../../../shared/contracts/public";
import { cachedValue } from "../../lib/cached-value";
import { countPublicStats, findCarouselCompanies } from "./public-stats.read-model";

// Every signed-out visitor polls the counters every 10 s; a short cache keeps that off the database.
const statsCacheMs = 5_000;
const carouselCacheMs = 60_000;

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const stats = cachedValue(statsCacheMs, () => countPublicStats(app.db));
  const carousel = cachedValue(carouselCacheMs, () => findCarouselCompanies(app.db));

  app.get(
    "/api/stats/public",
    {
      schema: {
        summary: "Landing page counters (members, businesses)",
        response: { 200: publicStatsResponse },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=5");
      return stats.get();
    },
  );

  app.get(
    "/api/companies/carousel",
    { schema: { summary: "Partner logos for the landing page", response: { 200: carouselResponse } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return carousel.get();
    },
  );
};
