import { z } from "zod";
import { shareProofRequest } from "../contracts/share-proofs";

/**
 * "Shared it? Send proof": the boxes hold text (an empty link box is ""), the request wants the link
 * or the screenshot left out when not given. Same rules and messages as the request contract.
 */
export const shareProofForm = z
  .object({
    rewardId: z.number(),
    platform: z.string().nullable(),
    proofUrl: z.string(),
    proofImage: z.string(),
  })
  .transform((values, ctx) => {
    const parsed = shareProofRequest.safeParse({
      rewardId: values.rewardId,
      platform: values.platform ?? undefined,
      proofUrl: values.proofUrl.trim() || undefined,
      proofImage: values.proofImage || undefined,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "proofUrl");
      // The contract's message lists the API's ids; the form's radio buttons show the names.
      const message = field === "platform" ? "Choose where you shared it" : issue.message;
      ctx.addIssue({ code: "custom", path: [field], message });
    }
    return z.NEVER;
  });
