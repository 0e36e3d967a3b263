import { z } from "zod";
import { tierIds } from "../tiers";
import { profileCityOptions } from "./profile-options";

export const referralStatuses = ["pending", "completed", "cancelled"] as const;
/**
 * Why a referral didn't count: the friend joined or watched on a device the inviter uses, both accounts
 * carry one phone number, or the inviter's account wasn't active when the friend watched.
 */
export const referralCancelReasons = ["same_device", "same_phone", "inviter_gone"] as const;
export type ReferralCancelReason = (typeof referralCancelReasons)[number];

export const referralItem = z.object({
  /** The invited member's display name only (never their email, id or Anigye id). */
  displayName: z.string(),
  status: z.enum(referralStatuses),
  joinedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Why it didn't count; null unless the status is cancelled. */
  cancelReason: z.enum(referralCancelReasons).nullable(),
});
export type ReferralItem = z.infer<typeof referralItem>;

/** GET /api/referrals/mine: the member's link, counts and the people they invited (newest first, 100). */
export const myReferralsResponse = z.object({
  code: z.string(),
  link: z.string(),
  invited: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  xpEarned: z.number().int(),
  referrals: z.array(referralItem),
});
export type MyReferrals = z.infer<typeof myReferralsResponse>;

export const leaderboardPeriods = ["week", "month"] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

/** GET /api/leaderboards?period=week|month&city= */
export const leaderboardQuery = z.object({
  period: z.enum(leaderboardPeriods, { error: "Period must be week or month" }).default("week"),
  /** Empty means every city. */
  city: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(profileCityOptions, { error: "Choose a valid city" }).optional(),
  ),
});

export const leaderboardEntry = z.object({
  rank: z.number().int().positive(),
  displayName: z.string(),
  tier: z.enum(tierIds),
  xp: z.number().int(),
  /** The signed-in member's own row. */
  isYou: z.boolean(),
});

export const leaderboardResponse = z.object({
  period: z.enum(leaderboardPeriods),
  city: z.enum(profileCityOptions).nullable(),
  /** The period's first moment and the next period's first moment (Africa/Accra). */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  entries: z.array(leaderboardEntry),
  /** The signed-in member's standing; rank is null when they earned nothing yet, are outside the city or opted out. */
  you: z
    .object({
      rank: z.number().int().positive().nullable(),
      xp: z.number().int(),
      optedOut: z.boolean(),
    })
    .nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardResponse>;
