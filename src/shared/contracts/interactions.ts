import { z } from "zod";

/** PUT/DELETE /api/ads/:adId/like: the member's like and the ad's like total afterwards. */
export const likeState = z.object({
  liked: z.boolean(),
  likeCount: z.number().int(),
});
export type LikeState = z.infer<typeof likeState>;

export const shareChannels = ["native", "copy_link"] as const;

/** POST /api/ads/:adId/interactions: a share, or a visit to the company's map link. */
export const interactionRequest = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("share"),
      channel: z.enum(shareChannels, { error: "Unknown share channel" }),
    }),
    z.object({ type: z.literal("map_visit") }),
  ],
  { error: "Unknown interaction type" },
);
export type InteractionRequest = z.infer<typeof interactionRequest>;
