import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";

// No 0/O or 1/I: an Anigye ID is read aloud at shop counters.
const idAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * The reserved domain (RFC 2606 ".invalid": nothing is ever delivered there) of the placeholder email of
 * a member who joined with their phone alone (docs/product-rules.md#ussd-join).
 */
export const phoneOnlyEmailDomain = "phone.anigye.invalid";

export function isPhoneOnlyEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${phoneOnlyEmailDomain}`);
}

/** The public member number shown on a consumer's card, e.g. ANG-7K4M9Q2X. */
export function newAnigyeId(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += idAlphabet[randomInt(idAlphabet.length)];
  return `ANG-${code}`;
}

/** A free username from an email's local part: "ama.owusu@x" → "ama-owusu", then "ama-owusu-2"... */
export async function freeUsernameFrom(db: Executor, email: string): Promise<string> {
  const base =
    email
      .split("@")[0]!
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 24) || "member";
  const candidate = base.length >= 3 ? base : `${base}-member`;
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${candidate}%`}`);
  const takenNames = new Set(taken.map((row) => row.username.toLowerCase()));
  if (!takenNames.has(candidate)) return candidate;
  for (let n = 2; ; n++) {
    if (!takenNames.has(`${candidate}-${n}`)) return `${candidate}-${n}`;
  }
}
