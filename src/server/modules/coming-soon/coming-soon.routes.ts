import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  comingSoonBusinessRequest,
  comingSoonResponse,
  comingSoonUserRequest,
} from "../../../shared/contracts/coming-soon";
import { messageFor } from "../../lib/i18n";
import { byIp, consumeRateLimit } from "../rate-limit";
import { registerEarlyAccessMember, registerMerchantInterest } from "./coming-soon.service";

// Generous: an event promoter may register a queue of people from one phone ('Register Another Person').
const signupLimit = { action: "coming_soon_signup", limit: 60, windowSeconds: 60 * 60 };

export const comingSoonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/coming-soon/users",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Join the early-access list as a member",
        body: comingSoonUserRequest,
        response: { 200: comingSoonResponse },
      },
    },
    async (request) => {
      await consumeRateLimit(app.db, byIp(request), signupLimit);
      const { alreadyRegistered, saying } = await registerEarlyAccessMember(
        app.db,
        request.body,
        app.deps.now(),
      );
      return {
        success: true as const,
        alreadyRegistered,
        message: messageFor(request, saying.message, saying.values),
      };
    },
  );

  app.post(
    "/api/coming-soon/businesses",
    {
      config: { access: "anyone" },
      schema: {
        summary: "Join the early-access list as a business",
        body: comingSoonBusinessRequest,
        response: { 200: comingSoonResponse },
      },
    },
    async (request) => {
      await consumeRateLimit(app.db, byIp(request), signupLimit);
      return registerMerchantInterest(app.db, request.body);
    },
  );
};
