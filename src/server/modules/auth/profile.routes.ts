import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageResponse } from "../../../shared/contracts/auth";
import {
  changeEmailRequest,
  changePasswordRequest,
  changePhoneRequest,
  deleteAccountRequest,
  onboardingRequest,
  preferencesRequest,
  profileResponse,
  updateProfileRequest,
} from "../../../shared/contracts/profile";
import type { AppDeps } from "../../app-deps";
import { messageFor } from "../../lib/i18n";
import { sessionCookieName } from "../../lib/session-cookies";
import { requireUser } from "./current-user";
import {
  changeEmail,
  changePassword,
  changePhone,
  deleteAccount,
  saveOnboarding,
  signOutEverywhere,
  toProfile,
  updatePreferences,
  updateProfile,
} from "./profile.service";

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const profile = { response: { 200: profileResponse } };

    app.get(
      "/api/profile",
      { config: { access: "member" }, schema: { ...profile, summary: "The member's profile" } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return toProfile(await requireUser(request));
      },
    );

    app.put(
      "/api/profile/onboarding",
      {
        config: { access: "member" },
        schema: { summary: "Save onboarding answers", ...profile, body: onboardingRequest },
      },
      async (request) => saveOnboarding(deps, await requireUser(request), request.body),
    );

    app.patch(
      "/api/profile",
      {
        config: { access: "member" },
        schema: {
          summary: "Rename the member (display name, username)",
          ...profile,
          body: updateProfileRequest,
        },
      },
      async (request) => updateProfile(deps, await requireUser(request), request.body),
    );

    app.put(
      "/api/profile/preferences",
      {
        config: { access: "member" },
        schema: {
          summary: "Set the member's SMS consent, leaderboard opt-out and language",
          ...profile,
          body: preferencesRequest,
        },
      },
      async (request) => updatePreferences(deps, await requireUser(request), request.body),
    );

    app.post(
      "/api/profile/email",
      {
        config: { access: "member" },
        schema: {
          summary: "Change the member's email (to be verified again)",
          ...profile,
          body: changeEmailRequest,
        },
      },
      async (request) =>
        changeEmail(deps, await requireUser(request), request.body.email, request.body.password),
    );

    app.post(
      "/api/profile/phone",
      {
        config: { access: "member" },
        schema: {
          summary: "Change or remove the member's phone number",
          ...profile,
          body: changePhoneRequest,
        },
      },
      async (request) => changePhone(deps, await requireUser(request), request.body.phoneNumber),
    );

    app.post(
      "/api/profile/password",
      {
        config: { access: "member" },
        schema: {
          summary: "Change the member's password",
          body: changePasswordRequest,
          response: { 200: messageResponse },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        await changePassword(deps, user, request.body, request.cookies[sessionCookieName]);
        return {
          success: true as const,
          message: messageFor(request, "Password changed. Other devices have been signed out."),
        };
      },
    );

    app.post(
      "/api/profile/sign-out-everywhere",
      {
        config: { access: "member" },
        schema: { summary: "Sign the member out on every device", response: { 200: messageResponse } },
      },
      async (request, reply) => {
        await signOutEverywhere(deps, await requireUser(request));
        await reply.endSession();
        return {
          success: true as const,
          message: messageFor(request, "You have been signed out on every device."),
        };
      },
    );

    app.delete(
      "/api/profile",
      {
        config: { access: "member" },
        schema: {
          summary: "Delete the member's account and personal data",
          body: deleteAccountRequest,
          response: { 200: messageResponse },
        },
      },
      async (request, reply) => {
        await deleteAccount(deps, await requireUser(request), request.body.password);
        await reply.endSession();
        return {
          success: true as const,
          message: messageFor(request, "Your account and personal data have been deleted."),
        };
      },
    );
  };
}
