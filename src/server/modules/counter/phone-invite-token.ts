import { createHash, randomBytes } from "node:crypto";

/**
 * The token in a shop's invite link (docs/product-rules.md#counter-invite-says-what-is-held): 128 random
 * bits, so it cannot be guessed, and only its SHA-256 is stored, so the table alone opens no link.
 */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(16).toString("base64url");
  return { token, tokenHash: inviteTokenHash(token) };
}

export function inviteTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
