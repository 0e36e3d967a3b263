import { randomBytes } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../lib/errors";
import { googleSignInResolver, type PendingGoogleSignIn, signInWithGoogle } from "./google.service";

const flowCookie = "anigye_oidc";
const flowLifetimeSeconds = 10 * 60;

function loginWithError(message: string): string {
  return `/login?error=${encodeURIComponent(message)}`;
}

/** Browser navigations (not API calls): `/auth/google` starts Google sign-in, the callback finishes it. */
export function googleRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // The environment's settings, else the admin screen's: resolved on each sign-in, no restart needed.
    const resolveGoogle = googleSignInResolver(deps, `${deps.config.appUrl}/auth/google/callback`);
    const currentGoogle = (request: FastifyRequest) =>
      resolveGoogle().catch((error) => {
        request.log.error({ err: error }, "could not read the Google sign-in settings");
        return undefined;
      });
    const cookieOptions = {
      path: "/auth/google",
      httpOnly: true,
      sameSite: "lax" as const,
      secure: deps.config.secureCookies,
      signed: true,
    };

    app.get(
      "/auth/google",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Start Google sign-in (a browser navigation; redirects to Google)",
          response: { 302: z.null().describe("To Google, or back to /login with an error") },
        },
      },
      async (request, reply) => {
        const google = await currentGoogle(request);
        if (!google) return reply.redirect(loginWithError("Google sign-in is not available right now."));
        try {
          const { url, pending } = await google.start();
          reply.setCookie(flowCookie, JSON.stringify(pending), {
            ...cookieOptions,
            maxAge: flowLifetimeSeconds,
          });
          return reply.redirect(url);
        } catch (error) {
          request.log.error({ err: error }, "could not start Google sign-in");
          return reply.redirect(
            loginWithError("Google sign-in is not available right now. Please try again."),
          );
        }
      },
    );

    app.get(
      "/auth/google/callback",
      {
        config: { access: "anyone" },
        schema: {
          summary: "Google's return; signs in and redirects to /?auth=google&session=...",
          response: { 302: z.null().describe("Back into the app, signed in, or to /login with an error") },
        },
      },
      async (request, reply) => {
        const raw = request.cookies[flowCookie];
        const unsigned = raw ? request.unsignCookie(raw) : undefined;
        reply.clearCookie(flowCookie, cookieOptions);
        const google = await currentGoogle(request);
        if (!google || !unsigned?.valid || !unsigned.value) {
          return reply.redirect(loginWithError("Google sign-in expired. Please try again."));
        }
        try {
          const pending = JSON.parse(unsigned.value) as PendingGoogleSignIn;
          const claims = await google.finish(new URL(request.url, deps.config.appUrl), pending);
          const user = await signInWithGoogle(deps, claims);
          await reply.startSession({ kind: "user", userId: user.id });
          // The web client stores this value; it is a random marker, never a credential (the cookie is).
          return reply.redirect(`/?auth=google&session=${randomBytes(8).toString("hex")}`);
        } catch (error) {
          const message =
            error instanceof AppError ? error.message : "Google sign-in failed. Please try again.";
          if (!(error instanceof AppError)) request.log.warn({ err: error }, "Google sign-in failed");
          return reply.redirect(loginWithError(message));
        }
      },
    );
  };
}
