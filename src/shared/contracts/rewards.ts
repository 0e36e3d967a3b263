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
