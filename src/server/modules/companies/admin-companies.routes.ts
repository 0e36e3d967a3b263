import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponse } from "../../../shared/contracts/auth";
import {
  adminCompaniesQuery,
  adminCompanyDetail,
  adminUpdateCompanyRequest,
  companyProfile,
  companyStatusRequest,
  createCompanyRequest,
  setCompanyPlanRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { companyParams } from "../../lib/route-params";
import { guardedAdmin } from "../auth";
import { findCompany } from "./company-access";
import { createCompanyAccount } from "./company-accounts.service";
import { loadAdminCompanyDetail } from "./company-admin.read-model";
import {
  resendSetupLinkAsAdmin,
  setCompanyPlan,
  setCompanyStatus,
  updateCompanyDetails,
} from "./company-admin.service";
import { listCompanyProfiles, loadCompanyProfile } from "./company-profile.read-model";

/** The admin's businesses: register, list, inspect, correct, suspend, plan. */
export function adminCompaniesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/admin/companies",
      {
        config: { access: "admin" },
        schema: {
          summary: "Register a business and send its setup link (admin)",
          body: createCompanyRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const company = await createCompanyAccount(deps, admin, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.get(
      "/api/admin/companies",
      {
        config: { access: "admin" },
        schema: {
          summary: "Businesses, newest first, 25 a page, searched and filtered (admin)",
          description:
            "`q` matches part of the name, username or contact email. The number of businesses that match (every page together) is in the `X-Total-Count` response header.",
          querystring: adminCompaniesQuery,
          response: { 200: z.array(companyProfile) },
        },
      },
      async (request, reply) => {
        const page = await listCompanyProfiles(deps.db, request.query, deps.now());
        reply.header("cache-control", "no-store");
        reply.header("x-total-count", String(page.total));
        return page.companies;
      },
    );

    app.get(
      "/api/admin/companies/:companyId",
      {
        config: { access: "admin" },
        schema: {
          summary: "One business in full: profile, plan, recent payments, ads, staff, scans, setup (admin)",
          params: companyParams,
          response: { 200: adminCompanyDetail },
        },
      },
      async (request, reply) => {
        const company = await findCompany(deps.db, request.params.companyId);
        if (!company) throw new AppError("NOT_FOUND", "Company not found");
        reply.header("cache-control", "no-store");
        return loadAdminCompanyDetail(deps.db, company, deps.now());
      },
    );

    app.patch(
      "/api/admin/companies/:companyId",
      {
        config: { access: "admin" },
        schema: {
          summary: "Correct a business's name, category, city, address or contacts; recorded (admin)",
          params: companyParams,
          body: adminUpdateCompanyRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const company = await updateCompanyDetails(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.post(
      "/api/admin/companies/:companyId/status",
      {
        config: { access: "admin" },
        schema: {
          summary: "Suspend a business (signs it out, hides its ads) or reactivate it, with a reason (admin)",
          params: companyParams,
          body: companyStatusRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const company = await setCompanyStatus(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.post(
      "/api/admin/companies/:companyId/setup-link",
      {
        config: { access: "admin" },
        schema: {
          summary: "Send a business a fresh setup link; recorded (admin)",
          params: companyParams,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        await resendSetupLinkAsAdmin(deps, admin, request.params.companyId);
        return { success: true as const, message: "A new setup link has been sent." };
      },
    );

    app.put(
      "/api/admin/companies/:companyId/plan",
      {
        config: { access: "admin" },
        schema: {
          summary: "Set a business's plan and paid-until date, with a reason; recorded (admin)",
          params: companyParams,
          body: setCompanyPlanRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        const company = await setCompanyPlan(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );
  };
}
