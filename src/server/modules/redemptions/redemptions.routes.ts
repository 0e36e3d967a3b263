import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { redeemRequest, redeemResponse, rewardQr } from "../../../shared/contracts/counter";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { signalsOf } from "../../lib/client-signals";
import { messageFor } from "../../lib/i18n";
import { requireUser } from "../auth";
import { redeemOwnReward } from "./own-redemption.service";
import { issueRewardQr } from "./redemptions.service";

const rewardParams = z.object({ id: idParam });

export function redemptionsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/rewards/:id/qr",
      {
        config: { access: "member" },
        schema: {
          summary: "A fresh QR for the member's own reward (signed, single use, valid 2 minutes)",
          params: rewardParams,
          response: { 200: rewardQr },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return issueRewardQr(deps.db, deps.config.sessionSecret, user.id, request.params.id, deps.now());
      },
    );

    app.post(
      "/api/redemptions",
      {
        config: { access: "member" },
        schema: {
          summary: "Use the member's own reward: an online code (self) or with a staff member's code (staff)",
          body: redeemRequest,
          response: { 200: redeemResponse },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        const redeemed = await redeemOwnReward(deps, user.id, request.body, signalsOf(request));
        return {
          success: true as const,
          message:
            request.body.method === "staff"
              ? messageFor(request, "Redeemed with {staff}. Enjoy!", { staff: String(redeemed.staffName) })
              : messageFor(request, "Marked as used. Enjoy your discount!"),
          redemption: {
            id: redeemed.redemptionId,
            rewardId: redeemed.rewardId,
            method: request.body.method,
            redemptionNumber: redeemed.redemptionNumber,
            redeemedAt: redeemed.redeemedAt.toISOString(),
            staffName: redeemed.staffName,
          },
        };
      },
    );
  };
}
