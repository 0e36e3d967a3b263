import { z } from "zod";
import { sharePlatforms } from "../share-platforms";
import { optionalText } from "./common";
import { idSchema } from "./ids";

/*
 * Share proofs (docs/product-rules.md#referrals-share-proofs): a member shows they shared a reward; staff
 * check it.
 */

/** A screenshot as a data URL (JPEG, PNG or WebP), at most about 3 MB. */
export const dataUrlImage = z
  .string({ error: "The image must be a data URL" })
  .max(4_200_000, "The image is too large: at most 3 MB")
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, "The image must be a JPEG, PNG or WebP");

/** POST /api/share-proofs (rewardId a number; platform; optional proofUrl or proofImage). */
export const shareProofRequest = z
  .object({
    rewardId: z.number({ error: "rewardId must be a number" }).int().positive().max(2_147_483_647),
    platform: z.enum(sharePlatforms, { error: "Choose facebook, twitter, instagram, whatsapp or other" }),
    proofUrl: z
      .url({ error: "Enter the link to your post (https://…)", protocol: /^https?$/ })
      .max(2000, "The link is too long")
      .optional(),
    proofImage: dataUrlImage.optional(),
  })
  .refine((body) => body.proofUrl || body.proofImage, {
    message: "Add the link to your post or a screenshot of it",
    path: ["proofUrl"],
  });
export type ShareProofRequest = z.infer<typeof shareProofRequest>;

export const shareProofStatuses = ["pending", "verified", "rejected"] as const;

export const shareProofResponse = z.object({
  rewardId: idSchema,
  platform: z.enum(sharePlatforms),
  status: z.enum(shareProofStatuses),
  proofUrl: z.string().nullable(),
  proofImageUrl: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  staffNotes: z.string().nullable(),
  /** XP the verified share earned (once per reward). */
  xpAwarded: z.number().int(),
});
export type ShareProofResponse = z.infer<typeof shareProofResponse>;

/** GET /api/staff/share-proofs?status=pending: newest first. */
export const staffShareProofsQuery = z.object({
  status: z.enum(shareProofStatuses).default("pending"),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const staffShareProof = shareProofResponse.extend({
  member: z.object({ id: idSchema, displayName: z.string(), anigyeId: z.string() }),
  ad: z.object({ id: idSchema, title: z.string() }).nullable(),
  company: z.object({ id: idSchema, name: z.string() }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type StaffShareProof = z.infer<typeof staffShareProof>;
export const staffShareProofsResponse = z.object({
  proofs: z.array(staffShareProof),
  /** Pass as `before` for the next page (older proofs). */
  nextBefore: z.number().int().nullable(),
});
export type StaffShareProofsResponse = z.infer<typeof staffShareProofsResponse>;

/** POST /api/staff/share-proofs/:id/decision (status verified or rejected, optional staffNotes). */
export const shareVerifyRequest = z.object({
  status: z.enum(["verified", "rejected"], { error: "Status must be verified or rejected" }),
  staffNotes: optionalText("Notes", 500),
});
export type ShareVerifyRequest = z.infer<typeof shareVerifyRequest>;

/** GET /api/share-proofs/mine: the member's submitted proofs, newest first. */
export const myShareProofsResponse = z.object({ proofs: z.array(shareProofResponse) });
export type MyShareProofsResponse = z.infer<typeof myShareProofsResponse>;
