import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDrawsResponse,
  claimPrizeResponse,
  competitionsResponse,
  createCompetitionRequest,
  drawPublic,
  drawRecord,
  drawsListResponse,
  myDrawEntries as myDrawEntriesResponse,
  runDrawRequest,
  updateDrawRequest,
} from "../../../shared/contracts/draws";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { notFound } from "../../lib/errors";
import { currentUser, guardedAdmin, requireUser } from "../auth";
import { claimPrize, createCompetition, runDraw, updateMonthlyDraw } from "./draw-run.service";
import { setDrawSeedKey } from "./draw-seeds";
import {
  type AnyDraw,
  drawPublicView,
  drawRecordView,
  findDraw,
  listAdminDraws,
  listCompetitions,
  listDraws,
} from "./draws.read-model";
import { myDrawEntries } from "./draws.service";

const idParams = z.object({ id: idParam });
const kinds = [
  { kind: "monthly", base: "/api/draws", noun: "monthly prize draw" },
  { kind: "competition", base: "/api/competitions", noun: "competition" },
] as const;

/** Provably fair draws: public pages and records, the winner's claim, and the admin's draw. */
export function drawsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Seeds are sealed with the configuration's key from the first draw this app opens (main.ts seals
    // the older ones at start, after migrating).
    setDrawSeedKey(deps.config.configEncryptionKey);

    async function loadDraw(kind: AnyDraw["kind"], id: number) {
      const draw = await findDraw(deps.db, kind, id);
      if (!draw) throw notFound("No such draw");
      return draw;
    }

    app.get(
      "/api/draws",
      {
        config: { access: "anyone" },
        schema: {
          summary: "The latest monthly draws and competitions (public)",
          response: { 200: drawsListResponse },
        },
      },
      async () => ({ draws: await listDraws(deps.db, deps.now(), 12) }),
    );

    app.get(
      "/api/draws/mine",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's entries in this month's draw and where they came from",
          response: { 200: myDrawEntriesResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return myDrawEntries(deps.db, user.id, deps.now());
      },
    );

    app.get(
      "/api/competitions",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary: "Current competitions with their requirements and, signed in, the member's progress",
          response: { 200: competitionsResponse },
        },
      },
      async (request, reply) => {
        const viewer = await currentUser(request);
        if (viewer) reply.header("cache-control", "private, no-cache");
        return { competitions: await listCompetitions(deps.db, deps.now(), viewer?.id) };
      },
    );

    for (const { kind, base, noun } of kinds) {
      app.get(
        `${base}/:id`,
        {
          config: { access: "signedOutOrMember" },
          schema: {
            summary: `A ${noun}: commitment, entries, revealed seed and winner (public)`,
            params: idParams,
            response: { 200: drawPublic },
          },
        },
        async (request, reply) => {
          const draw = await loadDraw(kind, request.params.id);
          const viewer = await currentUser(request);
          if (viewer) reply.header("cache-control", "private, no-cache");
          return drawPublicView(deps.db, draw, viewer?.id);
        },
      );

      app.get(
        `${base}/:id/record`,
        {
          config: { access: "signedOutOrMember" },
          schema: {
            summary: `The ${noun}'s full record as a JSON file that npm run verify-draw checks`,
            params: idParams,
            response: { 200: drawRecord },
          },
        },
        async (request, reply) => {
          const draw = await loadDraw(kind, request.params.id);
          reply.header(
            "content-disposition",
            `attachment; filename="anigye-${kind}-draw-${draw.row.id}.json"`,
          );
          return drawRecordView(deps.db, draw, deps.now());
        },
      );

      app.post(
        `${base}/:id/claim`,
        {
          config: { access: "member" },
          schema: {
            summary: `The winner claims the ${noun}'s prize`,
            params: idParams,
            response: { 200: claimPrizeResponse },
          },
        },
        async (request) => {
          const user = await requireUser(request);
          return claimPrize(deps, kind, request.params.id, user.id);
        },
      );
    }

    app.get(
      "/api/admin/draws",
      {
        config: { access: "admin" },
        schema: {
          summary: "Monthly draws and competitions with their status and winners (admins)",
          response: { 200: adminDrawsResponse },
        },
      },
      async () => {
        return { draws: await listAdminDraws(deps.db, deps.now()) };
      },
    );

    app.put(
      "/api/admin/draws/:id",
      {
        config: { access: "admin" },
        schema: {
          summary: "Set a monthly draw's prize, draw date and announced public randomness (admins)",
          params: idParams,
          body: updateDrawRequest,
          response: { 200: drawPublic },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        await updateMonthlyDraw(deps, request.params.id, request.body, admin);
        return drawPublicView(deps.db, await loadDraw("monthly", request.params.id), admin.id);
      },
    );

    app.post(
      "/api/admin/competitions",
      {
        config: { access: "admin" },
        schema: {
          summary: "Create a monthly competition (admins)",
          body: createCompetitionRequest,
          response: { 201: drawPublic },
        },
      },
      async (request, reply) => {
        const admin = guardedAdmin(request);
        const id = await createCompetition(deps, request.body, admin);
        reply.code(201);
        return drawPublicView(deps.db, await loadDraw("competition", id), admin.id);
      },
    );

    for (const { kind, noun } of kinds) {
      const path = kind === "monthly" ? "/api/admin/draws/:id/draw" : "/api/admin/competitions/:id/draw";
      app.post(
        path,
        {
          config: { access: "admin" },
          schema: {
            summary: `Run the ${noun}: reveal the seed and draw the winner (admins)`,
            params: idParams,
            body: runDrawRequest,
            response: { 200: drawPublic },
          },
        },
        async (request) => {
          const admin = guardedAdmin(request);
          await runDraw(deps, kind, request.params.id, {
            publicRandomness: request.body.publicRandomness,
            actor: admin,
          });
          return drawPublicView(deps.db, await loadDraw(kind, request.params.id), admin.id);
        },
      );
    }
  };
}
