import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponse } from "../../../shared/contracts/auth";
import {
  adminCompaniesQuery,
  adminCompanyDetail,
  adminUpdateCompanyRequest,
  companyLinkLoginRequest,
  companyLoginRequest,
  companyLoginResponse,
  companyOtpRequest,
  companyProfile,
  companySetupRequest,
  companySignInLinkRequest,
  companyStatusRequest,
  companySummary,
  createCompanyRequest,
  createStaffRequest,
  resendSetupRequest,
  setCompanyPlanRequest,
  staffMember,
  updateCompanyProfileRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import type { Company } from "../../db/schema/companies";
import { AppError } from "../../lib/errors";
import { companyParams, staffParams } from "../../lib/route-params";
import { requireAdmin } from "../auth";
import { byIp, consumeRateLimit } from "../rate-limit";
import { findCompany, isCompanyActive, requireCompanyAccess, signedInCompanyId } from "./company-access";
import {
  authenticateCompany,
  checkCompanyLoginCode,
  completeCompanySetup,
  createCompanyAccount,
  resendSetupLink,
  sendCompanyLoginCode,
  sendCompanySignInLink,
  signInCompanyWithLink,
} from "./company-accounts.service";
import { loadAdminCompanyDetail } from "./company-admin.read-model";
import {
  resendSetupLinkAsAdmin,
  setCompanyPlan,
  setCompanyStatus,
  updateCompanyDetails,
} from "./company-admin.service";
import { listCompanyProfiles, loadCompanyProfile } from "./company-profile.read-model";
import { toCompanySummary, updateCompanyProfile } from "./company-profile.service";
import { addStaff, deactivateStaff, listStaff, unlockStaff } from "./counter-staff.service";

const pendingCodeCookie = "anigye_company_code";

/** Starts the business's session and answers with its summary. */
async function startCompanySession(reply: FastifyReply, company: Company, message = "Signed in.") {
  await reply.startSession({ kind: "company", companyId: company.id });
  return {
    success: true as const,
    requiresOtp: false,
    message,
    company: toCompanySummary(company),
  };
}

export function companiesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const pendingCookieOptions = {
      path: "/api/companies/login",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: deps.config.secureCookies,
      signed: true,
    };

    // --- Admin: register, list, inspect, correct, suspend, plan ----------------------------------
    app.post(
      "/api/admin/companies",
      {
        schema: {
          summary: "Register a business and send its setup link (admin)",
          body: createCompanyRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const company = await createCompanyAccount(deps, admin, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.get(
      "/api/admin/companies",
      {
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
        schema: {
          summary: "Correct a business's name, category, city, address or contacts; recorded (admin)",
          params: companyParams,
          body: adminUpdateCompanyRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const company = await updateCompanyDetails(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.post(
      "/api/admin/companies/:companyId/status",
      {
        schema: {
          summary: "Suspend a business (signs it out, hides its ads) or reactivate it, with a reason (admin)",
          params: companyParams,
          body: companyStatusRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const company = await setCompanyStatus(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    app.post(
      "/api/admin/companies/:companyId/setup-link",
      {
        schema: {
          summary: "Send a business a fresh setup link; recorded (admin)",
          params: companyParams,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        await resendSetupLinkAsAdmin(deps, admin, request.params.companyId);
        return { success: true as const, message: "A new setup link has been sent." };
      },
    );

    app.put(
      "/api/admin/companies/:companyId/plan",
      {
        schema: {
          summary: "Set a business's plan and paid-until date, with a reason; recorded (admin)",
          params: companyParams,
          body: setCompanyPlanRequest,
          response: { 200: companyProfile },
        },
      },
      async (request) => {
        const admin = await requireAdmin(request);
        const company = await setCompanyPlan(deps, admin, request.params.companyId, request.body);
        return loadCompanyProfile(deps.db, company, deps.now());
      },
    );

    // --- Setup link -----------------------------------------------------------------------------
    app.post(
      "/api/companies/setup",
      {
        schema: {
          summary: "Finish a business's setup: choose username and password",
          body: companySetupRequest,
          response: { 200: companyLoginResponse },
        },
      },
      async (request, reply) => {
        await consumeRateLimit(deps.db, byIp(request), {
          action: "company_setup",
          limit: 20,
          windowSeconds: 3600,
        });
        const company = await completeCompanySetup(deps, request.body);
        return startCompanySession(reply, company, "Your business account is ready.");
      },
    );

    app.post(
      "/api/companies/setup/resend",
      {
        schema: {
          summary: "Ask for a new setup link",
          body: resendSetupRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await consumeRateLimit(deps.db, byIp(request), {
          action: "company_setup_resend",
          limit: 10,
          windowSeconds: 3600,
        });
        // The same answer whether or not the business exists, and a per-business limit that stays quiet.
        await resendSetupLink(deps, request.body).catch((error: unknown) => {
          if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
        });
        return {
          success: true as const,
          message: "If the business still needs setting up, a new link is on its way.",
        };
      },
    );

    // --- Company sign-in (with the optional second step) -----------------------------------------
    app.post(
      "/api/companies/login",
      {
        schema: {
          summary: "Sign a business in with username and password",
          body: companyLoginRequest,
          response: { 200: companyLoginResponse },
        },
      },
      async (request, reply) => {
        await consumeRateLimit(deps.db, byIp(request), {
          action: "company_login",
          limit: 30,
          windowSeconds: 900,
        });
        const company = await authenticateCompany(deps, request.body, request.ip);
        if (company.otpEnabled && (company.contactEmail || company.contactPhone)) {
          const codeId = await sendCompanyLoginCode(deps, company);
          reply.setCookie(pendingCodeCookie, String(codeId), { ...pendingCookieOptions, maxAge: 600 });
          return {
            success: true as const,
            requiresOtp: true,
            message: `We sent a 6-digit code to your ${company.otpChannel === "sms" ? "phone" : "email"}.`,
            company: null,
          };
        }
        return startCompanySession(reply, company);
      },
    );

    app.post(
      "/api/companies/login/code",
      {
        schema: {
          summary: "Finish a business sign-in with the emailed or texted code",
          body: companyOtpRequest,
          response: { 200: companyLoginResponse },
        },
      },
      async (request, reply) => {
        const raw = request.cookies[pendingCodeCookie];
        const unsigned = raw ? request.unsignCookie(raw) : undefined;
        const codeId = unsigned?.valid ? Number(unsigned.value) : Number.NaN;
        if (!Number.isSafeInteger(codeId)) {
          throw new AppError("BAD_REQUEST", "Your sign-in code has expired. Sign in again.");
        }
        const companyId = await checkCompanyLoginCode(deps, codeId, request.body.code);
        reply.clearCookie(pendingCodeCookie, pendingCookieOptions);
        const company = await findCompany(deps.db, companyId);
        if (!company) throw new AppError("NOT_FOUND", "Company not found");
        return startCompanySession(reply, company);
      },
    );

    app.post(
      "/api/companies/send-login-link",
      {
        schema: {
          summary: "Send a business a one-time sign-in link",
          body: companySignInLinkRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await consumeRateLimit(deps.db, byIp(request), {
          action: "company_link",
          limit: 10,
          windowSeconds: 3600,
        });
        await consumeRateLimit(
          deps.db,
          { identifier: request.body.username.toLowerCase(), identifierType: "company" },
          { action: "company_link", limit: 3, windowSeconds: 600 },
        );
        await sendCompanySignInLink(deps, request.body.username);
        return {
          success: true as const,
          message: "If the username matches a business, we've sent a sign-in link to its email or phone.",
        };
      },
    );

    app.post(
      "/api/companies/login/link",
      {
        schema: {
          summary: "Sign a business in with a one-time link",
          body: companyLinkLoginRequest,
          response: { 200: companyLoginResponse },
        },
      },
      async (request, reply) => {
        await consumeRateLimit(deps.db, byIp(request), {
          action: "company_link_use",
          limit: 30,
          windowSeconds: 600,
        });
        const company = await signInCompanyWithLink(deps, request.body.token, request.ip);
        return startCompanySession(reply, company);
      },
    );

    app.post(
      "/api/companies/logout",
      { schema: { summary: "Sign a business out", response: { 200: messageResponse } } },
      async (_request, reply) => {
        await reply.endSession();
        return { success: true as const, message: "Signed out." };
      },
    );

    app.get(
      "/api/companies/me",
      {
        schema: {
          summary: "The business signed in on this device, if any",
          response: { 200: z.object({ company: companySummary.nullable() }) },
        },
      },
      async (request, reply) => {
        // A probe, not a guard: "no business signed in" is an answer (null), not an error, so pages that
        // merely check don't fill the browser console with 401s. Every business endpoint still refuses.
        reply.header("cache-control", "no-store");
        const companyId = await signedInCompanyId(request);
        const company = companyId ? await findCompany(deps.db, companyId) : undefined;
        if (company && !isCompanyActive(company)) {
          // A suspended business's session is over: this device signs in again (and is told why).
          await reply.endSession("business");
          return { company: null };
        }
        return { company: company ? toCompanySummary(company) : null };
      },
    );

    // --- The dashboard: profile, plan, staff -----------------------------------------------------
    app.get(
      "/api/companies/:companyId",
      {
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

    app.delete(
      "/api/companies/:companyId/staff/:staffId",
      {
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
