import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  loyaltyCardsResponse,
  loyaltyPlace,
  loyaltyProgram,
  loyaltyProgramRequest,
  loyaltyProgramResponse,
  memberQr,
} from "../../../shared/contracts/counter";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { companyParams } from "../../lib/route-params";
import { currentUser, requireUser } from "../auth";
import { requireCompanyAccess } from "../companies";
import { memberPrizePoints } from "../ledger";
import { dailyPointsLimit, pointsReceivedToday } from "../points";
import { readProgram, saveProgram } from "./loyalty-program.service";
import { listMemberCards, loadLoyaltyPlace } from "./member-cards.read-model";
import { issueMemberQr } from "./member-qr.service";

const placeParams = z.object({ companyId: idParam });

export function loyaltyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/loyalty/qr",
      {
        config: { access: "member" },
        schema: {
          summary: "A fresh personal loyalty QR (valid 60 s; ask again every 30 s) and its typed short code",
          response: { 200: memberQr },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "no-store");
        return issueMemberQr(deps.db, user.id, deps.now());
      },
    );

    app.get(
      "/api/loyalty/cards",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's stamp cards and counter points",
          response: { 200: loyaltyCardsResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        const now = deps.now();
        const [cards, pointsBalance, pointsToday, dailyPointLimit] = await Promise.all([
          listMemberCards(deps.db, user.id),
          memberPrizePoints(deps.db, user.id),
          pointsReceivedToday(deps.db, user.id, now),
          dailyPointsLimit(deps.db),
        ]);
        return { cards, pointsBalance, pointsToday, dailyPointLimit };
      },
    );

    app.get(
      "/api/loyalty/places/:companyId",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary:
            "What a shop's poster QR opens: the shop, its loyalty program, its ads, and the member's card",
          params: placeParams,
          response: { 200: loyaltyPlace },
        },
      },
      async (request) => {
        const user = await currentUser(request);
        const place = await loadLoyaltyPlace(deps.db, request.params.companyId, user?.id, deps.now());
        if (!place) throw new AppError("NOT_FOUND", "This shop is not on Anigye");
        return place;
      },
    );

    app.get(
      "/api/companies/:companyId/loyalty-program",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "The business's stamp-card program, or null (owner or admin)",
          params: companyParams,
          response: { 200: loyaltyProgramResponse },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return { program: await readProgram(deps.db, request.params.companyId) };
      },
    );

    app.put(
      "/api/companies/:companyId/loyalty-program",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Set up or change the business's stamp-card program (owner or admin)",
          params: companyParams,
          body: loyaltyProgramRequest,
          response: { 200: loyaltyProgram },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return saveProgram(deps.db, request.params.companyId, request.body, deps.now());
      },
    );
  };
}
