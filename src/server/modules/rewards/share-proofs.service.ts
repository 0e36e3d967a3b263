import { and, eq, sql } from "drizzle-orm";
import type { ShareProofRequest, ShareVerifyRequest } from "../../../shared/contracts/share-proofs";
import type { AppDeps } from "../../app-deps";
import { rewards } from "../../db/schema/rewards";
import { AppError, notFound } from "../../lib/errors";
import { creditXp } from "../ledger";
import { storeProofImage } from "../media";
import { notifyMember } from "../notifications";
import { readNumberSettings } from "../settings";
import { decideOnce, type ReviewedItem } from "../staff-review";

/*
 * Share proofs live on the reward that was shared (the rewards.shareProof* columns). A member may
 * send a proof again while it waits or after a rejection; a verified share is final and earns its XP once.
 */

export async function submitShareProof(deps: AppDeps, userId: number, body: ShareProofRequest) {
  const now = deps.now();
  const [reward] = await deps.db
    .select({ id: rewards.id, isShared: rewards.isShared, status: rewards.shareProofStatus })
    .from(rewards)
    .where(and(eq(rewards.id, body.rewardId), eq(rewards.userId, userId)));
  if (!reward) throw notFound("You have no reward with that id");
  if (reward.isShared && reward.status === "verified") {
    throw new AppError("CONFLICT", "This share is already verified");
  }
  const image = body.proofImage
    ? await storeProofImage(deps.storage, "share-proofs", body.proofImage)
    : undefined;
  const [updated] = await deps.db
    .update(rewards)
    .set({
      isShared: true,
      sharedAt: now,
      sharedPlatform: body.platform,
      shareProofUrl: body.proofUrl ?? null,
      shareProofImageUrl: image?.url ?? null,
      shareProofStatus: "pending",
      shareProofNotes: null,
      verifiedBy: null,
      verifiedAt: null,
    })
    // Not over a verification that landed meanwhile.
    .where(and(eq(rewards.id, reward.id), eq(rewards.userId, userId), notVerified()))
    .returning({ id: rewards.id });
  if (!updated) throw new AppError("CONFLICT", "This share is already verified");
  return reward.id;
}

function notVerified() {
  return sql`not (${rewards.isShared} and ${rewards.shareProofStatus} = 'verified')`;
}

/** A share's proof as staff review it (modules/staff-review): verifying earns the share XP once. */
function reviewedShareProof(rewardId: number, shareXp: number): ReviewedItem<{ userId: number | null }> {
  return {
    kind: "share_proof",
    id: rewardId,
    ownItemRefusal: "You can't decide your own share proof",
    keptIn: { table: rewards, id: rewards.id, sender: rewards.userId },
    notFoundMessage: "No share proof with that id",
    async claim(tx, { status, reason, staffId, now }) {
      const [decided] = await tx
        .update(rewards)
        .set({ shareProofStatus: status, shareProofNotes: reason, verifiedBy: staffId, verifiedAt: now })
        .where(
          and(eq(rewards.id, rewardId), eq(rewards.isShared, true), eq(rewards.shareProofStatus, "pending")),
        )
        .returning({ userId: rewards.userId });
      return decided;
    },
    async whyUndecided(tx) {
      const [exists] = await tx
        .select({ isShared: rewards.isShared })
        .from(rewards)
        .where(eq(rewards.id, rewardId));
      if (!exists?.isShared) return notFound("No share proof with that id");
      return new AppError("CONFLICT", "This proof has already been decided");
    },
    rejectionDetails: (_decided, { reason }) => ({ kind: "share", rewardId, notes: reason }),
    async tellTheMember(tx, decided, { status, reason }, now) {
      const verified = status === "verified";
      if (verified && shareXp > 0) {
        await creditXp(
          tx,
          {
            userId: decided.userId,
            amount: shareXp,
            reason: "share",
            idempotencyKey: `share:reward:${rewardId}`,
            sourceType: "reward",
            sourceId: rewardId,
          },
          now,
        );
      }
      await notifyMember(
        tx,
        {
          userId: decided.userId,
          type: verified ? "share_verified" : "share_rejected",
          title: verified ? "Share verified" : "Share proof not accepted",
          message: verified
            ? {
                message: "Thanks for sharing! You earned {xp} XP, and it counts toward competitions.",
                values: { xp: shareXp },
              }
            : reason
              ? {
                  message: "We couldn't verify your share: {notes} You can send a new proof.",
                  values: { notes: reason },
                }
              : "We couldn't verify your share. You can send a new proof.",
          link: "/rewards",
          dedupeKey: `share:${rewardId}:${status}:${now.getTime()}`,
        },
        now,
      );
    },
  };
}

/** Staff decide a pending proof once (the shared review flow); a verified share earns the share XP once. */
export async function decideShareProof(
  deps: AppDeps,
  staff: { id: number; displayName: string },
  rewardId: number,
  body: ShareVerifyRequest,
) {
  const { xp_share: shareXp } = await readNumberSettings(deps.db, ["xp_share"]);
  const decision = { status: body.status, reason: body.staffNotes ?? null };
  await decideOnce(deps, staff, reviewedShareProof(rewardId, shareXp), decision);
}
