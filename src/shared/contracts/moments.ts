import { z } from "zod";
import { rewardTypes } from "./ad-options";

const companyRef = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  category: z.string(),
  city: z.string().nullable(),
});

/** One event in the member's discovery timeline. */
export const moment = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("watched"),
    id: z.number().int(),
    at: z.string(),
    ad: z.object({ id: z.number().int(), title: z.string(), thumbnailUrl: z.string().nullable() }),
    company: companyRef,
    /** What the watch earned (the first verified watch of an ad is the one that issues its reward). */
    reward: z.object({
      rewardType: z.enum(rewardTypes),
      discountPercent: z.number().int().nullable(),
      xpAwarded: z.number().int(),
    }),
  }),
  z.object({ kind: z.literal("discovered"), id: z.number().int(), at: z.string(), company: companyRef }),
  z.object({
    kind: z.literal("badge"),
    id: z.number().int(),
    at: z.string(),
    badge: z.object({ name: z.string(), description: z.string().nullable(), color: z.string() }),
    company: companyRef.nullable(),
  }),
]);
export type Moment = z.infer<typeof moment>;

const staleCursor = "This page link is out of date; reload Moments";

/** GET /api/moments?before={cursor}: newest first, a page at a time. */
export const momentsQuery = z.object({
  before: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[1-3]\|\d{1,10}$/, staleCursor)
    .refine((cursor) => {
      const at = cursor.split("|")[0]!;
      return !Number.isNaN(Date.parse(at)) && new Date(at).toISOString() === at;
    }, staleCursor)
    .optional(),
});

export const momentsPage = z.object({
  items: z.array(moment),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type MomentsPage = z.infer<typeof momentsPage>;
