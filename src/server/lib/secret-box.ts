import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM, node:crypto) for secrets kept in the database. A sealed value
 * is `v1.<iv>.<tag>.<ciphertext>` (base64url). `context` names what the value is for (e.g. the setting
 * key); it is authenticated but not stored, so a sealed value copied to another place does not open.
 */

const algorithm = "aes-256-gcm";
const version = "v1";
// A full-length tag, enforced when opening, so a shortened tag is refused rather than checked weakly.
const authTagLength = 16;

export class SecretBoxError extends Error {
  constructor(message = "The stored secret could not be decrypted") {
    super(message);
    this.name = "SecretBoxError";
  }
}

function checkKey(key: Buffer) {
  if (key.length !== 32) throw new SecretBoxError("The encryption key must be 32 bytes");
}

export function sealText(key: Buffer, plaintext: string, context: string): string {
  checkKey(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url")).join(".");
}

/** The plaintext, or a SecretBoxError when the value is malformed, altered, or sealed with another key. */
export function openText(key: Buffer, sealed: string, context: string): string {
  checkKey(key);
  const [tag, iv, authTag, ciphertext, ...rest] = sealed.split(".");
  if (tag !== version || !iv || !authTag || ciphertext === undefined || rest.length > 0) {
    throw new SecretBoxError("The stored secret is not in a known format");
  }
  try {
    const decipher = createDecipheriv(algorithm, key, Buffer.from(iv, "base64url"), { authTagLength });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(authTag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SecretBoxError();
  }
}
