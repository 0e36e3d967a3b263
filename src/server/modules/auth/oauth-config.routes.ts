import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  oauthConfigResponse,
  testOAuthIssuerRequest,
  testOAuthIssuerResponse,
  updateOAuthConfigRequest,
} from "../../../shared/contracts/oauth-config";
import type { AppDeps } from "../../app-deps";
import { assertIssuerAllowed, describeGoogleOAuthConfig, saveGoogleOAuthConfig } from "../settings";
import { guardedAdmin } from "./current-user";
import { testGoogleIssuer } from "./google.service";

/**
 * Admins set Google sign-in from the screen (stored encrypted by the settings module). These routes live
 * with Google sign-in in auth, which owns the admin check: settings cannot import auth (auth reads settings).
 */
export function oauthConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/oauth-config",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Google sign-in settings in force and where they come from; never the client secret (admins)",
          response: { 200: oauthConfigResponse },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "private, no-cache");
        return { google: await describeGoogleOAuthConfig(deps.db, deps.config) };
      },
    );

    app.put(
      "/api/admin/oauth-config",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Save Google sign-in settings, encrypted; leave clientSecret out to keep the saved one. Refused (409) while the environment sets them (admins)",
          body: updateOAuthConfigRequest,
          response: { 200: oauthConfigResponse },
        },
      },
      async (request) => {
        const admin = guardedAdmin(request);
        return {
          google: await saveGoogleOAuthConfig(deps.db, deps.config, request.body, admin, deps.now()),
        };
      },
    );

    app.post(
      "/api/admin/oauth-config/test",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Fetch <issuer>/.well-known/openid-configuration (5 s at most) and report its endpoints or why it failed (admins)",
          body: testOAuthIssuerRequest,
          response: { 200: testOAuthIssuerResponse },
        },
      },
      async (request) => {
        assertIssuerAllowed(request.body.issuer, deps.config.isProduction);
        return testGoogleIssuer(request.body.issuer, deps.config.isProduction);
      },
    );
  };
}
