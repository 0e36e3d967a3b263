import { and, eq, isNull, sql } from "drizzle-orm";
import * as oidc from "openid-client";
import type { TestOAuthIssuerResponse } from "../../../shared/contracts/oauth-config";
import type { AppDeps } from "../../app-deps";
import { type User, users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";
import { allowsPlainHttpIssuer, effectiveGoogleSettings, type GoogleOAuthSettings } from "../settings";
import { grantSignInBonus } from "./accounts.service";
import { suspendedAccountError } from "./members-admin.service";
import { deleteUserSessions } from "./session.service";
import { freeUsernameFrom, newAnigyeId } from "./user-identity";

/** What must survive the round trip to Google: kept in a signed, HttpOnly cookie for ten minutes. */
export interface PendingGoogleSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface GoogleClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * An OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client). The issuer's
 * metadata is discovered once and reused; a failed discovery is retried on the next sign-in.
 */
export function createGoogleSignIn(
  settings: GoogleOAuthSettings,
  redirectUri: string,
  isProduction: boolean,
) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(settings.issuer);
    discovered ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: insecureRequests(issuer, isProduction),
      })
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start(): Promise<{ url: string; pending: PendingGoogleSignIn }> {
      const config = await configuration();
      const pending = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
        prompt: "select_account",
      });
      return { url: url.href, pending };
    },

    async finish(callbackUrl: URL, pending: PendingGoogleSignIn): Promise<GoogleClaims> {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new AppError("UNAUTHENTICATED", "Google did not confirm who you are");
      return {
        sub: claims.sub,
        email: typeof claims.email === "string" ? claims.email.toLowerCase() : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === "string" ? claims.name : undefined,
      };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

// Plain http is allowed only for a local test issuer (oauth2-mock-server) or outside production.
function insecureRequests(issuer: URL, isProduction: boolean) {
  return issuer.protocol === "http:" && allowsPlainHttpIssuer(issuer, isProduction)
    ? [oidc.allowInsecureRequests]
    : [];
}

/**
 * The Google sign-in in force for this request: the environment's settings, else the ones saved from the
 * admin screen (read each time, so a save applies at once on every instance). The client, and the
 * issuer's discovered metadata, are reused until the settings change.
 */
export function googleSignInResolver(deps: Pick<AppDeps, "db" | "config">, redirectUri: string) {
  let current: { settings: GoogleOAuthSettings; signIn: GoogleSignIn } | undefined;
  return async (): Promise<GoogleSignIn | undefined> => {
    const settings = await effectiveGoogleSettings(deps.db, deps.config);
    if (!settings) return undefined;
    const same =
      current?.settings.issuer === settings.issuer &&
      current.settings.clientId === settings.clientId &&
      current.settings.clientSecret === settings.clientSecret;
    if (!same) {
      current = { settings, signIn: createGoogleSignIn(settings, redirectUri, deps.config.isProduction) };
    }
    return current!.signIn;
  };
}

const discoveryTimeoutSeconds = 5;

/**
 * The admin screen's Test: reads `<issuer>/.well-known/openid-configuration` (openid-client, which also
 * checks that the document names this issuer) within 5 seconds. Every failure is a plain message.
 */
export async function testGoogleIssuer(
  issuer: string,
  isProduction: boolean,
): Promise<TestOAuthIssuerResponse> {
  const url = new URL(issuer);
  try {
    const config = await oidc.discovery(url, "anigye-issuer-test", undefined, undefined, {
      execute: insecureRequests(url, isProduction),
      timeout: discoveryTimeoutSeconds,
    });
    const metadata = config.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
      return {
        ok: false,
        issuer,
        message: "The discovery document names no authorization endpoint or no token endpoint.",
      };
    }
    return {
      ok: true,
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
    };
  } catch (error) {
    return { ok: false, issuer, message: discoveryFailure(error, url) };
  }
}

/** A sentence for why discovery failed, from openid-client's error codes and fetch's causes. */
function discoveryFailure(error: unknown, issuer: URL): string {
  const document = `${issuer.href.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const failure = error as { code?: string; name?: string; cause?: unknown };
  const cause = failure.cause as { code?: string; status?: number; body?: { issuer?: unknown } } | undefined;
  if (failure.code === "OAUTH_TIMEOUT" || failure.name === "TimeoutError") {
    return `The issuer did not answer within ${discoveryTimeoutSeconds} seconds (${document}).`;
  }
  switch (failure.code) {
    case "OAUTH_RESPONSE_IS_NOT_CONFORM":
      return `The issuer answered HTTP ${cause?.status ?? "error"} for ${document}: it should answer 200 with the OpenID configuration.`;
    case "OAUTH_RESPONSE_IS_NOT_JSON":
      return `${document} did not answer with JSON.`;
    case "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED":
      return `The discovery document names the issuer ${JSON.stringify(cause?.body?.issuer)}, not ${issuer.href}: check the issuer address.`;
    case "OAUTH_PARSE_ERROR":
    case "OAUTH_INVALID_RESPONSE":
      return `${document} is not a valid OpenID configuration.`;
    case "OAUTH_HTTP_REQUEST_FORBIDDEN":
      return "The issuer must use https://.";
  }
  const network = (cause?.code ?? failure.code) as string | undefined;
  if (network === "ENOTFOUND" || network === "EAI_AGAIN")
    return `No server named ${issuer.hostname} was found.`;
  if (network === "ECONNREFUSED") return `${issuer.host} refused the connection.`;
  if (network) return `Could not reach ${issuer.host} (${network}).`;
  return `Could not read ${document}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Finds or creates the account for a Google identity: a known Google id signs in; a verified email
 * links to the existing account; otherwise a new account is created. Google has verified the email,
 * so the account is activated (and gets the sign-in bonus) at once.
 */
export async function signInWithGoogle(deps: AppDeps, claims: GoogleClaims): Promise<User> {
  if (!claims.email || !claims.emailVerified) {
    throw new AppError("FORBIDDEN", "Your Google account has no verified email address.");
  }
  const email = claims.email;
  return deps.db.transaction(async (tx) => {
    const [byGoogle] = await tx.select().from(users).where(eq(users.googleId, claims.sub)).limit(1);
    const [byEmail] = byGoogle
      ? [byGoogle]
      : await tx
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, email))
          .limit(1);
    let user = byEmail;
    if (user?.deletedAt) throw new AppError("FORBIDDEN", "This account is closed.");
    if (user && !user.isActive) throw suspendedAccountError(user);
    const now = deps.now();
    if (user) {
      // Google has proved who owns this email. If the account had not proved it yet, whoever typed the
      // address may not own it: their password and sessions go, so the owner alone keeps the account.
      const claimedWithoutProof = !byGoogle && !user.isEmailVerified;
      if (claimedWithoutProof) await deleteUserSessions(tx, user.id);
      [user] = await tx
        .update(users)
        .set({
          googleId: claims.sub,
          isEmailVerified: true,
          emailVerifiedAt: user.emailVerifiedAt ?? now,
          activatedAt: user.activatedAt ?? now,
          lastLoginAt: now,
          ...(claimedWithoutProof ? { passwordHash: null } : {}),
        })
        .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
        .returning();
    } else {
      [user] = await tx
        .insert(users)
        .values({
          anigyeId: newAnigyeId(),
          username: await freeUsernameFrom(tx, email),
          email,
          displayName: claims.name?.slice(0, 60) || email.split("@")[0]!,
          googleId: claims.sub,
          isEmailVerified: true,
          emailVerifiedAt: now,
          activatedAt: now,
          lastLoginAt: now,
        })
        .returning();
    }
    await grantSignInBonus(tx, user!.id);
    const [fresh] = await tx.select().from(users).where(eq(users.id, user!.id));
    return fresh!;
  });
}
