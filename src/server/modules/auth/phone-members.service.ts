import { and, eq, isNull } from "drizzle-orm";
import type { Language } from "../../../shared/i18n/languages";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type User, users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";
import { deviceKnownTo } from "../../lib/known-devices";
import { admitPasswordAttempt, passwordAttemptFailed, passwordAttemptSucceeded } from "../rate-limit";
import { recordReferral } from "../referrals";
import { grantSignInBonus, type SignInSource } from "./accounts.service";
import { suspendedAccountError } from "./members-admin.service";
import { checkPhoneCode, sendPhoneSignInCode } from "./phone-codes.service";
import { newAnigyeId, phoneOnlyEmailDomain } from "./user-identity";

/*
 * Members who joined with their phone alone (docs/product-rules.md#ussd-join): the number is verified
 * because the network vouched for it, the account is active at once, and its email is a placeholder in a
 * reserved domain (nothing is ever delivered there) until the member adds a real one from the profile.
 * They sign in on the web with their number and an SMS code (docs/product-rules.md#ussd-phone-sign-in).
 */

export interface PhoneJoin {
  /** E.164, from the USSD provider's request. */
  phoneNumber: string;
  displayName: string;
  language: Language;
  referralCode?: string;
}

/**
 * Makes the member for a number no member has verified, in the caller's transaction. One statement
 * decides between two sessions joining one number at once: the verified-phone unique index lets one
 * insert through and the other does nothing (`created: false`, the winner's id once it committed).
 */
export async function joinWithPhone(
  tx: Executor,
  join: PhoneJoin,
  now: Date,
): Promise<{ userId: number; created: boolean } | undefined> {
  const anigyeId = newAnigyeId();
  const handle = anigyeId.toLowerCase();
  const [made] = await tx
    .insert(users)
    .values({
      anigyeId,
      username: handle,
      email: `${handle}@${phoneOnlyEmailDomain}`,
      displayName: join.displayName,
      phoneNumber: join.phoneNumber,
      isPhoneVerified: true,
      phoneVerifiedAt: now,
      activatedAt: now,
      language: join.language,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!made) {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, join.phoneNumber), eq(users.isPhoneVerified, true)))
      .limit(1);
    return owner && { userId: owner.id, created: false };
  }
  await grantSignInBonus(tx, made.id);
  const referralCode = join.referralCode?.trim().toUpperCase() || undefined;
  await recordReferral(tx, { referredUserId: made.id, referralCode });
  return { userId: made.id, created: true };
}

/** The live account that verified this number, suspended or not. */
async function phoneOwner(db: Executor, phoneNumber: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.isPhoneVerified, true), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/**
 * Texts a sign-in code to a number a member verified; nothing to any other number, and the same answer
 * either way (the route's), so nobody learns who is a member.
 */
export async function askPhoneSignInCode(deps: AppDeps, phoneNumber: string): Promise<void> {
  const owner = await phoneOwner(deps.db, phoneNumber);
  if (!owner?.isActive) return;
  await sendPhoneSignInCode(deps, owner.id, phoneNumber).catch((error) => {
    // A refused resend is kept quiet too: a 429 for members only would reveal who has an account.
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
  });
}

/**
 * The member the code was sent to, once the code checks out. Guessing is throttled before the code is
 * checked, per number and address as wrong passwords are (rate-limit's password guessing), so a stranger
 * guessing from elsewhere never stops the member (docs/product-rules.md#ussd-phone-sign-in).
 */
export async function signInWithPhoneCode(
  deps: AppDeps,
  input: { phoneNumber: string; code: string },
  from: SignInSource,
): Promise<User> {
  const owner = await phoneOwner(deps.db, input.phoneNumber);
  const attempt = await admitPasswordAttempt(
    deps.db,
    {
      account: `member-phone:${input.phoneNumber}`,
      source: from.address,
      knownDevice: deviceKnownTo(from.device, owner?.id),
    },
    "signInLink",
    deps.now(),
  );
  try {
    if (!owner) {
      throw new AppError("BAD_REQUEST", "This code has expired or was already used. Request a new code.");
    }
    await checkPhoneCode(
      deps,
      { phoneNumber: input.phoneNumber, purpose: "login", code: input.code, userId: owner.id },
      { perCodeAttempts: false },
    );
  } catch (error) {
    await passwordAttemptFailed(deps.db, attempt, deps.now());
    throw error;
  }
  await passwordAttemptSucceeded(deps.db, attempt);
  // Only the number's owner (right code) learns that the account is suspended.
  if (!owner.isActive) throw suspendedAccountError(owner);
  const [signedIn] = await deps.db
    .update(users)
    .set({ lastLoginAt: deps.now() })
    .where(eq(users.id, owner.id))
    .returning();
  return signedIn ?? owner;
}
