import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthDeps } from "../auth/auth-deps";

/** Company analytics (per ad and in total, as the plan allows). */
export function analyticsRoutes(_deps: AuthDeps): FastifyPluginAsyncZod {
  return async () => {};
}
