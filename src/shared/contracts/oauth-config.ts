import { z } from "zod";
import { requiredText } from "./common";

/* Google sign-in set from the admin screen (stored encrypted); the server's environment wins when set. */

/** Where the settings in force come from: the server's environment, this screen, or nowhere yet. */
const oauthConfigSources = ["environment", "database", "none"] as const;

export const defaultGoogleIssuer = "https://accounts.google.com";

const issuerUrl = z
  .string({ error: "Issuer is required" })
  .trim()
  .min(1, "Issuer is required")
  .max(500, "Issuer must be at most 500 characters")
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: `Issuer must be a web address such as ${defaultGoogleIssuer}`,
    }),
  )
  .refine((issuer) => !/[?#]/.test(issuer), "Issuer must not contain ? or #");

/** The client secret is never sent back; the form leaves it empty to keep the stored one. */
const clientSecret = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ error: "Client secret must be text" })
    .trim()
    .max(500, "Client secret must be at most 500 characters")
    .regex(/^\S+$/, "Client secret cannot contain spaces")
    .optional(),
);

export const googleOAuthConfig = z.object({
  source: z.enum(oauthConfigSources),
  /** Null when nothing is configured. */
  clientId: z.string().nullable(),
  issuer: z.string(),
  hasSecret: z.boolean(),
  /** When this screen last saved them; null for the environment or nothing. */
  updatedAt: z.iso.datetime().nullable(),
  /** Why saved settings cannot be used (e.g. the encryption key changed), else null. */
  problem: z.string().nullable(),
  /** The address to register as the authorised redirect URI with Google. */
  redirectUri: z.string(),
});
export type GoogleOAuthConfig = z.infer<typeof googleOAuthConfig>;

/** GET and PUT /api/admin/oauth-config (admins): never the secret itself. */
export const oauthConfigResponse = z.object({ google: googleOAuthConfig });
export type OAuthConfigResponse = z.infer<typeof oauthConfigResponse>;

/** PUT /api/admin/oauth-config: the secret may be left out to keep the stored one (the first save needs it). */
export const updateOAuthConfigRequest = z.object({
  clientId: requiredText("Client ID", 300).regex(/^\S*$/, "Client ID cannot contain spaces"),
  clientSecret,
  issuer: issuerUrl,
});
export type UpdateOAuthConfigRequest = z.infer<typeof updateOAuthConfigRequest>;

/** POST /api/admin/oauth-config/test: reads `<issuer>/.well-known/openid-configuration`. */
export const testOAuthIssuerRequest = z.object({ issuer: issuerUrl });
export type TestOAuthIssuerRequest = z.infer<typeof testOAuthIssuerRequest>;

/** A reachable issuer answers ok with its endpoints; any failure is a message, never an error status. */
export const testOAuthIssuerResponse = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    issuer: z.string(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string(),
  }),
  z.object({ ok: z.literal(false), issuer: z.string(), message: z.string() }),
]);
export type TestOAuthIssuerResponse = z.infer<typeof testOAuthIssuerResponse>;
