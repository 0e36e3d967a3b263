import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponse } from "../../../shared/contracts/auth";
import {
  companyLinkLoginRequest,
  companyLoginRequest,
  companyLoginResponse,
  companyOtpRequest,
  companySetupRequest,
  companySignInLinkRequest,
  companySummary,
  resendSetupRequest,
} from "../../../shared/contracts/companies";
import type { AppDeps } from "../../app-deps";
import type { Company } from "../../db/schema/companies";
import { AppError } from "../../lib/errors";
import { businessDevices, knownDeviceOf, rememberSignIn } from "../../lib/known-devices";
import { byIp, consumeRateLimit } from "../rate-limit";
import { findCompany, isCompanyActive, signedInCompanyId } from "./company-access";
import {
  authenticateCompany,
  checkCompanyLoginCode,
  completeCompanySetup,
  resendSetupLink,
  sendCompanyLoginCode,
  sendCompanySignInLink,
  signInCompanyWithLink,
} from "./company-accounts.service";
import { toCompanySummary } from "./company-profile.service";

const pendingCodeCookie = "anigye_company_code";

/**
 * Starts the business's session and answers with its summary. The device is known to the business from
 * now on, so a stranger's wrong passwords never close its password sign-in
 * (docs/product-rules.md#accounts-wrong-passwords-across-addresses).
 */
async function startCompanySession(
  reply: FastifyReply,
  company: Company,
  secureCookies: boolean,
  message = "Signed in.",
) {
  rememberSignIn(reply.request, reply, businessDevices, company.id, secureCookies);
  await reply.startSession({ kind: "company", companyId: company.id });
  return {
    success: true as const,
    requiresOtp: false,
    message,
    company: toCompanySummary(company),
  };
}

/** A business's way in: its setup link, sign-in (with the optional second step), sign-out and "who am I". */
export function companySignInRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const pendingCookieOptions = {
      path: "/api/companies/login",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: deps.config.secureCookies,
      signed: true,
    };

    // --- Setup link -----------------------------------------------------------------------------
    app.post(
      "/api/companies/setup",
      {
        config: { access: "anyone" },
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
        return startCompanySession(
          reply,
          company,
          deps.config.secureCookies,
          "Your business account is ready.",
        );
      },
    );

    app.post(
      "/api/companies/setup/resend",
      {
        config: { access: "anyone" },
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
        config: { access: "anyone" },
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
        const device = knownDeviceOf(request, businessDevices);
        const company = await authenticateCompany(deps, request.body, { address: request.ip, device });
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
        return startCompanySession(reply, company, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/companies/login/code",
      {
        config: { access: "anyone" },
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
        return startCompanySession(reply, company, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/companies/send-login-link",
      {
        config: { access: "anyone" },
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
        // Per requester's address only: what one business may be sent is capped in the service, silently
        // (docs/product-rules.md#accounts-messages-a-stranger-can-cause).
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
        config: { access: "anyone" },
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
        return startCompanySession(reply, company, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/companies/logout",
      {
        config: { access: "signedOutOrBusiness" },
        schema: { summary: "Sign a business out", response: { 200: messageResponse } },
      },
      async (_request, reply) => {
        await reply.endSession("business");
        return { success: true as const, message: "Signed out." };
      },
    );

    app.get(
      "/api/companies/me",
      {
        config: { access: "signedOutOrBusiness" },
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
  };
}
