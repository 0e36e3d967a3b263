import { z } from "zod";
import { isLanguage, languages } from "../i18n/languages";
import { ghanaPhoneMessage, normaliseGhanaPhone } from "../phone";
import { hasVisibleCharacter } from "./common";
import { sessionUser } from "./session";

// Passwords are 6 to 128 characters (docs/product-rules.md#accounts-password-rules).
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(6, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Please enter a valid email address"))
  .transform((email) => email.toLowerCase());

/** A Ghana phone number in any accepted format, normalised to E.164. */
export const ghanaPhoneSchema = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(8, "Phone number must be at least 8 digits")
  .max(20, "Phone number is too long")
  .transform((value, ctx) => {
    const phone = normaliseGhanaPhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: ghanaPhoneMessage });
      return z.NEVER;
    }
    return phone;
  });

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[a-zA-Z0-9._-]+$/, "Username may use letters, numbers, dots, dashes and underscores only");

export const displayNameSchema = z
  .string({ error: "Full name is required" })
  .trim()
  .min(2, "Full name must be at least 2 characters")
  .max(60, "Full name must be at most 60 characters")
  .refine(
    (name) => name.length < 2 || hasVisibleCharacter(name),
    "Full name can't be only spaces or invisible characters",
  );

export const otpSchema = z.string({ error: "OTP must be 6 digits" }).regex(/^\d{6}$/, "OTP must be 6 digits");

/** POST /api/auth/login (email at least 1 character, password at least 6). */
export const loginRequest = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be at most 128 characters"),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const authResponse = z.object({ success: z.literal(true), message: z.string(), user: sessionUser });
export type AuthResponse = z.infer<typeof authResponse>;

/** POST /api/auth/register. */
export const registerRequest = z.object({
  displayName: displayNameSchema,
  username: usernameSchema,
  email: emailSchema,
  phoneNumber: z.preprocess((v) => (v === "" || v === null ? undefined : v), ghanaPhoneSchema.optional()),
  password: passwordSchema,
  /**
   * The inviter's referral code from `?ref=`. Anything odd (too long, not a string) is dropped rather than
   * refused: a broken invite link never stops anyone signing up.
   */
  referralCode: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().slice(0, 40).toUpperCase() || undefined : undefined),
    z.string().optional(),
  ),
  /** The language chosen on this device before signing up; anything else is dropped (none chosen yet). */
  language: z.preprocess((v) => (isLanguage(v) ? v : undefined), z.enum(languages).optional()),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = authResponse.extend({ requiresVerification: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * POST /api/auth/send-email-link: resend the verification link, or send a password-reset or sign-in
 * link (purpose "login": a one-time link that signs in without the password, always available).
 */
export const sendEmailLinkRequest = z.object({
  email: emailSchema,
  purpose: z
    .enum(["registration", "password_reset", "login"], { error: "Choose a valid purpose" })
    .default("registration"),
});

/** POST /api/auth/login/link: the token from an emailed sign-in link. */
export const signInLinkRequest = z.object({
  token: z.string({ error: "Sign-in link is invalid" }).min(10, "Sign-in link is invalid").max(200),
});

/** POST /api/auth/phone/code: a sign-in code by SMS to a member's verified number. */
export const phoneSignInCodeRequest = z.object({ phoneNumber: ghanaPhoneSchema });

/** POST /api/auth/phone/sign-in: the number and the 6-digit code texted to it. */
export const phoneSignInRequest = z.object({ phoneNumber: ghanaPhoneSchema, code: otpSchema });

/** POST /api/auth/verify-email: the token from the emailed link. */
export const verifyEmailRequest = z.object({
  token: z.string({ error: "Verification link is invalid" }).min(10, "Verification link is invalid").max(200),
});

export const otpPurposes = ["registration", "login", "password_reset"] as const;

/** POST /api/auth/send-phone-otp. */
export const sendPhoneOtpRequest = z.object({
  phoneNumber: ghanaPhoneSchema,
  purpose: z.enum(otpPurposes, { error: "Choose a valid purpose" }).default("registration"),
});

/** POST /api/auth/verify-otp (a Ghana phone, a 6-digit code: docs/product-rules.md#accounts-phone-codes). */
export const verifyOtpRequest = z.object({
  phoneNumber: ghanaPhoneSchema,
  otp: otpSchema,
  purpose: z.enum(otpPurposes, { error: "Choose a valid purpose" }).default("registration"),
});

/** Where a verification stands; `activated` once every required check is done. */
export const verificationState = z.object({
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  requiresPhone: z.boolean(),
  activated: z.boolean(),
  /** XP granted by this very call (the sign-in bonus), 0 otherwise. */
  xpAwarded: z.number().int(),
});
export const verifyResponse = messageResponse.extend({
  verification: verificationState,
  user: sessionUser.nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

/** POST /api/auth/forgot-password: an email gets a link, a phone number gets an SMS code. */
export const forgotPasswordRequest = z.object({
  identifier: z
    .string({ error: "Enter your email or phone number" })
    .trim()
    .min(1, "Enter your email or phone number")
    .max(254),
});

/** POST /api/auth/reset-password: either the emailed token or the phone and its SMS code. */
export const resetPasswordRequest = z.union([
  z.object({ token: z.string().min(10, "Reset link is invalid").max(200), newPassword: passwordSchema }),
  z.object({ phoneNumber: ghanaPhoneSchema, otp: otpSchema, newPassword: passwordSchema }),
]);

export const authProvidersResponse = z.object({ google: z.boolean(), requirePhoneVerification: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersResponse>;
