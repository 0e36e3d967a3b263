import { z } from "zod";
import { languages } from "../i18n/languages";
import { tierIds } from "../tiers";

/** The signed-in user as the client sees it (never a password hash, token or fingerprint). */
export const sessionUser = z.object({
  id: z.number().int(),
  anigyeId: z.string(),
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(["user", "staff", "admin"]),
  xpPoints: z.number().int(),
  tier: z.enum(tierIds),
  isPlus: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  /** Every required verification is done (email, and phone where required). */
  activated: z.boolean(),
  /**
   * The member's language (docs/product-rules.md#language-english-and-twi), null until they choose; a device
   * signed in as them follows it.
   */
  language: z.enum(languages).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;
