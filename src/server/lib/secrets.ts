import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * One-time secrets sent by email or SMS. Only a keyed hash (HMAC-SHA256 with SESSION_SECRET) is
 * stored, so a copy of the database can neither read nor forge a link or code.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function keyedHash(secret: string, ...parts: string[]): string {
  return createHmac("sha256", secret).update(parts.join("\u0000")).digest("hex");
}

export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
