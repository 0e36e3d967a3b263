import { z } from "zod";
import { tierIds } from "../tiers";
import { rewardTypes } from "./ad-options";
import { idSchema } from "./ids";

/** POST /api/watch/sessions: start watching an ad; the server times the view from here. */
export const startWatchRequest = z.object({ adId: idSchema });

export const watchSession = z.object({
  sessionId: z.number().int(),
  adId: z.number().int(),
  durationSeconds: z.number().int(),
  minWatchPercent: z.number().int(),
  /** Seconds of real watching needed before the reward is issued. */
  requiredSeconds: z.number(),
  watchedSeconds: z.number(),
  completed: z.boolean(),
});
export type WatchSession = z.infer<typeof watchSession>;

/** POST /api/watch/sessions/:id/progress: how many seconds have really played so far. */
export const progressRequest = z.object({
  watchedSeconds: z.number({ error: "Seconds watched must be a number" }).min(0).max(3600),
});

export const earnedReward = z.object({
  id: z.number().int(),
  adId: z.number().int(),
  rewardType: z.enum(rewardTypes),
  discountPercent: z.number().int().nullable(),
  code: z.string().nullable(),
  xpAwarded: z.number().int(),
  /** Badges earned with this reward: the ad's own badge and any discovery milestone it completed. */
  badges: z.array(z.object({ name: z.string(), description: z.string().nullable() })),
  /** The member's entries in this month's draw after a prize_entry reward, else null. */
  drawEntries: z.number().int().nullable(),
  /** The prize of the draw a prize_entry reward entered (null while it is to be announced, and for others). */
  drawPrize: z.string().nullable(),
  experienceContent: z.string().nullable(),
  /** A cashback reward: what it pays into the member's cashback once used at the counter; else null. */
  cashbackPesewas: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type EarnedReward = z.infer<typeof earnedReward>;

export const progressResponse = watchSession.extend({
  reward: earnedReward.nullable(),
  /** The member's XP and tier after this report (they move when a reward is issued). */
  xpPoints: z.number().int(),
  tier: z.enum(tierIds),
  tierChanged: z.boolean(),
});
export type ProgressResponse = z.infer<typeof progressResponse>;
