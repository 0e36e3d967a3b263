import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { hashPassword } from "../../lib/password";
import { freeUsernameFrom, newAnigyeId } from "./user-identity";

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: create that admin, or promote the existing account.
 * An existing password is kept, so restarting with the variables set never resets a changed password.
 */
export async function ensureAdmin(
  db: Executor,
  admin: { email: string; password: string },
  now = new Date(),
) {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        role: "admin",
        isActive: true,
        deletedAt: null,
        isEmailVerified: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        passwordHash: existing.passwordHash ?? (await hashPassword(admin.password)),
      })
      .where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [created] = await db
    .insert(users)
    .values({
      anigyeId: newAnigyeId(),
      username: await freeUsernameFrom(db, email),
      email,
      passwordHash: await hashPassword(admin.password),
      displayName: "Administrator",
      role: "admin",
      isEmailVerified: true,
      emailVerifiedAt: now,
      onboardingCompleted: true,
    })
    .returning({ id: users.id });
  return { id: created!.id, created: true };
}
