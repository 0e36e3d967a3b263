import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthResponse, readinessResponse } from "../../../shared/contracts/public";
import { AppError } from "../../lib/errors";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      config: { access: "anyone" },
      schema: { summary: "Liveness and database check", response: { 200: healthResponse } },
    },
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

  app.get(
    "/api/health/ready",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Readiness: this instance can serve (the database answers within 2 s); 503 otherwise",
        response: { 200: readinessResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("database check timed out")), 2_000).unref(),
      );
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } catch (error) {
        request.log.warn({ err: error }, "not ready: database unreachable");
        throw new AppError("UNAVAILABLE", "Not ready: the database is unavailable", undefined, {
          "retry-after": "5",
        });
      }
      return { status: "ready" as const, database: "ok" as const };
    },
  );
};
