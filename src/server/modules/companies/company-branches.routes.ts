import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  branch,
  branchesResponse,
  createBranchRequest,
  updateBranchRequest,
} from "../../../shared/contracts/branches";
import { idParam } from "../../../shared/contracts/ids";
import type { AppDeps } from "../../app-deps";
import { companyParams } from "../../lib/route-params";
import { requireCompanyAccess } from "./company-access";
import {
  addBranch,
  type BranchListeners,
  branchLimitOf,
  listBranches,
  removeBranch,
  updateBranch,
} from "./company-branches.service";

const branchParams = companyParams.extend({ branchId: idParam });

/** A business's branches (its owner, or an admin): list, add, change, remove. */
export function companyBranchesRoutes(deps: AppDeps, listeners: BranchListeners): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/companies/:companyId/branches",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's branches and its plan's branch limit (owner or admin)",
          params: companyParams,
          response: { 200: branchesResponse },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const [branches, limit] = await Promise.all([
          listBranches(deps.db, company.id),
          branchLimitOf(deps.db, company),
        ]);
        return { branches, limit };
      },
    );

    app.post(
      "/api/companies/:companyId/branches",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Add a branch while the plan allows another (owner or admin)",
          params: companyParams,
          body: createBranchRequest,
          response: { 201: branch },
        },
      },
      async (request, reply) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const created = await addBranch(deps.db, company.id, request.body);
        return reply.status(201).send(created);
      },
    );

    app.patch(
      "/api/companies/:companyId/branches/:branchId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Change a branch's name, address, pin, phone or hours (owner or admin)",
          params: branchParams,
          body: updateBranchRequest,
          response: { 200: branch },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return updateBranch(deps.db, company.id, request.params.branchId, request.body, listeners);
      },
    );

    app.delete(
      "/api/companies/:companyId/branches/:branchId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Remove a branch; its staff and ads name no branch after (owner or admin)",
          params: branchParams,
          response: { 204: z.null().describe("Removed") },
        },
      },
      async (request, reply) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        await removeBranch(deps.db, company.id, request.params.branchId, listeners);
        return reply.status(204).send(null);
      },
    );
  };
}
