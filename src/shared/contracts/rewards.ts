import { z } from "zod";
import { rewardTypes } from "./ad-options";

/** One reward in My Rewards: what it is, where it comes from, and whether it can still be used. */
export const myReward = z.object({
  id: z.number().int(),
  adId: z.number().int(),
  adTitle: z.string(),
  company: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  rewardType: z.enum(rewardTypes),
  discountPercent: z.number().int().nullable(),
  code: z.string().nullable(),
  xpAwarded: z.number().int(),
  badgeName: z.string().nullable(),
  experienceContent: z.string().nullable(),
  /** A cashback reward: what it pays into the member's cashback once used at the counter; else null. */
  cashbackPesewas: z.number().int().nullable(),
  /** For a prize-draw entry: what the ad said the entry is for (the business's words; not shown as the prize). */
  prizeEntryDetails: z.string().nullable(),
  /** For a prize-draw entry: the prize of the month's draw it entered (null while to be announced). */
  drawPrize: z.string().nullable(),
  status: z.enum(["active", "used", "expired"]),
  earnedAt: z.string(),
  expiresAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  branchName: z.string().nullable(),
  locationAddress: z.string().nullable(),
  googleMapsLink: z.string().nullable(),
});
export type MyReward = z.infer<typeof myReward>;
export const myRewardsResponse = z.array(myReward);

export const earnedBadge = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** 'milestone' (businesses discovered) or 'ad' (an ad's own badge). */
  type: z.string(),
  color: z.string(),
  earnedAt: z.string(),
});
export type EarnedBadge = z.infer<typeof earnedBadge>;

/** The member's entries in this month's prize draw; seedHash is the draw's published commitment. */
export const drawStanding = z.object({
  title: z.string(),
  prizeTitle: z.string(),
  drawDate: z.string().nullable(),
  seedHash: z.string().nullable(),
  entries: z.number().int(),
  maxEntries: z.number().int(),
});

/** GET /api/rewards/collection: badges earned, newest first, and this month's draw entries. */
export const rewardsCollection = z.object({
  badges: z.array(earnedBadge),
  draw: drawStanding.nullable(),
});
export type RewardsCollection = z.infer<typeof rewardsCollection>;
