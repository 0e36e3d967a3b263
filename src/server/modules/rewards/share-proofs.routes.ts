import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
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
import { requireUser } from "../auth";
import { byUser, consumeRateLimit } from "../rate-limit";
import { staffReviewRoutes } from "../staff-review";
import { findStaffShareProof, listMyShareProofs, listShareProofs } from "./share-proofs.read-model";
import { decideShareProof, submitShareProof } from "./share-proofs.service";

/** A screenshot as a data URL is at most about 4 MB of JSON. */
const proofBodyLimit = 5 * 1024 * 1024;

/** Staff check share proofs through the shared review flow (modules/staff-review). */
const shareProofsQueue = {
  path: "share-proofs",
  listSummary: "The share-proof queue, newest first (platform staff and admins)",
  decisionSummary: "Verify or reject a share proof, once (platform staff and admins)",
  listQuery: staffShareProofsQuery,
  listResponse: staffShareProofsResponse,
  decisionBody: shareVerifyRequest,
  decidedItem: staffShareProof,
  list: (deps: AppDeps, query: z.infer<typeof staffShareProofsQuery>) =>
    listShareProofs(deps.db, query.status, query.before),
  decide: decideShareProof,
  async find(deps: AppDeps, id: number) {
    const proof = await findStaffShareProof(deps.db, id);
    if (!proof) throw notFound("No share proof with that id");
    return proof;
  },
};

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

    await app.register(staffReviewRoutes(deps, shareProofsQueue));
  };
}
