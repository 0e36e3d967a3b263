import { hash } from "@node-rs/argon2";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { loginRequest, registerRequest } from "../../../shared/contracts/auth";
import { normaliseGhanaPhone } from "../../../shared/phone";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type User, users } from "../../db/schema/auth";
import { uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import type { KnownDevice } from "../../lib/known-devices";
import { deviceKnownTo } from "../../lib/known-devices";
import { hashPassword, verifyPassword } from "../../lib/password";
import { passwordProblem } from "../../lib/password-policy";
import { creditXp } from "../ledger";
import { admitPasswordAttempt, passwordAttemptFailed, passwordAttemptSucceeded } from "../rate-limit";
import { recordReferral } from "../referrals";
import { readNumberSettings } from "../settings";
import {
  consumeLink,
  endSignInAndResetLinks,
  sendAskedForLink,
  sendVerificationEmail,
} from "./email-links.service";
import { suspendedAccountError } from "./members-admin.service";
import {
  checkPhoneCode,
  endSignInAndResetCodes,
  sendPasswordResetCode,
  sendPhoneCode,
} from "./phone-codes.service";
import { deleteUserSessions } from "./session.service";
import { newAnigyeId } from "./user-identity";

type RegisterInput = z.output<typeof registerRequest>;
type LoginInput = z.output<typeof loginRequest>;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());
const liveAccount = and(eq(users.isActive, true), isNull(users.deletedAt));

/**
 * The sign-in bonus (setting `xp_signin_bonus`, 100), once per account whatever path activates it (its
 * ledger key is fixed). Returns the XP credited.
 */
export async function grantSignInBonus(tx: Executor, userId: number): Promise<number> {
  const { xp_signin_bonus: bonus } = await readNumberSettings(tx, ["xp_signin_bonus"]);
  if (bonus <= 0) return 0;
  const credited = await creditXp(tx, {
    userId,
    amount: bonus,
    reason: "signin_bonus",
    idempotencyKey: `signin_bonus:${userId}`,
  });
  return credited ? bonus : 0;
}

export function assertPasswordAllowed(password: string, identity: { username?: string; email?: string }) {
  const problem = passwordProblem(password, identity);
  if (problem) throw new AppError("VALIDATION", problem, { password: problem, newPassword: problem });
}

/** Maps a unique-index violation on users to the field the person must change. */
export function conflictFromUniqueViolation(error: unknown): AppError | undefined {
  const constraint = uniqueViolationConstraint(error);
  if (!constraint) return undefined;
  if (constraint.includes("username")) return takenError("username");
  if (constraint.includes("email")) return takenError("email");
  if (constraint.includes("phone")) return takenError("phoneNumber");
  return new AppError("CONFLICT", "That account already exists");
}

function takenError(field: "username" | "email" | "phoneNumber"): AppError {
  const messages = {
    username: "This username is already taken",
    email: "An account with this email already exists",
    phoneNumber: "This phone number is already verified on another account",
  };
  return new AppError("CONFLICT", messages[field], { [field]: messages[field] });
}

export async function assertUsernameFree(db: Executor, username: string, exceptUserId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (taken && taken.id !== exceptUserId) throw takenError("username");
}

export async function assertEmailFree(db: Executor, email: string, exceptUserId?: number) {
  const [taken] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  if (taken && taken.id !== exceptUserId) throw takenError("email");
}

/**
 * Creates an account that must be verified; the caller signs it in. The device it came from is kept for
 * the self-referral check, and an inviter's code records the referral in the same transaction.
 */
export async function registerAccount(
  deps: AppDeps,
  input: RegisterInput,
  deviceFingerprint?: string,
): Promise<User> {
  assertPasswordAllowed(input.password, input);
  if (deps.config.requirePhoneVerification && !input.phoneNumber) {
    const message = "Phone number is required";
    throw new AppError("VALIDATION", message, { phoneNumber: message });
  }
  await assertUsernameFree(deps.db, input.username);
  await assertEmailFree(deps.db, input.email);

  let user: User;
  try {
    const passwordHash = await hashPassword(input.password);
    user = await deps.db.transaction(async (tx) => {
      const [created] = (await tx
        .insert(users)
        .values({
          anigyeId: newAnigyeId(),
          username: input.username,
          email: input.email,
          displayName: input.displayName,
          phoneNumber: input.phoneNumber,
          passwordHash,
          signupFingerprint: deviceFingerprint?.slice(0, 200),
          language: input.language,
        })
        .returning()) as [User];
      await recordReferral(tx, { referredUserId: created.id, referralCode: input.referralCode });
      return created;
    });
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
  await sendVerificationEmail(deps, user);
  if (user.phoneNumber) {
    await sendPhoneCode(deps, {
      phoneNumber: user.phoneNumber,
      purpose: "registration",
      userId: user.id,
    }).catch((error) => deps.log.warn({ err: error }, "registration SMS code not sent"));
  }
  return user;
}

// Verifying against a real hash when the account does not exist keeps the answer time the same.
let absentAccountHash: Promise<string> | undefined;

/** Where a password sign-in comes from: the client's address and what this browser signed in to before. */
export interface SignInSource {
  address: string;
  device: KnownDevice;
}

/**
 * Checks an email and password. Guessing is throttled before the password is checked (rate-limit's
 * password guessing): per account and source, and, past the account's wrong passwords of the day, only
 * a device that signed in to it before may try at all (docs/product-rules.md#accounts-wrong-passwords).
 */
export async function authenticate(deps: AppDeps, input: LoginInput, from: SignInSource): Promise<User> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(byEmail(input.email), isNull(users.deletedAt)))
    .limit(1);
  const attempt = await admitPasswordAttempt(
    deps.db,
    {
      account: `member:${input.email.toLowerCase()}`,
      source: from.address,
      knownDevice: deviceKnownTo(from.device, user?.id),
    },
    "emailLink",
    deps.now(),
  );
  absentAccountHash ??= hash("no-such-account-password");
  const valid = await verifyPassword(user?.passwordHash ?? (await absentAccountHash), input.password);
  if (!user?.passwordHash || !valid) {
    await passwordAttemptFailed(deps.db, attempt, deps.now());
    throw new AppError("UNAUTHENTICATED", "Invalid email or password");
  }
  await passwordAttemptSucceeded(deps.db, attempt);
  // Only the account's owner (right password) learns that it is suspended, and why.
  if (!user.isActive) throw suspendedAccountError(user);
  const [updated] = await deps.db
    .update(users)
    .set({ lastLoginAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

export interface VerificationState {
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  requiresPhone: boolean;
  activated: boolean;
  xpAwarded: number;
}

export function verificationStateOf(deps: AppDeps, user: User, xpAwarded = 0): VerificationState {
  return {
    isEmailVerified: user.isEmailVerified,
    isPhoneVerified: user.isPhoneVerified,
    requiresPhone: deps.config.requirePhoneVerification,
    activated: user.activatedAt !== null,
    xpAwarded,
  };
}

/**
 * Activates the account once its required checks are done and grants the sign-in bonus, as one
 * transaction; the `activated_at is null` guard and the ledger key make a second call a no-op.
 */
async function activateIfReady(
  tx: Executor,
  deps: AppDeps,
  userId: number,
): Promise<{ user: User; xp: number }> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  const ready = user.isEmailVerified && (!deps.config.requirePhoneVerification || user.isPhoneVerified);
  if (!ready || user.activatedAt) return { user, xp: 0 };
  await tx.update(users).set({ activatedAt: deps.now() }).where(eq(users.id, userId));
  const xp = await grantSignInBonus(tx, userId);
  const [activated] = await tx.select().from(users).where(eq(users.id, userId));
  return { user: activated!, xp };
}

export async function verifyEmailLink(deps: AppDeps, token: string) {
  const link = await consumeLink(deps.db, deps, "verify_email", token);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for("update");
    if (!user) throw new AppError("BAD_REQUEST", "This verification link is invalid.");
    if (user.email.toLowerCase() !== link.email?.toLowerCase()) {
      throw new AppError(
        "BAD_REQUEST",
        "This link was sent to an email address that is no longer on the account.",
      );
    }
    if (!user.isEmailVerified) {
      await tx
        .update(users)
        .set({ isEmailVerified: true, emailVerifiedAt: deps.now() })
        .where(eq(users.id, user.id));
    }
    const { user: after, xp } = await activateIfReady(tx, deps, user.id);
    return { user: after, verification: verificationStateOf(deps, after, xp) };
  });
}

export async function sendRegistrationCode(deps: AppDeps, user: User, phoneNumber: string) {
  if (user.phoneNumber !== phoneNumber) {
    throw new AppError("BAD_REQUEST", "This phone number is not on your account", {
      phoneNumber: "This phone number is not on your account",
    });
  }
  if (user.isPhoneVerified) throw new AppError("BAD_REQUEST", "Your phone number is already verified");
  await sendPhoneCode(deps, { phoneNumber, purpose: "registration", userId: user.id });
}

export async function verifyRegistrationCode(deps: AppDeps, user: User, phoneNumber: string, code: string) {
  if (user.phoneNumber !== phoneNumber) {
    throw new AppError("BAD_REQUEST", "This phone number is not on your account", {
      phoneNumber: "This phone number is not on your account",
    });
  }
  await checkPhoneCode(deps, { phoneNumber, purpose: "registration", code, userId: user.id });
  let verified: Awaited<ReturnType<typeof markPhoneVerified>>;
  try {
    verified = await markPhoneVerified(deps, user, phoneNumber);
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
  // What a shop's counter held for this number lands now; a failure there leaves it held, never the verification undone.
  await deps.phoneVerified(user.id, phoneNumber).catch((error) => {
    deps.log.error({ err: error }, "could not land the rewards held for a verified number");
  });
  return verified;
}

function markPhoneVerified(deps: AppDeps, user: User, phoneNumber: string) {
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isPhoneVerified: true, phoneVerifiedAt: deps.now() })
      .where(and(eq(users.id, user.id), eq(users.phoneNumber, phoneNumber)));
    const { user: after, xp } = await activateIfReady(tx, deps, user.id);
    return { user: after, verification: verificationStateOf(deps, after, xp) };
  });
}

/** A new verification link for an unverified account; silent otherwise, so emails cannot be probed. */
export async function resendVerificationEmail(deps: AppDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(byEmail(email), liveAccount))
    .limit(1);
  if (user && !user.isEmailVerified) await sendAskedForLink(deps, user, "verify_email");
}

/** An email gets a reset link, a verified Ghana phone number an SMS code; unknown identifiers get nothing. */
export async function requestPasswordReset(deps: AppDeps, identifier: string): Promise<void> {
  const phone = normaliseGhanaPhone(identifier);
  if (phone) {
    const [user] = await deps.db
      .select()
      .from(users)
      .where(and(eq(users.phoneNumber, phone), eq(users.isPhoneVerified, true), liveAccount))
      .limit(1);
    // A refused resend is kept quiet too: a 429 for known numbers only would reveal who has an account.
    if (user) {
      await sendPasswordResetCode(deps, user.id, phone).catch((error) => {
        if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
      });
    }
    return;
  }
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(byEmail(identifier), liveAccount))
    .limit(1);
  if (user) await sendAskedForLink(deps, user, "password_reset");
}

type ResetInput =
  | { token: string; newPassword: string }
  | { phoneNumber: string; otp: string; newPassword: string };

/**
 * Sets a new password and signs the account out everywhere. A refused password leaves the link or code
 * usable: the link is consumed in the same transaction, the code only after the password passed.
 */
export async function resetPassword(deps: AppDeps, input: ResetInput): Promise<void> {
  if ("token" in input) {
    await deps.db.transaction(async (tx) => {
      const link = await consumeLink(tx, deps, "password_reset", input.token);
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, link.userId), liveAccount));
      if (!user) throw new AppError("BAD_REQUEST", "This account no longer exists.");
      assertPasswordAllowed(input.newPassword, user);
      await setPasswordAndSignOut(tx, user.id, input.newPassword);
    });
    return;
  }
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, input.phoneNumber), eq(users.isPhoneVerified, true), liveAccount))
    .limit(1);
  if (!user)
    throw new AppError("BAD_REQUEST", "This code has expired or was already used. Request a new code.");
  assertPasswordAllowed(input.newPassword, user);
  await checkPhoneCode(deps, { phoneNumber: input.phoneNumber, purpose: "password_reset", code: input.otp });
  await deps.db.transaction((tx) => setPasswordAndSignOut(tx, user.id, input.newPassword));
}

/** A new password: every other session ends, and so does every reset or sign-in link sent before it. */
export async function setPasswordAndSignOut(
  tx: Executor,
  userId: number,
  password: string,
  keepToken?: string,
) {
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
  await deleteUserSessions(tx, userId, keepToken);
  await endSignInAndResetLinks(tx, userId);
  await endSignInAndResetCodes(tx, userId);
}
