import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthDeps } from "../auth/auth-deps";

/** The consumer's discovery timeline. */
export function momentsRoutes(_deps: AuthDeps): FastifyPluginAsyncZod {
  return async () => {};
}
