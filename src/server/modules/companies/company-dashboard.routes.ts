import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  companyProfile,
  createStaffRequest,
  staffMember,
  updateCompanyProfileRequest,
  updateStaffRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import { companyParams, staffParams } from "../../lib/route-params";
import { requireCompanyAccess } from "./company-access";
import { loadCompanyProfile } from "./company-profile.read-model";
import { updateCompanyProfile } from "./company-profile.service";
import {
  addStaff,
  assignStaffBranch,
  deactivateStaff,
  listStaff,
  unlockStaff,
} from "./counter-staff.service";

/** A business's dashboard (its owner, or an admin): profile, plan and counter staff. */
export function companyDashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/companies/:companyId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's profile and plan (owner or admin)",
          params: companyParams,
          response: { 200: companyProfile },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.patch(
      "/api/companies/:companyId/profile",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Update a business's profile (owner or admin)",
          params: companyParams,
          body: updateCompanyProfileRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const company = await requireCompanyAccess(deps.db, request, request.params.companyId);
        const updated = await updateCompanyProfile(deps.db, company, request.body);
        return loadCompanyProfile(deps.db, updated, deps.now());
      },
    );

    app.get(
      "/api/companies/:companyId/staff",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "A business's counter staff (owner or admin)",
          params: companyParams,
          response: { 200: z.array(staffMember) },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return listStaff(deps.db, request.params.companyId, deps.now());
      },
    );

    app.post(
      "/api/companies/:companyId/staff",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Add a counter staff member with a PIN (owner or admin)",
          params: companyParams,
          body: createStaffRequest,
          response: { 200: staffMember },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return addStaff(deps.db, request.params.companyId, request.body, deps.now());
      },
    );

    app.patch(
      "/api/companies/:companyId/staff/:staffId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary:
            "Assign a counter staff member to one of the business's branches, or none (owner or admin)",
          params: staffParams,
          body: updateStaffRequest,
          response: { 200: staffMember },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        const { companyId, staffId } = request.params;
        return assignStaffBranch(deps.db, companyId, staffId, request.body.branchId, deps.now());
      },
    );

    app.delete(
      "/api/companies/:companyId/staff/:staffId",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Deactivate a counter staff member (owner or admin)",
          params: staffParams,
          response: { 200: staffMember },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return deactivateStaff(deps.db, request.params.companyId, request.params.staffId, deps.now());
      },
    );

    app.post(
      "/api/companies/:companyId/staff/:staffId/unlock",
      {
        config: { access: "ownerOrAdmin" },
        schema: {
          summary: "Let a staff member locked out by wrong PINs sign in again (owner or admin)",
          params: staffParams,
          response: { 200: staffMember },
        },
      },
      async (request) => {
        await requireCompanyAccess(deps.db, request, request.params.companyId);
        return unlockStaff(deps.db, request.params.companyId, request.params.staffId, deps.now());
      },
    );
  };
}
