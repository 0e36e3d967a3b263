import { and, eq, isNull, sql } from "drizzle-orm";
import * as oidc from "openid-client";
import type { AppDeps } from "../../app-deps";
import { type User, users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";
import { grantSignInBonus } from "./accounts.service";
import { deleteUserSessions } from "./session.service";
import { freeUsernameFrom, newAnigyeId } from "./user-identity";

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

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
export function createGoogleSignIn(settings: GoogleSettings, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(settings.issuer);
    // Plain http is allowed only for a local test issuer (oauth2-mock-server); Google itself is https.
    const insecure = issuer.protocol === "http:" && ["localhost", "127.0.0.1"].includes(issuer.hostname);
    discovered ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
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
    if (user && (!user.isActive || user.deletedAt))
      throw new AppError("FORBIDDEN", "This account is closed.");
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
