import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  defaultGoogleIssuer,
  type GoogleOAuthConfig,
  type UpdateOAuthConfigRequest,
} from "../../../shared/contracts/oauth-config";
import type { AppConfig } from "../../config";
import type { Database, Executor } from "../../db/client";
import { platformSettings } from "../../db/schema/settings";
import { AppError } from "../../lib/errors";
import { openText, sealText } from "../../lib/secret-box";
import { recordAudit } from "../audit";

/**
 * Google sign-in settings an admin sets from the screen. They live in one platform_settings row, the
 * whole of it (client id, secret, issuer) sealed with AES-256-GCM, so a database dump reveals none of
 * it. GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, when set, win over the stored row.
 */

const googleSettingKey = "oauth_google";

export interface GoogleOAuthSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What these functions read from the configuration. */
export type OAuthConfigEnvironment = Pick<
  AppConfig,
  "google" | "configEncryptionKey" | "isProduction" | "appUrl"
>;

const storedGoogle = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  issuer: z.string().min(1),
});

type StoredRow =
  | { readable: true; settings: GoogleOAuthSettings; updatedAt: Date }
  | { readable: false; updatedAt: Date };

async function readStoredGoogle(db: Executor, key: Buffer): Promise<StoredRow | undefined> {
  const [row] = await db
    .select({ value: platformSettings.settingValue, updatedAt: platformSettings.updatedAt })
    .from(platformSettings)
    .where(eq(platformSettings.settingKey, googleSettingKey))
    .limit(1);
  if (!row) return undefined;
  try {
    const settings = storedGoogle.parse(JSON.parse(openText(key, row.value, googleSettingKey)));
    return { readable: true, settings, updatedAt: row.updatedAt };
  } catch {
    // Sealed with another key (SESSION_SECRET or CONFIG_ENCRYPTION_KEY changed) or altered: unusable.
    return { readable: false, updatedAt: row.updatedAt };
  }
}

/**
 * The Google sign-in settings in force now: the environment's, else the stored ones, else none. Read on
 * each use, so a save takes effect on the next sign-in on every instance, without a restart.
 */
export async function effectiveGoogleSettings(
  db: Executor,
  config: Pick<OAuthConfigEnvironment, "google" | "configEncryptionKey">,
): Promise<GoogleOAuthSettings | undefined> {
  if (config.google) return config.google;
  const stored = await readStoredGoogle(db, config.configEncryptionKey);
  return stored?.readable ? stored.settings : undefined;
}

/** Plain http only for a local test issuer, or anywhere outside production; Google itself is https. */
export function allowsPlainHttpIssuer(issuer: URL, isProduction: boolean): boolean {
  return !isProduction || ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
}

/** Refuses an issuer the server would not talk to (plain http to a remote host in production). */
export function assertIssuerAllowed(issuer: string, isProduction: boolean): void {
  const url = new URL(issuer);
  if (url.protocol === "http:" && !allowsPlainHttpIssuer(url, isProduction)) {
    const message = "Issuer must use https:// (plain http is only for a local test issuer)";
    throw new AppError("VALIDATION", message, { issuer: message });
  }
}

/** What the admin screen shows: where the settings come from, never the secret. */
export async function describeGoogleOAuthConfig(
  db: Executor,
  config: OAuthConfigEnvironment,
): Promise<GoogleOAuthConfig> {
  const redirectUri = `${config.appUrl}/auth/google/callback`;
  if (config.google) {
    return {
      source: "environment",
      clientId: config.google.clientId,
      issuer: config.google.issuer,
      hasSecret: true,
      updatedAt: null,
      problem: null,
      redirectUri,
    };
  }
  const stored = await readStoredGoogle(db, config.configEncryptionKey);
  if (!stored) {
    return {
      source: "none",
      clientId: null,
      issuer: defaultGoogleIssuer,
      hasSecret: false,
      updatedAt: null,
      problem: null,
      redirectUri,
    };
  }
  if (!stored.readable) {
    return {
      source: "database",
      clientId: null,
      issuer: defaultGoogleIssuer,
      hasSecret: false,
      updatedAt: stored.updatedAt.toISOString(),
      problem:
        "The saved settings cannot be decrypted (CONFIG_ENCRYPTION_KEY or SESSION_SECRET changed since they were saved). Google sign-in is off until you save them again, with the secret.",
      redirectUri,
    };
  }
  return {
    source: "database",
    clientId: stored.settings.clientId,
    issuer: stored.settings.issuer,
    hasSecret: true,
    updatedAt: stored.updatedAt.toISOString(),
    problem: null,
    redirectUri,
  };
}

/**
 * Saves the settings sealed, and records who changed what in the audit log in the same transaction. The
 * audit entry names the client id and issuer but never the secret: only whether it changed.
 */
export async function saveGoogleOAuthConfig(
  db: Database,
  config: OAuthConfigEnvironment,
  input: UpdateOAuthConfigRequest,
  actor: { id: number; displayName: string },
  now: Date,
): Promise<GoogleOAuthConfig> {
  if (config.google) {
    throw new AppError(
      "CONFLICT",
      "Google sign-in is set by the server's environment (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), which wins over this screen. Change it there, or unset those variables to manage it here.",
    );
  }
  assertIssuerAllowed(input.issuer, config.isProduction);
  await db.transaction(async (tx) => {
    const current = await readStoredGoogle(tx, config.configEncryptionKey);
    const before = current?.readable ? current.settings : undefined;
    const clientSecret = input.clientSecret ?? before?.clientSecret;
    if (!clientSecret) {
      const message = "Enter the client secret: none is saved yet";
      throw new AppError("VALIDATION", message, { clientSecret: message });
    }
    const settings: GoogleOAuthSettings = { clientId: input.clientId, clientSecret, issuer: input.issuer };
    const sealed = sealText(config.configEncryptionKey, JSON.stringify(settings), googleSettingKey);
    await tx
      .insert(platformSettings)
      .values({
        settingKey: googleSettingKey,
        settingValue: sealed,
        settingType: "text",
        description: "Google sign-in (client id, secret and issuer), encrypted",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: platformSettings.settingKey,
        set: { settingValue: sealed, settingType: "text", updatedAt: now },
      });
    await recordAudit(
      tx,
      {
        actor,
        action: "oauth_config.update",
        targetType: "setting",
        targetId: googleSettingKey,
        before: before ? { clientId: before.clientId, issuer: before.issuer } : null,
        after: {
          clientId: settings.clientId,
          issuer: settings.issuer,
          secret: clientSecret === before?.clientSecret ? "unchanged" : "changed",
        },
      },
      now,
    );
  });
  return describeGoogleOAuthConfig(db, config);
}
