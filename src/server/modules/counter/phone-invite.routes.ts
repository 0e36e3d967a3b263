import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { phoneInviteHolding, phoneInviteParams } from "../../../shared/contracts/counter";
import type { AppDeps } from "../../app-deps";
import { readPhoneInvite } from "./phone-invite.read-model";

/**
 * The public read behind a shop's invite SMS link: anyone with the link, no session. Not throttled: the
 * token is 128 random bits, so there is nothing to guess, and a limit per address would only stop people
 * behind one mobile network's shared address.
 */
export function phoneInviteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/phone-invites/:token",
      {
        config: { access: "anyone" },
        schema: {
          summary: "What the shop that sent a phone invite holds for the number (by the link's token)",
          params: phoneInviteParams,
          response: { 200: phoneInviteHolding },
        },
      },
      async (request) => readPhoneInvite(deps.db, request.params.token, deps.now()),
    );
  };
}
