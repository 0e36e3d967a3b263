import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authProvidersResponse,
  authResponse,
  forgotPasswordRequest,
  loginRequest,
  messageResponse,
  phoneSignInCodeRequest,
  phoneSignInRequest,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  sendEmailLinkRequest,
  sendPhoneOtpRequest,
  signInLinkRequest,
  verificationState,
  verifyEmailRequest,
  verifyOtpRequest,
  verifyResponse,
} from "../../../shared/contracts/auth";
import { sessionUser } from "../../../shared/contracts/session";
import type { AppDeps } from "../../app-deps";
import type { User } from "../../db/schema/auth";
import { signalsOf } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import { messageFor } from "../../lib/i18n";
import { knownDeviceOf, memberDevices, rememberSignIn } from "../../lib/known-devices";
import { byIp, consumeRateLimit, type RateLimitRule, type RateLimitSubject } from "../rate-limit";
import { effectiveGoogleSettings } from "../settings";
import {
  authenticate,
  registerAccount,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  sendRegistrationCode,
  verificationStateOf,
  verifyEmailLink,
  verifyRegistrationCode,
} from "./accounts.service";
import { currentUser, requireUser, toSessionUser } from "./current-user";
import { askPhoneSignInCode, signInWithPhoneCode } from "./phone-members.service";
import { sendMemberSignInLink, signInMemberWithLink } from "./sign-in-links.service";

const minutes = (n: number) => n * 60;
const limits = {
  // 30 an hour per IP: a sign-up table at a market or a shop's Wi-Fi is one address for everyone there,
  // and an account earns nothing until its email is verified.
  register: { action: "register", limit: 30, windowSeconds: minutes(60) },
  // Generous per IP: many phones share one carrier-grade NAT address in Ghana.
  loginPerIp: { action: "login", limit: 100, windowSeconds: minutes(15) },
  // Per requester's address only: what one account may be sent is capped in the services, silently
  // (docs/product-rules.md#accounts-messages-a-stranger-can-cause), so no stranger can stop the owner's.
  emailLinkPerIp: { action: "email_link", limit: 10, windowSeconds: minutes(60) },
  otpSendPerIp: { action: "otp_send", limit: 20, windowSeconds: minutes(60) },
  otpVerifyPerIp: { action: "otp_verify", limit: 30, windowSeconds: minutes(10) },
  verifyEmailPerIp: { action: "verify_email", limit: 30, windowSeconds: minutes(10) },
  forgotPerIp: { action: "forgot_password", limit: 10, windowSeconds: minutes(60) },
} satisfies Record<string, RateLimitRule>;

/**
 * Starts the member's session and answers with the login response (its fields are binding). This device
 * is known to the account from now on (docs/product-rules.md#accounts-wrong-passwords-across-addresses).
 */
async function startMemberSession(reply: FastifyReply, user: User, secureCookies: boolean) {
  rememberSignIn(reply.request, reply, memberDevices, user.id, secureCookies);
  await reply.startSession({ kind: "user", userId: user.id });
  return {
    success: true as const,
    message: messageFor(reply.request, "You have successfully logged in."),
    user: toSessionUser(user),
  };
}

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = (subject: RateLimitSubject, rule: RateLimitRule) =>
      consumeRateLimit(deps.db, subject, rule, deps.now());

    app.get(
      "/api/auth/providers",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Which sign-in methods and checks are on",
          response: { 200: authProvidersResponse },
        },
      },
      async () => ({
        // The environment's Google settings or the admin screen's (saved ones turn the button on at once).
        google: Boolean(await effectiveGoogleSettings(deps.db, deps.config)),
        requirePhoneVerification: deps.config.requirePhoneVerification,
      }),
    );

    app.post(
      "/api/auth/register",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Create a member account (signed in, to be verified)",
          body: registerRequest,
          response: { 200: registerResponse },
        },
      },
      async (request, reply) => {
        await limit(byIp(request), limits.register);
        const user = await registerAccount(deps, request.body, signalsOf(request).deviceFingerprint);
        rememberSignIn(request, reply, memberDevices, user.id, deps.config.secureCookies);
        await reply.startSession({ kind: "user", userId: user.id });
        return {
          success: true as const,
          requiresVerification: true,
          message: messageFor(
            request,
            user.phoneNumber
              ? "Account Created! Verify your email and phone to activate your account."
              : "Account Created! Check your email to activate your account.",
          ),
          user: toSessionUser(user),
        };
      },
    );

    app.post(
      "/api/auth/login",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Sign in with email and password",
          body: loginRequest,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        await limit(byIp(request), limits.loginPerIp);
        const device = knownDeviceOf(request, memberDevices);
        const user = await authenticate(deps, request.body, { address: request.ip, device });
        return startMemberSession(reply, user, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/auth/login/link",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Sign in with an emailed one-time link",
          body: signInLinkRequest,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        await limit(byIp(request), limits.verifyEmailPerIp);
        const user = await signInMemberWithLink(deps, request.body.token, request.ip);
        return startMemberSession(reply, user, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/auth/phone/code",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Text a sign-in code to a member's verified phone number",
          body: phoneSignInCodeRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.otpSendPerIp);
        await askPhoneSignInCode(deps, request.body.phoneNumber);
        return {
          success: true as const,
          message: messageFor(
            request,
            "If an account has this number, we've sent it a sign-in code. It works for 10 minutes.",
          ),
        };
      },
    );

    app.post(
      "/api/auth/phone/sign-in",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Sign in with a phone number and the code texted to it",
          body: phoneSignInRequest,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        await limit(byIp(request), limits.loginPerIp);
        const device = knownDeviceOf(request, memberDevices);
        const user = await signInWithPhoneCode(deps, request.body, { address: request.ip, device });
        return startMemberSession(reply, user, deps.config.secureCookies);
      },
    );

    app.post(
      "/api/auth/logout",
      {
        config: { access: "signedOutOrMember" },
        schema: { summary: "Sign out", response: { 200: messageResponse } },
      },
      async (request, reply) => {
        await reply.endSession();
        return { success: true as const, message: messageFor(request, "You have been logged out.") };
      },
    );

    app.get(
      "/api/auth/me",
      {
        config: { access: "member" },
        schema: { summary: "The signed-in member", response: { 200: z.object({ user: sessionUser }) } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { user: toSessionUser(await requireUser(request)) };
      },
    );

    app.get(
      "/api/auth/verification",
      {
        config: { access: "member" },
        schema: {
          summary: "Where the signed-in member's verification stands",
          response: { 200: z.object({ verification: verificationState }) },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { verification: verificationStateOf(deps, await requireUser(request)) };
      },
    );

    app.post(
      "/api/auth/send-email-link",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Send a verification, password-reset or sign-in link",
          body: sendEmailLinkRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.emailLinkPerIp);
        if (request.body.purpose === "login") {
          await sendMemberSignInLink(deps, request.body.email);
          return {
            success: true as const,
            message: messageFor(
              request,
              "If an account matches, we've sent a sign-in link. It works once, for 15 minutes.",
            ),
          };
        }
        if (request.body.purpose === "password_reset") {
          await requestPasswordReset(deps, request.body.email);
          return {
            success: true as const,
            message: messageFor(request, "If an account matches, we've sent a link to reset your password."),
          };
        }
        await resendVerificationEmail(deps, request.body.email);
        return {
          success: true as const,
          message: messageFor(request, "Verification link sent. Check your inbox."),
        };
      },
    );

    app.post(
      "/api/auth/verify-email",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary: "Verify an email address with its link",
          body: verifyEmailRequest,
          response: { 200: verifyResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.verifyEmailPerIp);
        const { user, verification } = await verifyEmailLink(deps, request.body.token);
        // The link may be opened on another device: only the account's own session sees its details.
        const viewer = await currentUser(request);
        return {
          success: true as const,
          message: messageFor(request, verification.activated ? "Account Activated!" : "Email verified."),
          verification,
          user: viewer?.id === user.id ? toSessionUser(user) : null,
        };
      },
    );

    app.post(
      "/api/auth/send-phone-otp",
      {
        config: { access: "signedOutOrMember" },
        schema: {
          summary: "Send a 6-digit code by SMS",
          body: sendPhoneOtpRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.otpSendPerIp);
        const { phoneNumber, purpose } = request.body;
        if (purpose === "password_reset") {
          await requestPasswordReset(deps, phoneNumber);
        } else if (purpose === "login") {
          throw new AppError("BAD_REQUEST", "Sign in with your email and password");
        } else {
          await sendRegistrationCode(deps, await requireUser(request), phoneNumber);
        }
        return {
          success: true as const,
          message: messageFor(request, "SMS OTP Sent. The code expires in 10 minutes."),
        };
      },
    );

    app.post(
      "/api/auth/verify-otp",
      {
        config: { access: "member" },
        schema: {
          summary: "Verify a phone number with its SMS code",
          body: verifyOtpRequest,
          response: { 200: verifyResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.otpVerifyPerIp);
        const { phoneNumber, otp, purpose } = request.body;
        if (purpose !== "registration") {
          throw new AppError("BAD_REQUEST", "Use this code on the reset password screen");
        }
        const user = await requireUser(request);
        const result = await verifyRegistrationCode(deps, user, phoneNumber, otp);
        return {
          success: true as const,
          message: messageFor(
            request,
            result.verification.activated ? "Phone Verified! Account Activated!" : "Phone Verified!",
          ),
          verification: result.verification,
          user: toSessionUser(result.user),
        };
      },
    );

    app.post(
      "/api/auth/forgot-password",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Ask for a password reset (email link or SMS code)",
          body: forgotPasswordRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.forgotPerIp);
        await requestPasswordReset(deps, request.body.identifier);
        return {
          success: true as const,
          message: messageFor(
            request,
            "If an account matches, we've sent instructions to reset your password.",
          ),
        };
      },
    );

    app.post(
      "/api/auth/reset-password",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Set a new password with a reset link or SMS code",
          body: resetPasswordRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        await limit(byIp(request), limits.otpVerifyPerIp);
        await resetPassword(deps, request.body);
        return {
          success: true as const,
          message: messageFor(request, "Password changed. Sign in with your new password."),
        };
      },
    );
  };
}
