import type { Executor } from "../db/client";
import { createUser, type UserInput } from "../db/seed/factories";
import { createSession } from "../modules/auth/session.service";

let people = 0;

/**
 * A member with a session, made directly (many sign-ins from one address would be rate limited).
 * `label` names them in emails and usernames, e.g. "buyer" → buyer3@example.com.
 */
export async function signedInMember(db: Executor, label: string, fields: UserInput = {}) {
  people++;
  const user = await createUser(db, {
    email: `${label}${people}@example.com`,
    username: `${label}${people}`,
    ...fields,
  });
  const { token } = await createSession(
    db,
    { kind: "user", userId: user.id },
    { ipAddress: "10.0.0.7", userAgent: "test" },
  );
  return { user, cookies: { anigye_sid: token } };
}

/** An admin with a session, made the same way. */
export function signedInAdmin(db: Executor, label = "admin", fields: UserInput = {}) {
  return signedInMember(db, label, { role: "admin", ...fields });
}
