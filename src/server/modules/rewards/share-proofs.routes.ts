import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/contracts/ids";
import {
  myShareProofsResponse,
  shareProofRequest,
  shareProofResponse,
  shareVerifyRequest,
  staffShareProof,
  staffShareProofsQuery,
  staffShareProofsResponse,
} from "../../../shared/contracts/share-proofs";
import type { AppDeps } from "../../app-deps";
import { notFound } from "../../lib/errors";
import { requireStaff, requireUser } from "../auth";
import { byUser, consumeRateLimit } from "../rate-limit";
import { findStaffShareProof, listMyShareProofs, listShareProofs } from "./share-proofs.read-model";
import { decideShareProof, submitShareProof } from "./share-proofs.service";

/** A screenshot as a data URL is at most about 4 MB of JSON. */
const proofBodyLimit = 5 * 1024 * 1024;

export function shareProofsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/share-proofs",
      {
        config: { access: "member" },
        bodyLimit: proofBodyLimit,
        schema: {
          summary: "Send proof of sharing a reward (a link to the post or a screenshot)",
          body: shareProofRequest,
          response: { 201: shareProofResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        await consumeRateLimit(
          deps.db,
          byUser(user),
          { action: "share_proof", limit: 30, windowSeconds: 24 * 3600 },
          deps.now(),
        );
        const rewardId = await submitShareProof(deps, user.id, request.body);
        const [proof] = await listMyShareProofs(deps.db, user.id, rewardId);
        reply.code(201);
        return proof!;
      },
    );

    app.get(
      "/api/share-proofs/mine",
      {
        config: { access: "member" },
        schema: {
          summary: "The member's share proofs and their status",
          response: { 200: myShareProofsResponse },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header("cache-control", "private, no-cache");
        return { proofs: await listMyShareProofs(deps.db, user.id) };
      },
    );

    app.get(
      "/api/staff/share-proofs",
      {
        config: { access: "staff" },
        schema: {
          summary: "The share-proof queue, newest first (platform staff and admins)",
          querystring: staffShareProofsQuery,
          response: { 200: staffShareProofsResponse },
        },
      },
      async (request, reply) => {
        await requireStaff(request);
        reply.header("cache-control", "private, no-cache");
        return listShareProofs(deps.db, request.query.status, request.query.before);
      },
    );

    app.post(
      "/api/staff/share-proofs/:id/decision",
      {
        config: { access: "staff" },
        schema: {
          summary: "Verify or reject a share proof, once (platform staff and admins)",
          params: z.object({ id: idParam }),
          body: shareVerifyRequest,
          response: { 200: staffShareProof },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        await decideShareProof(deps, staff, request.params.id, request.body);
        const proof = await findStaffShareProof(deps.db, request.params.id);
        if (!proof) throw notFound("No share proof with that id");
        return proof;
      },
    );
  };
}
