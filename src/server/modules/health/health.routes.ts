import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponse } from "../../../shared/contracts/public";
import { AppError } from "../../lib/errors";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    { schema: { summary: "Liveness and database check", response: { 200: healthResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw new AppError("UNAVAILABLE", "Database unavailable");
      }
      return { status: "ok" as const, database: "ok" as const };
    },
  );
};
