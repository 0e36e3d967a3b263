import { z } from "zod";
import { languages } from "../i18n/languages";
import { tierIds } from "../tiers";
import { displayNameSchema, ghanaPhoneSchema, passwordSchema, usernameSchema } from "./auth";
import {
  ageRangeOptions,
  budgetStyleOptions,
  interestOptions,
  onboardingQuestions,
  profileCityOptions,
  profileGenderOptions,
  shoppingFrequencyOptions,
  shoppingTimeOptions,
} from "./profile-options";

export const profileAnswers = z.object({
  ageRange: z.enum(ageRangeOptions, { error: "Choose a valid age range" }).nullable(),
  city: z.enum(profileCityOptions, { error: "Choose a valid city" }).nullable(),
  gender: z.enum(profileGenderOptions, { error: "Choose a valid gender" }).nullable(),
  interests: z
    .array(z.enum(interestOptions, { error: "Choose valid interests" }), {
      error: "Interests must be a list",
    })
    .max(interestOptions.length),
  shoppingFrequency: z
    .enum(shoppingFrequencyOptions, { error: "Choose a valid shopping frequency" })
    .nullable(),
  preferredShoppingTime: z.enum(shoppingTimeOptions, { error: "Choose a valid shopping time" }).nullable(),
  budgetConsciousness: z.enum(budgetStyleOptions, { error: "Choose a valid budget style" }).nullable(),
});
export type ProfileAnswers = z.infer<typeof profileAnswers>;

/** PUT /api/profile/onboarding: answers so far, the step reached, and whether the user is done (or skipped). */
export const onboardingRequest = z.object({
  answers: profileAnswers.partial(),
  step: z
    .number({ error: "Step must be a number" })
    .int()
    .min(0)
    .max(onboardingQuestions.length, "Step is out of range"),
  completed: z.boolean().default(false),
});
export type OnboardingRequest = z.input<typeof onboardingRequest>;

export const profileResponse = z.object({
  id: z.number().int(),
  anigyeId: z.string(),
  displayName: z.string(),
  username: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  isPhoneVerified: z.boolean(),
  hasPassword: z.boolean(),
  hasGoogle: z.boolean(),
  xpPoints: z.number().int(),
  lifetimeXp: z.number().int(),
  tier: z.enum(tierIds),
  onboardingStep: z.number().int(),
  onboardingCompleted: z.boolean(),
  profileStrength: z.number().int(),
  answers: profileAnswers,
  /** SMS for what matters when the app is closed (a win, an expiring reward); off until the member agrees. */
  smsConsent: z.boolean(),
  /** The member is left off the public leaderboards. */
  leaderboardOptOut: z.boolean(),
  /** The member's language: their screens, the server's messages and their SMS; null until chosen. */
  language: z.enum(languages).nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileResponse>;

/** PUT /api/profile/preferences: either or both switches. */
export const preferencesRequest = z
  .object({
    smsConsent: z.boolean({ error: "Must be true or false" }).optional(),
    leaderboardOptOut: z.boolean({ error: "Must be true or false" }).optional(),
    language: z.enum(languages, { error: "Choose English or Twi" }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: "Send smsConsent, leaderboardOptOut or language",
  });

/** PATCH /api/profile: name and username. */
export const updateProfileRequest = z
  .object({
    displayName: displayNameSchema.optional(),
    username: usernameSchema.optional(),
  })
  .refine((change) => change.displayName !== undefined || change.username !== undefined, {
    message: "Send a new display name or username",
  });

/** POST /api/profile/email: a new email must be verified again; the password confirms it is the owner. */
export const changeEmailRequest = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Please enter a valid email address"))
    .transform((e) => e.toLowerCase()),
  password: z.string().max(128).optional(),
});

/** POST /api/profile/phone: a new phone number must be verified again (null removes it). */
export const changePhoneRequest = z.object({ phoneNumber: ghanaPhoneSchema.nullable() });

/** POST /api/profile/password. */
export const changePasswordRequest = z.object({
  currentPassword: z.string().max(128).optional(),
  newPassword: passwordSchema,
});

/** DELETE /api/profile: the password confirms it (Google-only accounts type DELETE instead). */
export const deleteAccountRequest = z.object({
  password: z.string().max(128).optional(),
  confirm: z.literal("DELETE", { error: "Type DELETE to confirm" }),
});
