import { eq } from "drizzle-orm";
import type { z } from "zod";
import type {
  onboardingRequest,
  Profile,
  preferencesRequest,
  profileAnswers,
  updateProfileRequest,
} from "../../../shared/contracts/profile";
import { onboardingQuestions, profileStrengthFor } from "../../../shared/contracts/profile-options";
import type { Language } from "../../../shared/i18n/languages";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type User, users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import {
  assertEmailFree,
  assertPasswordAllowed,
  assertUsernameFree,
  conflictFromUniqueViolation,
  setPasswordAndSignOut,
} from "./accounts.service";
import { deleteOutstandingLinks, sendVerificationEmail } from "./email-links.service";
import { sendPhoneCode } from "./phone-codes.service";
import { deleteUserSessions } from "./session.service";
import { isPhoneOnlyEmail } from "./user-identity";

type Answers = z.infer<typeof profileAnswers>;

function answersOf(user: User): Answers {
  return {
    ageRange: user.ageRange as Answers["ageRange"],
    city: user.city as Answers["city"],
    gender: user.gender as Answers["gender"],
    interests: user.interests as Answers["interests"],
    shoppingFrequency: user.shoppingFrequency as Answers["shoppingFrequency"],
    preferredShoppingTime: user.preferredShoppingTime as Answers["preferredShoppingTime"],
    budgetConsciousness: user.budgetConsciousness as Answers["budgetConsciousness"],
  };
}

function countAnswered(answers: Answers): number {
  return onboardingQuestions.filter((question) => {
    const value = answers[question];
    return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
  }).length;
}

export function toProfile(user: User): Profile {
  return {
    id: user.id,
    anigyeId: user.anigyeId,
    displayName: user.displayName,
    username: user.username,
    email: isPhoneOnlyEmail(user.email) ? "" : user.email,
    isEmailVerified: user.isEmailVerified,
    phoneNumber: user.phoneNumber,
    isPhoneVerified: user.isPhoneVerified,
    hasPassword: user.passwordHash !== null,
    hasGoogle: user.googleId !== null,
    xpPoints: user.xpPoints,
    lifetimeXp: user.lifetimeXp,
    tier: user.tier,
    onboardingStep: user.onboardingStep,
    onboardingCompleted: user.onboardingCompleted,
    // Derived from the answers on every read, so it can never disagree with them.
    profileStrength: profileStrengthFor(countAnswered(answersOf(user))),
    answers: answersOf(user),
    smsConsent: user.smsConsent,
    language: user.language,
    leaderboardOptOut: user.leaderboardOptOut,
    createdAt: user.createdAt.toISOString(),
  };
}

async function saved(
  deps: AppDeps,
  userId: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<Profile> {
  if (Object.values(changes).every((value) => value === undefined)) {
    throw new AppError("VALIDATION", "There is nothing to change");
  }
  try {
    const [user] = await deps.db.update(users).set(changes).where(eq(users.id, userId)).returning();
    return toProfile(user!);
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
}

/** Saves the answers given so far; profile strength follows the number of questions answered. */
export async function saveOnboarding(deps: AppDeps, user: User, input: z.output<typeof onboardingRequest>) {
  const merged: Answers = { ...answersOf(user), ...input.answers };
  return saved(deps, user.id, {
    ...merged,
    onboardingStep: input.completed ? onboardingQuestions.length : input.step,
    onboardingCompleted: user.onboardingCompleted || input.completed,
    profileStrength: profileStrengthFor(countAnswered(merged)),
  });
}

export async function updateProfile(deps: AppDeps, user: User, input: z.output<typeof updateProfileRequest>) {
  if (input.username && input.username.toLowerCase() !== user.username.toLowerCase()) {
    await assertUsernameFree(deps.db, input.username, user.id);
  }
  return saved(deps, user.id, { displayName: input.displayName, username: input.username });
}

/** The member's switches: SMS consent, leaving the leaderboards, and their language. */
export function updatePreferences(deps: AppDeps, user: User, input: z.output<typeof preferencesRequest>) {
  return saved(deps, user.id, {
    smsConsent: input.smsConsent,
    leaderboardOptOut: input.leaderboardOptOut,
    language: input.language,
    updatedAt: deps.now(),
  });
}

/** The member's language chosen away from the app (by USSD): their screens, messages and texts follow it. */
export async function setMemberLanguage(
  db: Executor,
  userId: number,
  language: Language,
  now: Date,
): Promise<void> {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}

/** A new email is unverified until its link is followed; the account stays active meanwhile. */
export async function changeEmail(deps: AppDeps, user: User, email: string, password: string | undefined) {
  await assertOwnPassword(user, password);
  if (email === user.email.toLowerCase()) return toProfile(user);
  await assertEmailFree(deps.db, email, user.id);
  const profile = await saved(deps, user.id, { email, isEmailVerified: false, emailVerifiedAt: null });
  await deleteOutstandingLinks(deps.db, user.id);
  await sendVerificationEmail(deps, { ...user, email });
  return profile;
}

export async function changePhone(deps: AppDeps, user: User, phoneNumber: string | null) {
  if (phoneNumber === user.phoneNumber) return toProfile(user);
  const profile = await saved(deps, user.id, { phoneNumber, isPhoneVerified: false, phoneVerifiedAt: null });
  if (phoneNumber) {
    // The number is saved either way; if the code cannot go now, the verify form's "Resend SMS" sends it.
    await sendPhoneCode(deps, { phoneNumber, purpose: "registration", userId: user.id }).catch((error) =>
      deps.log.warn({ err: error }, "phone code not sent after a phone change"),
    );
  }
  return profile;
}

async function assertOwnPassword(user: User, password: string | undefined) {
  if (!user.passwordHash) return;
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("VALIDATION", "Your current password is not correct", {
      currentPassword: "Your current password is not correct",
      password: "Your current password is not correct",
    });
  }
}

/** Keeps this session, signs out every other one. */
export async function changePassword(
  deps: AppDeps,
  user: User,
  input: { currentPassword?: string; newPassword: string },
  currentToken: string | undefined,
) {
  await assertOwnPassword(user, input.currentPassword);
  assertPasswordAllowed(input.newPassword, user);
  await deps.db.transaction((tx) => setPasswordAndSignOut(tx, user.id, input.newPassword, currentToken));
}

export async function signOutEverywhere(deps: AppDeps, user: User) {
  await deleteUserSessions(deps.db, user.id);
}

/**
 * Deletes the account and its personal data. History that other balances depend on (ledger rows,
 * redemptions, rewards) keeps its rows with the user removed (the foreign keys set null).
 */
export async function deleteAccount(deps: AppDeps, user: User, password: string | undefined) {
  await assertOwnPassword(user, password);
  await deps.db.delete(users).where(eq(users.id, user.id));
  deps.log.info({ userId: user.id }, "account deleted at the user's request");
}
